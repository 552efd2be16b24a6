import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Shared layout of the static policy pages: title, last-updated line, contents, sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-16 pb-24 sm:px-6 sm:pt-20">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">Legal</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 text-sm text-zinc-400">Last updated January 2025</p>
        <div className="mt-6 text-lg leading-relaxed text-zinc-300">{intro}</div>
      </header>
      <div className="mt-12 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-widest text-zinc-500">
            On this page
          </p>
          <ol className="mt-3 space-y-2 border-l border-zinc-800 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l border-transparent pl-4 text-zinc-400 hover:border-brand-400 hover:text-white"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((s, i) => (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${s.id}-title`} className="text-2xl font-bold tracking-tight text-white">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-zinc-300 [&_a]:font-medium [&_a]:text-brand-300 [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:pl-1 [&_strong]:text-white [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-brand-400">
                {s.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
