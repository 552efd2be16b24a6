import { useEffect, useMemo, useRef, useState } from 'react';
import {
  isAutoplayVoice,
  matchesVoiceSearch,
  PREVIEW_AUTOPLAY_DELAY_MS,
  VOICE_CATEGORIES,
  VOICE_CATEGORY_LABELS,
  type VoiceCategory,
} from '@doublecast/common/voices-texts';
import { Button } from '../../../components/ui/button';
import { useFeaturedVoices, voicesLoadErrorMessage } from '../api/get-featured-voices';
import { useVoicePreview } from './use-voice-preview';
import { VoiceCard } from './voice-card';

/** "Try in Studio": straight there when signed in, else through sign-in. */
export function tryInStudioHref(voiceId: string, signedIn: boolean): string {
  const id = encodeURIComponent(voiceId);
  return signedIn ? `/studio?voice=${id}` : `/signin?redirect=/studio&voice=${id}`;
}

export function VoiceCatalogue({
  signedIn,
  autoplay,
}: {
  signedIn: boolean;
  autoplay: string | null;
}) {
  const query = useFeaturedVoices();
  const voices = useMemo(() => query.data ?? [], [query.data]);
  const [category, setCategory] = useState<VoiceCategory | null>(null);
  const [search, setSearch] = useState('');
  const { audioRef, playingId, previewed, error: previewError, preview } = useVoicePreview();
  const autoplayed = useRef(false);

  const counts = useMemo(() => {
    const c: Record<VoiceCategory, number> = { men: 0, women: 0, children: 0 };
    for (const v of voices) c[v.category]++;
    return c;
  }, [voices]);

  const shown = useMemo(
    () =>
      voices.filter(
        (v) =>
          (!category || v.category === category) && (!category || matchesVoiceSearch(v, search)),
      ),
    [voices, category, search],
  );

  // /voices?autoplay=tom (the home page's "Hear Sample"): Men, then Tom's preview after 500 ms.
  useEffect(() => {
    if (autoplay !== 'tom' || autoplayed.current || voices.length === 0) return;
    autoplayed.current = true;
    setCategory('men');
    const tom =
      voices.find((v) => v.category === 'men' && isAutoplayVoice(v.name)) ??
      voices.find((v) => isAutoplayVoice(v.name));
    if (!tom) return;
    const timer = setTimeout(() => preview(tom), PREVIEW_AUTOPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoplay, voices, preview]);

  const clearFilters = () => {
    setCategory(null);
    setSearch('');
  };

  return (
    <div>
      <header className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">
          Choose Your Voice
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-zinc-400">
          Preview every voice, then take your favourite into the Studio as your scene partner.
        </p>
      </header>

      {query.isPending && (
        <p role="status" className="mt-12 text-center text-zinc-400">
          Loading voices...
        </p>
      )}

      {query.isError && (
        <div
          role="alert"
          className="mx-auto mt-12 max-w-lg rounded-2xl border border-red-500/40 bg-red-500/10 p-6 text-center"
        >
          <p className="text-red-200">{voicesLoadErrorMessage(query.error)}</p>
          <Button className="mt-4" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try Again
          </Button>
        </div>
      )}

      {query.isSuccess && (
        <>
          <div
            role="group"
            aria-label="Voice categories"
            className="mt-10 grid grid-cols-3 gap-2 sm:flex sm:justify-center sm:gap-3"
          >
            {VOICE_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(category === c ? null : c)}
                className={`whitespace-nowrap rounded-xl border px-2 py-3 text-xs font-semibold tracking-wide sm:min-w-28 sm:px-5 sm:text-sm transition-colors ${
                  category === c
                    ? 'border-brand-400 bg-brand-600 text-white shadow-lg shadow-brand-700/30'
                    : 'border-zinc-700 bg-zinc-900 text-zinc-200 hover:border-zinc-500'
                }`}
              >
                {VOICE_CATEGORY_LABELS[c]}{' '}
                <span className="ml-1 font-normal opacity-80">({counts[c]})</span>
              </button>
            ))}
          </div>

          {category && (
            <div className="mx-auto mt-6 max-w-md">
              <label htmlFor="voice-search" className="sr-only">
                Search voices
              </label>
              <input
                id="voice-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Search by name, accent or style"
                className="w-full rounded-xl border border-zinc-700 bg-zinc-900 px-4 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
              />
            </div>
          )}

          {previewError && (
            <p
              role="alert"
              className="mx-auto mt-6 max-w-lg rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-center text-sm text-red-200"
            >
              {previewError}
            </p>
          )}

          <p role="status" className="sr-only">
            {playingId
              ? `Playing ${voices.find((v) => v.id === playingId)?.name ?? ''}`
              : `${shown.length} voices shown`}
          </p>

          {shown.length === 0 ? (
            <div className="mt-12 text-center">
              <p className="text-zinc-400">No voices match your filters.</p>
              <Button variant="secondary" className="mt-4" onClick={clearFilters}>
                Clear All Filters
              </Button>
            </div>
          ) : (
            <ul aria-label="Voices" className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((v) => (
                <VoiceCard
                  key={v.id}
                  voice={v}
                  isPlaying={playingId === v.id}
                  wasPreviewed={previewed.has(v.id)}
                  tryHref={tryInStudioHref(v.id, signedIn)}
                  onPreview={() => preview(v)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <audio ref={audioRef} preload="none" className="hidden" data-testid="voice-preview-audio" />
    </div>
  );
}
