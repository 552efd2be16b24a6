import { ButtonLink } from '../../../components/ui/button';
import { Icon } from './icon';
import { SOCIAL_LINKS, SUPPORT_EMAIL } from './marketing-links';

export function AboutCta() {
  return (
    <section aria-labelledby="join-us" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
      <div className="relative isolate overflow-hidden rounded-3xl border border-brand-500/30 bg-linear-to-br from-brand-700/40 via-zinc-900 to-zinc-950 px-6 py-16 text-center sm:px-16">
        <h2 id="join-us" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Join the cast
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-zinc-300">
          Create your account in a minute and hear your first scene read back today.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/sign-up" size="lg">
            Create your account
            <Icon name="arrow" className="h-4 w-4" />
          </ButtonLink>
          <ButtonLink to="/voices" variant="secondary" size="lg">
            Explore voices
          </ButtonLink>
        </div>
        <div className="mt-12 border-t border-zinc-800 pt-8">
          <p className="text-sm text-zinc-400">
            Questions? Write to{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-brand-300 underline-offset-4 hover:underline"
            >
              {SUPPORT_EMAIL}
            </a>
          </p>
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex rounded-full border border-zinc-700 px-4 py-1.5 text-sm text-zinc-300 hover:border-zinc-500 hover:text-white"
                >
                  {s.short}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
