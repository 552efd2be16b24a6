import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Voice } from '@doublecast/common/voices';
import { Button } from '../../../components/ui/button';

export type StudioFilter = 'all' | 'men' | 'women' | 'children';

const FILTERS: { key: StudioFilter; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'men', label: 'Men' },
  { key: 'women', label: 'Women' },
  { key: 'children', label: 'Children' },
];

/** The Studio's grouping: young or child age counts as children (docs/glossary.md#children-rule), else gender. */
export function studioGroupOf(voice: Voice): Exclude<StudioFilter, 'all'> {
  const age = voice.labels.age?.toLowerCase() ?? '';
  if (age === 'young' || age === 'child' || voice.category === 'children') return 'children';
  if (voice.labels.gender === 'male') return 'men';
  if (voice.labels.gender === 'female') return 'women';
  return voice.category;
}

export function filterVoices(voices: Voice[], filter: StudioFilter, search: string): Voice[] {
  const q = search.trim().toLowerCase();
  return voices.filter((v) => {
    if (filter !== 'all' && studioGroupOf(v) !== filter) return false;
    if (!q) return true;
    return [
      v.name,
      v.description ?? '',
      v.labels.accent ?? '',
      v.labels.age ?? '',
      ...v.bestFor,
    ].some((s) => s.toLowerCase().includes(q));
  });
}

const PREVIEW_FAILED = 'Unable to play voice preview. Please try again.';

/** One voice preview at a time in the picker; pressing again (or another) stops it. */
function useVoicePreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () => () => {
      audioRef.current?.pause();
    },
    [],
  );
  const toggle = (voice: Voice) => {
    const audio = (audioRef.current ??= new Audio());
    audio.pause();
    setError(null);
    if (playingId === voice.id) return setPlayingId(null);
    audio.src = voice.previewUrl;
    audio.onended = () => setPlayingId(null);
    audio.onerror = () => {
      setPlayingId(null);
      setError(PREVIEW_FAILED);
    };
    setPlayingId(voice.id);
    audio.play().catch((e: unknown) => {
      if ((e as { name?: string }).name === 'AbortError') return;
      setPlayingId(null);
      setError(PREVIEW_FAILED);
    });
  };
  return { playingId, error, toggle };
}

function tags(voice: Voice): string[] {
  return [voice.labels.gender, voice.labels.age, voice.labels.accent].filter(
    (t): t is string => !!t,
  );
}

/**
 * The voice list with its filters and search. `voices` null: the list is still loading, drawn
 * as the same controls (disabled) over an empty list as tall as a full one, so nothing below
 * moves when the voices arrive (CLS, decision 238).
 */
export function VoicePicker({
  voices,
  favorites,
  recent,
  onChoose,
  onToggleFavorite,
}: {
  voices: Voice[] | null;
  favorites: string[];
  recent: string[];
  onChoose: (voice: Voice) => void;
  onToggleFavorite: (voice: Voice) => void;
}) {
  const [filter, setFilter] = useState<StudioFilter>('all');
  const preview = useVoicePreview();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    const list = filterVoices(voices ?? [], filter, search);
    // Favourites first, then recent voices, then the catalogue order.
    const rank = (v: Voice) => (favorites.includes(v.id) ? 0 : recent.includes(v.id) ? 1 : 2);
    return [...list].sort((a, b) => rank(a) - rank(b));
  }, [voices, filter, search, favorites, recent]);

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div role="group" aria-label="Filter voices" className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <button
              key={f.key}
              type="button"
              aria-pressed={filter === f.key}
              disabled={!voices}
              onClick={() => setFilter(f.key)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium transition-colors sm:px-4 ${
                filter === f.key
                  ? 'border-brand-400 bg-brand-600 text-white'
                  : 'border-zinc-700 bg-zinc-900 text-zinc-300 hover:border-zinc-500 hover:text-white'
              }`}
            >
              {f.label}
            </button>
          ))}
        </div>
        <div className="sm:w-64">
          <label htmlFor={searchId} className="sr-only">
            Search voices
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            disabled={!voices}
            placeholder="Search voices..."
            className="block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3.5 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
          />
        </div>
      </div>
      {preview.error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-300">
          {preview.error}
        </p>
      )}
      {!voices ? (
        <p role="status" className="mt-4 h-[26rem] text-sm text-zinc-400">
          Loading voices...
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-sm text-zinc-400">No voices match your search.</p>
      ) : (
        <ul
          className="mt-4 grid max-h-[26rem] grid-cols-1 gap-3 overflow-y-auto pr-1 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Voices"
        >
          {shown.map((v) => {
            const favorite = favorites.includes(v.id);
            return (
              <li key={v.id} className="relative">
                <button
                  type="button"
                  onClick={() => onChoose(v)}
                  aria-label={`Choose ${v.name}`}
                  className="flex h-full w-full items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-950/60 p-3 pb-8 pr-10 text-left transition-colors hover:border-brand-500/60 hover:bg-zinc-900"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700/40 text-base font-semibold text-brand-300"
                  >
                    {v.name.charAt(0)}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-white">{v.name}</span>
                    <span className="mt-0.5 block text-xs capitalize text-zinc-400">
                      {tags(v).join(' · ')}
                    </span>
                    {recent.includes(v.id) && (
                      <span className="mt-1 inline-block rounded bg-zinc-800 px-1.5 py-0.5 text-[11px] text-zinc-300">
                        Recent
                      </span>
                    )}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => preview.toggle(v)}
                  aria-label={
                    preview.playingId === v.id
                      ? `Stop the preview of ${v.name}`
                      : `Preview ${v.name}`
                  }
                  className="absolute bottom-2 right-2 rounded-md px-2 py-1 text-xs font-medium text-brand-300 hover:bg-zinc-800 hover:text-white"
                >
                  {preview.playingId === v.id ? 'Stop' : 'Preview'}
                </button>
                <button
                  type="button"
                  aria-pressed={favorite}
                  aria-label={
                    favorite ? `Remove ${v.name} from favourites` : `Add ${v.name} to favourites`
                  }
                  onClick={() => onToggleFavorite(v)}
                  className={`absolute right-2 top-2 rounded-md p-1.5 text-lg leading-none ${favorite ? 'text-amber-300' : 'text-zinc-500 hover:text-zinc-200'}`}
                >
                  <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function ChosenVoice({
  voice,
  isDefault,
  onChange,
  onMakeDefault,
}: {
  voice: Voice;
  isDefault: boolean;
  onChange: () => void;
  onMakeDefault: () => void;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-brand-500/40 bg-brand-700/10 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-semibold text-white"
        >
          {voice.name.charAt(0)}
        </span>
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-brand-300">Your reader</p>
          <p className="truncate text-lg font-semibold text-white">{voice.name}</p>
          <p className="text-xs capitalize text-zinc-400">{tags(voice).join(' · ')}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={onMakeDefault} disabled={isDefault}>
          {isDefault ? 'Default voice' : 'Make default'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onChange}>
          Change Reader
        </Button>
      </div>
    </div>
  );
}
