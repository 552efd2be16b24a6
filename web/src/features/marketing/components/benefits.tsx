import { PAID_MONTHLY_CHARACTERS } from '@doublecast/common/plans';
import { Icon, type IconName } from './icon';
import { SectionHeading } from './section-heading';

const benefits: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'text',
    title: `${PAID_MONTHLY_CHARACTERS.toLocaleString('en-US')} characters a month`,
    text: 'Enough for dozens of full scenes, sides and monologues every month.',
  },
  {
    icon: 'voices',
    title: '15+ voices',
    text: 'Men, women and children across ages and accents, each with its own character.',
  },
  {
    icon: 'upload',
    title: 'Unlimited script uploads',
    text: 'Keep every script, tag it, search it and come back to it any time.',
  },
  {
    icon: 'bolt',
    title: 'Real-time audio streaming',
    text: 'Playback starts while the reading is still being made, so you never wait on a cue.',
  },
  {
    icon: 'support',
    title: 'Priority support',
    text: 'Questions answered by people who know the product, within 24-48 hours.',
  },
];

export function Benefits() {
  return (
    <section aria-labelledby="benefits" className="border-y border-zinc-800/80 bg-zinc-900/30">
      <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
        <SectionHeading
          id="benefits"
          eyebrow="Everything included"
          title="Built for working actors"
          lead="One subscription covers everything you need to learn lines, run scenes and tape auditions."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map((b) => (
            <li key={b.title} className="rounded-2xl border border-zinc-800 bg-zinc-950/60 p-6">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
                <Icon name={b.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{b.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-zinc-400">{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
