import { Icon } from './icon';

/** Why Doublecast exists. */
export function AboutStory() {
  return (
    <section aria-labelledby="our-story" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">
            Our story
          </p>
          <h2
            id="our-story"
            className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            Built by actors who were tired of waiting for a reader
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-zinc-300">
            <p>
              Every actor knows the moment: the sides arrive at night, the audition is in the
              morning, and there is nobody around to read the other lines. Friends are asleep,
              coaches are booked, and reading both parts yourself never feels like a scene.
            </p>
            <p>
              Doublecast started as a rehearsal tool for exactly that moment. Paste a script, pick a
              voice for your scene partner, and run it as many times as you need. Today it helps
              actors and drama students learn lines, practise cues and record self-tapes, and it
              connects people who want to hire real actors with the performers they need.
            </p>
            <p>
              We believe technology should give actors more time on their craft, not replace it.
              That is why Doublecast offers both: human voices when a project calls for a performer,
              and digital doubles for everything in between.
            </p>
          </div>
        </div>
        <figure className="relative rounded-3xl border border-zinc-800 bg-linear-to-br from-brand-700/30 via-zinc-900 to-zinc-950 p-8 sm:p-10">
          <Icon name="quote" className="h-10 w-10 text-brand-400" />
          <blockquote className="mt-6 text-xl leading-relaxed font-medium text-white sm:text-2xl">
            The best rehearsal partner is the one who shows up every time you need them.
          </blockquote>
          <figcaption className="mt-6 text-sm text-zinc-400">
            The idea Doublecast is built on
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
