import { Link } from 'react-router';
import type { Voice } from '@doublecast/common/voices';
import {
  truncateDescription,
  VOICE_BEST_FOR_SHOWN,
  VOICE_ENGINE_LABELS,
} from '@doublecast/common/voices-texts';
import { buttonClass } from '../../../components/ui/button';

const avatarTones = {
  men: 'from-brand-600 to-brand-800',
  women: 'from-fuchsia-500 to-brand-700',
  children: 'from-amber-400 to-brand-600',
} as const;

export function VoiceCard({
  voice,
  isPlaying,
  wasPreviewed,
  tryHref,
  onPreview,
}: {
  voice: Voice;
  isPlaying: boolean;
  wasPreviewed: boolean;
  tryHref: string;
  onPreview: () => void;
}) {
  const tags = [voice.labels.accent, voice.labels.age, voice.labels.gender].filter(
    (t): t is string => !!t,
  );
  const headingId = `voice-${voice.id}-name`;
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border bg-zinc-900/70 p-5 transition-colors ${
        isPlaying
          ? 'border-brand-400 shadow-lg shadow-brand-700/20'
          : 'border-zinc-800 hover:border-zinc-700'
      }`}
    >
      <div className="flex items-start gap-4">
        <div
          aria-hidden="true"
          className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-lg font-bold text-white ${avatarTones[voice.category]}`}
        >
          {voice.name.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold text-white">
            {voice.name}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Voice details">
            <li className="rounded-full border border-zinc-700 px-2 py-0.5 text-xs text-zinc-300">
              <span className="sr-only">Engine: </span>
              {VOICE_ENGINE_LABELS[voice.engine]}
            </li>
            {tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-zinc-800 px-2 py-0.5 text-xs capitalize text-zinc-300"
              >
                {tag}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="mt-4 text-sm leading-relaxed text-zinc-300">
        {truncateDescription(voice.description)}
      </p>
      {voice.bestFor.length > 0 && (
        <div className="mt-4">
          <p className="text-xs font-medium uppercase tracking-wide text-zinc-400">Best for</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {voice.bestFor.slice(0, VOICE_BEST_FOR_SHOWN).map((tag) => (
              <li
                key={tag}
                className="rounded-md border border-brand-500/30 bg-brand-500/10 px-2 py-0.5 text-xs capitalize text-brand-300"
              >
                {tag}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <button
          type="button"
          onClick={onPreview}
          disabled={isPlaying}
          aria-label={`${isPlaying ? 'Playing...' : 'Preview Voice'}, ${voice.name}`}
          className={`${buttonClass('secondary', 'sm')} flex-1 basis-36 whitespace-nowrap`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
            {isPlaying ? (
              <path d="M3 10v4h4l5 4V6L7 10H3zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z" />
            ) : (
              <path d="M8 5v14l11-7z" />
            )}
          </svg>
          {isPlaying ? 'Playing...' : 'Preview Voice'}
        </button>
        {wasPreviewed && (
          <Link
            to={tryHref}
            className={`${buttonClass('primary', 'sm')} flex-1 basis-36 whitespace-nowrap`}
            aria-label={`Try in Studio with ${voice.name}`}
          >
            Try in Studio
          </Link>
        )}
      </div>
    </li>
  );
}
