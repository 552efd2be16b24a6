import { formatUsd, type PlanConfig } from '@doublecast/common/plans';
import { ButtonLink } from '../../../components/ui/button';
import { Icon } from './icon';
import { SectionHeading } from './section-heading';
import { useMonthlyPrice } from './use-monthly-price';

export function PricingSummary({ config }: { config: PlanConfig }) {
  const price = useMonthlyPrice(config);
  return (
    <section aria-labelledby="pricing-summary" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
      <SectionHeading
        id="pricing-summary"
        eyebrow="Simple pricing"
        title="Pay for what you use"
        lead="No contracts and no hidden fees. Cancel anytime."
      />
      <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-zinc-800 bg-zinc-900/70 p-8">
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-zinc-800 text-zinc-200">
            <Icon name="users" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-white">
            Book an Actor: custom per project
          </h3>
          <p className="mt-2 flex-1 text-sm leading-relaxed text-zinc-400">
            Every actor sets their own rate. Agree the scope, the takes and the price directly with
            the performer you choose.
          </p>
          <ButtonLink to="/contact" variant="secondary" className="mt-8">
            Ask about booking
          </ButtonLink>
        </article>
        <article className="relative flex flex-col overflow-hidden rounded-2xl border border-brand-500/50 bg-linear-to-b from-brand-600/15 to-zinc-900/80 p-8 shadow-2xl shadow-brand-700/20">
          <span className="absolute top-6 right-6 rounded-full bg-brand-500/20 px-3 py-1 text-xs font-semibold text-brand-300">
            Most popular
          </span>
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-500/20 text-brand-300">
            <Icon name="mic" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-white">
            AI support {formatUsd(price)} per month
          </h3>
          <p className="mt-2 flex-1 text-sm leading-relaxed text-zinc-300">
            Your AI scene partner with every voice, unlimited scripts and real-time streaming. Or
            pay yearly for {formatUsd(config.annualPrice)}.
          </p>
          <ButtonLink to="/pricing" className="mt-8">
            See plans
            <Icon name="arrow" className="h-4 w-4" />
          </ButtonLink>
        </article>
      </div>
    </section>
  );
}
