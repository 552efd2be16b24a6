import { useState } from 'react';
import { ADMIN_VOICES_MESSAGES } from '@doublecast/common/voices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/use-online';
import { userMessage } from '../../../lib/user-message';
import { useAdminVoices, useSetFeatured } from '../api/admin-voices';

/** Featured Voices: which voices the public /voices page lists; counts, one switch each, bulk. */
export function FeaturedVoicesPanel() {
  const online = useOnline();
  const voices = useAdminVoices();
  const setFeatured = useSetFeatured();
  // Beside what failed: one voice's switch in its row, the bulk buttons under them.
  const [error, setError] = useState<{ voiceId: string | null; text: string } | null>(null);
  const list = voices.data?.voices ?? [];
  const featured = list.filter((v) => v.featured).length;

  const change = (voiceIds: string[], on: boolean, failure: string, voiceId: string | null) =>
    setFeatured.mutate(
      { voiceIds, featured: on },
      {
        onSuccess: () => setError(null),
        onError: () => setError({ voiceId, text: failure }),
      },
    );

  return (
    <section aria-labelledby="featured-voices-title" className="space-y-4">
      <h3 id="featured-voices-title" className="text-lg font-semibold text-white">
        Featured Voices
      </h3>
      <p className="text-sm text-zinc-400">
        Featured voices are the ones the public Voices page shows.
      </p>
      {voices.isPending ? (
        <p className="text-sm text-zinc-400">Loading voices...</p>
      ) : voices.isError ? (
        <Alert tone="error">{userMessage(voices.error, ADMIN_VOICES_MESSAGES.loadFailed)}</Alert>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3 sm:max-w-md">
            {[
              ['Featured', featured],
              ['Hidden', list.length - featured],
              ['Total', list.length],
            ].map(([term, n]) => (
              <div key={term} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-3">
                <dt className="text-xs uppercase tracking-wide text-zinc-400">{term}</dt>
                <dd className="text-2xl font-bold text-white">{n}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={!online || setFeatured.isPending || featured === list.length}
              onClick={() =>
                change(
                  list.map((v) => v.id),
                  true,
                  ADMIN_VOICES_MESSAGES.enabledFailed,
                  null,
                )
              }
            >
              Feature All
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!online || setFeatured.isPending || featured === 0}
              onClick={() =>
                change(
                  list.map((v) => v.id),
                  false,
                  ADMIN_VOICES_MESSAGES.enabledFailed,
                  null,
                )
              }
            >
              Unfeature All
            </Button>
          </div>
          {error && error.voiceId === null && <Alert tone="error">{error.text}</Alert>}
          <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((v) => (
              <li
                key={v.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-800 px-3 py-2"
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-white">{v.name}</span>
                  <span className="block text-xs text-zinc-400">
                    {v.featured ? 'Featured' : 'Hidden'}
                  </span>
                </span>
                <button
                  type="button"
                  role="switch"
                  aria-checked={v.featured}
                  aria-label={`Featured: ${v.name}`}
                  disabled={!online || setFeatured.isPending}
                  onClick={() =>
                    change([v.id], !v.featured, ADMIN_VOICES_MESSAGES.featuredFailed, v.id)
                  }
                  className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus:outline-none focus:ring-2 focus:ring-brand-400 disabled:opacity-60 ${
                    v.featured ? 'bg-brand-600' : 'bg-zinc-700'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute left-0 top-0.5 h-5 w-5 rounded-full bg-white transition-transform ${
                      v.featured ? 'translate-x-5' : 'translate-x-0.5'
                    }`}
                  />
                </button>
                {error?.voiceId === v.id && (
                  <p role="alert" className="basis-full text-xs text-red-300">
                    {error.text}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
