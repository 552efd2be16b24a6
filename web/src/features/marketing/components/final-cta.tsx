import type { PlanConfig } from '@doublecast/common/plans';
import { ButtonLink } from '../../../components/ui/button';
import { GetStartedLink } from './get-started-link';

export function FinalCta({ config }: { config: PlanConfig }) {
  return (
    <section aria-labelledby="final-cta" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
      <div className="relative isolate overflow-hidden rounded-3xl border border-brand-500/30 bg-linear-to-br from-brand-700/40 via-zinc-900 to-zinc-950 px-6 py-16 text-center sm:px-16">
        <div
          aria-hidden="true"
          className="absolute -top-32 left-1/2 -z-10 h-64 w-[40rem] -translate-x-1/2 rounded-full bg-brand-500/20 blur-3xl"
        />
        <h2 id="final-cta" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Your next scene starts now
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-zinc-300">
          Join thousands of actors who rehearse smarter. Set up in a minute, cancel anytime.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <GetStartedLink config={config} />
          <ButtonLink to="/voices" variant="secondary" size="lg">
            Browse voices
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
