import { Icon, type IconName } from './icon';
import { SectionHeading } from './section-heading';

const ways: { icon: IconName; title: string; lead: string; points: string[] }[] = [
  {
    icon: 'users',
    title: 'Book an Actor',
    lead: 'Work with a real performer when the scene needs a human touch.',
    points: [
      'Browse actor profiles and rates',
      'Book directly, no middleman',
      'Custom rates per project',
    ],
  },
  {
    icon: 'mic',
    title: 'AI Scene Partner',
    lead: 'Rehearse whenever inspiration strikes, with a partner who never gets tired.',
    points: [
      'Pick a voice for every part',
      'Paste or upload your script',
      'Hear your cues read back instantly',
    ],
  },
];

export function TwoWaysToWork() {
  return (
    <section aria-labelledby="two-ways" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
      <SectionHeading
        id="two-ways"
        eyebrow="Your rehearsal, your way"
        title="Two Ways to Work"
        lead="Pick the partner that fits the moment: a working actor for the audition that matters, or an AI scene partner for the late-night run-through."
      />
      <div className="mt-14 grid gap-6 md:grid-cols-2">
        {ways.map((w) => (
          <article
            key={w.title}
            className="group relative overflow-hidden rounded-2xl border border-zinc-800 bg-linear-to-b from-zinc-900 to-zinc-950 p-8 transition-colors hover:border-brand-500/40"
          >
            <div
              aria-hidden="true"
              className="absolute -top-24 -right-24 h-48 w-48 rounded-full bg-brand-600/10 blur-2xl transition-colors group-hover:bg-brand-600/20"
            />
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-500/30">
              <Icon name={w.icon} className="h-6 w-6" />
            </span>
            <h3 className="mt-6 text-xl font-semibold text-white">{w.title}</h3>
            <p className="mt-2 text-zinc-300">{w.lead}</p>
            <ul className="mt-6 space-y-3">
              {w.points.map((p) => (
                <li key={p} className="flex items-start gap-3 text-zinc-200">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" />
                  {p}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
