import { useVoiceSummary, voicesClaim } from '../../../lib/voice-summary';
import { Icon, type IconName } from './icon';
import { SectionHeading } from './section-heading';

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'voices',
    title: 'A cast of voices',
    text: 'Men, women and children in a range of ages and accents.',
  },
  {
    icon: 'script',
    title: 'Your scripts, organised',
    text: 'Save every script with tags, search across them, and archive what you have finished.',
  },
  {
    icon: 'bolt',
    title: 'Instant readings',
    text: 'Audio streams as it is made, so you hear the first line in moments.',
  },
  {
    icon: 'download',
    title: 'Take it anywhere',
    text: 'Download any reading as an MP3 for the car, the gym or your self-tape setup.',
  },
  {
    icon: 'users',
    title: 'Real actors on call',
    text: 'Browse performers and book them directly when the role needs a human voice.',
  },
  {
    icon: 'shield',
    title: 'Private by design',
    text: 'Your scripts and recordings belong to you and are never shared or sold.',
  },
];

export function AboutFeatures() {
  // The real count, and "natural" only when such voices are installed.
  const claim = voicesClaim(useVoiceSummary());
  return (
    <section aria-labelledby="what-we-offer" className="border-y border-zinc-800/80 bg-zinc-900/30">
      <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
        <SectionHeading
          id="what-we-offer"
          eyebrow="What we offer"
          title="Everything between the callback and the stage"
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="rounded-2xl border border-zinc-800 bg-zinc-950/60 p-6">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
                <Icon name={f.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-zinc-400">
                {f.icon === 'voices'
                  ? `${claim}: ${f.text.charAt(0).toLowerCase()}${f.text.slice(1)}`
                  : f.text}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
