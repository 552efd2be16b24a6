import { useEffect, useRef } from 'react';
import { Button } from '../ui/button';

export interface Take {
  take: number;
  /** The audio to play, or null while it is made. */
  url: string | null;
}

/**
 * "Another take" and the takes side by side, a player and a keep button each (issue 35): the
 * rehearsal line's menu and the Studio each make the takes; this shows them. The newest take
 * plays once it is made.
 */
export function TakesPanel({
  label,
  takes,
  keptTake,
  busy,
  canAsk,
  status,
  error,
  playTake,
  onAnother,
  onKeep,
}: {
  /** The list's accessible name ("Takes of this line"). */
  label: string;
  takes: readonly Take[];
  keptTake: number;
  /** The take being made. */
  busy: number | null;
  canAsk: boolean;
  /** Said when no take is being made. */
  status: string;
  error: string | null;
  /** The take to play now (the one just made). */
  playTake: number | null;
  onAnother: () => void;
  onKeep: (take: number) => void;
}) {
  const players = useRef(new Map<number, HTMLAudioElement>());
  useEffect(() => {
    if (playTake === null) return;
    void players.current
      .get(playTake)
      ?.play()
      .catch(() => undefined);
  }, [playTake]);

  return (
    <section aria-label="Takes" className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="md" disabled={!canAsk} onClick={onAnother}>
          Another take
        </Button>
        <p role="status" className="text-sm text-zinc-400">
          {busy !== null ? `Making take ${busy}…` : status}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      {takes.length > 0 && (
        <ul aria-label={label} className="grid gap-2 sm:grid-cols-2">
          {takes.map((t) => {
            const kept = t.take === keptTake;
            return (
              <li
                key={t.take}
                className={`space-y-2 rounded-lg border p-2 ${kept ? 'border-brand-400' : 'border-zinc-700'}`}
              >
                <p className="text-sm font-semibold text-zinc-200">
                  Take {t.take}
                  {kept && <span className="font-normal text-brand-300"> (kept)</span>}
                </p>
                {t.url ? (
                  <audio
                    ref={(el) => {
                      if (el) players.current.set(t.take, el);
                      else players.current.delete(t.take);
                    }}
                    controls
                    src={t.url}
                    aria-label={`Take ${t.take}`}
                    className="w-full"
                  />
                ) : (
                  <p className="h-10 text-sm text-zinc-500">Making it…</p>
                )}
                <Button
                  variant={kept ? 'ghost' : 'secondary'}
                  size="sm"
                  aria-pressed={kept}
                  disabled={!t.url}
                  onClick={() => onKeep(t.take)}
                >
                  {kept ? `Take ${t.take} kept` : `Keep take ${t.take}`}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
