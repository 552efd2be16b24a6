import { formatUsd, type PlanConfig } from '@doublecast/common/plans';
import { useVoiceSummary, voicesClaim } from '../../../lib/voice-summary';
import { Icon } from './icon';
import { SectionHeading } from './section-heading';
import { useMonthlyPrice } from './use-monthly-price';

/** Native <details>/<summary> disclosures: keyboard and screen-reader support come built in. */
export function Faq({ config }: { config: PlanConfig }) {
  const price = useMonthlyPrice(config);
  const voices = useVoiceSummary();
  const items = [
    {
      q: 'What is an AI scene partner?',
      a: 'A voice that reads the other characters in your script out loud, so you can run lines, practise cues and record self-tapes without waiting for a reader.',
    },
    {
      q: 'How much does it cost?',
      a: `The AI scene partner is ${formatUsd(price)} per month, or ${formatUsd(config.annualPrice)} per year. Booking a human actor is priced per project by the actor.`,
    },
    {
      q: 'Can I cancel anytime?',
      a: 'Yes. Cancel from your account whenever you like; you keep access until the end of the period you have paid for.',
    },
    {
      q: 'Which voices can I use?',
      a: `${voicesClaim(voices)}: men, women and children across ages and accents. You can hear every one of them on the Voices page before you subscribe.`,
    },
    {
      q: 'Can I download my readings?',
      a: 'Every reading can be downloaded as an MP3, ready to play on set, in the car or in your self-tape software.',
    },
    {
      q: 'Is my script private?',
      a: 'Yes. Your scripts and readings are stored with your account, are visible only to you, and are never shared or sold.',
    },
  ];

  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl px-4 py-24 sm:px-6">
      <SectionHeading id="faq" eyebrow="FAQ" title="Frequently asked questions" />
      <div className="mt-12 divide-y divide-zinc-800 rounded-2xl border border-zinc-800 bg-zinc-900/50">
        {items.map((item) => (
          <details key={item.q} className="group px-6 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-medium text-white">
              <h3 className="text-base">{item.q}</h3>
              <Icon
                name="chevron"
                className="h-5 w-5 shrink-0 text-zinc-400 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="pb-5 leading-relaxed text-zinc-300">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
