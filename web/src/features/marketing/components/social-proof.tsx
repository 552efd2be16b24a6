const stats = [
  { value: '10,000+', label: 'Active actors' },
  { value: '500,000+', label: 'Lines rehearsed' },
  { value: '15', label: 'Pro voices' },
  { value: '24/7', label: 'Always available' },
];

/** The marketing claims, as a row of figures. */
export function SocialProof({ label = 'Doublecast in numbers' }: { label?: string }) {
  return (
    <section aria-label={label} className="mx-auto max-w-6xl px-4 sm:px-6">
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-800 lg:grid-cols-4">
        {stats.map((s) => (
          <div
            key={s.label}
            className="flex flex-col-reverse bg-zinc-900/95 px-2 py-6 text-center sm:px-4 sm:py-8"
          >
            <dt className="mt-1 text-sm text-zinc-400">{s.label}</dt>
            <dd className="bg-linear-to-b from-white to-zinc-300 bg-clip-text text-2xl font-bold tracking-tight text-transparent sm:text-4xl">
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
