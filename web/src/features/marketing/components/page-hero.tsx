import type { ReactNode } from 'react';

/** The opening band of an inner public page: eyebrow, the page's <h1>, and a lead. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-56 left-1/2 -z-10 h-[28rem] w-[48rem] max-w-[150vw] -translate-x-1/2 rounded-full bg-brand-600/20 blur-3xl"
      />
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24 sm:pb-16">
        {eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
          {title}
        </h1>
        {lead && (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-zinc-300">
            {lead}
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
