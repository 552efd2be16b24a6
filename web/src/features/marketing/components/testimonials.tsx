import { SectionHeading } from './section-heading';

const testimonials = [
  {
    quote:
      'I used to record my sides with my phone propped on a bookshelf and nobody to read with. Now I run the scene ten times before I tape it.',
    name: 'Maya R.',
    role: 'Stage and screen actor',
  },
  {
    quote:
      'Our drama students rehearse between classes with a scene partner that never gets tired. Their cue pickup has improved noticeably.',
    name: 'David K.',
    role: 'Drama teacher',
  },
  {
    quote:
      'For the big audition I booked a real actor; for everything else the AI partner does the job. Having both in one place is the point.',
    name: 'Priya S.',
    role: 'Voice actor',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
      <SectionHeading id="testimonials" eyebrow="Testimonials" title="Loved by actors" />
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-2xl border border-zinc-800 bg-zinc-900/70 p-6">
              <p aria-hidden="true" className="text-amber-300">
                ★★★★★
              </p>
              <blockquote className="mt-4 flex-1 leading-relaxed text-zinc-200">
                “{t.quote}”
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-linear-to-br from-brand-500 to-fuchsia-500 text-sm font-bold text-white"
                >
                  {t.name.charAt(0)}
                </span>
                <span>
                  <span className="block font-semibold text-white">{t.name}</span>
                  <span className="block text-sm text-zinc-400">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
