import type { PlanConfig } from '@doublecast/common/plans';
import { ButtonLink } from '../../../components/ui/button';
import { GetStartedLink } from './get-started-link';
import { Icon } from './icon';
import { LaunchCountdown } from './launch-countdown';
import { useVoiceSummary } from '../../../lib/voice-summary';

export function HomeHero({ config }: { config: PlanConfig }) {
  // "Natural" only when natural voices are installed (decisions: natural voices come first).
  const natural = (useVoiceSummary()?.natural ?? 0) > 0;
  return (
    <section aria-labelledby="home-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-48 left-1/2 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-brand-600/25 blur-3xl" />
        <div className="absolute top-40 -right-40 h-80 w-80 rounded-full bg-fuchsia-500/10 blur-3xl" />
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.06)_1px,transparent_0)] [background-size:28px_28px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
      </div>
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-500/30 bg-brand-500/10 px-4 py-1.5 text-sm font-medium text-brand-300">
          <Icon name="sparkles" className="h-4 w-4" />
          Hire Actors. Harness AI
        </p>
        <h1
          id="home-title"
          className="mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl"
        >
          Book Human Voices or{' '}
          <span className="bg-linear-to-r from-brand-300 via-fuchsia-300 to-brand-400 bg-clip-text text-transparent">
            Digital Doubles
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-zinc-300 sm:text-xl">
          Rehearse any scene with {natural ? 'a natural-sounding' : 'an'} AI scene partner, record
          self-tapes on your schedule, and hear your lines read back in the voice you choose.
        </p>
        <div className="mt-10 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          <GetStartedLink config={config} />
          <ButtonLink to="/voices?autoplay=tom" variant="secondary" size="lg">
            <Icon name="play" className="h-4 w-4 fill-current" />
            Hear Sample
          </ButtonLink>
        </div>
        <div className="mt-10 flex w-full justify-center">
          <LaunchCountdown config={config} />
        </div>
      </div>
    </section>
  );
}
