import type { ReactNode } from 'react';

/** One numbered step of the Studio, a section named by its heading. */
export function StudioStep({
  n,
  title,
  children,
  id,
}: {
  n: number;
  title: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 sm:p-6"
    >
      <h2 id={id} className="mb-4 flex items-center gap-3 text-lg font-semibold text-white">
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm"
        >
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
