import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { RehearsalState } from '../engine/run-state';

/**
 * The sticky bar under the scene: the status line, the timed pause or a beat, errors, notes and
 * the buttons, large enough to hit on a phone held at arm's length.
 */
export function TransportBar({
  state,
  statusText,
  canReveal,
  onStart,
  onContinue,
  onPause,
  onResume,
  onReveal,
}: {
  state: RehearsalState;
  statusText: string;
  canReveal: boolean;
  onStart: () => void;
  onContinue: () => void;
  onPause: () => void;
  onResume: () => void;
  onReveal: () => void;
}) {
  const { status, waitMs, beatMs, index, error, notice } = state;
  const bar = status === 'waiting' ? waitMs : status === 'playing' ? beatMs : null;
  return (
    <div className="sticky bottom-2 z-10 rounded-2xl border border-zinc-800 bg-zinc-900/95 p-3 shadow-2xl shadow-black/40 backdrop-blur sm:p-4">
      <p role="status" aria-live="polite" className="mb-3 text-sm text-zinc-300">
        {statusText}
      </p>
      {bar !== null && (
        <div className="mb-3 h-1 overflow-hidden rounded-full bg-zinc-800" aria-hidden="true">
          <div
            key={`${index}-${bar}`}
            className="h-full origin-left bg-brand-400"
            style={{ animation: `dc-pause ${bar}ms linear forwards` }}
          />
        </div>
      )}
      {error && (
        <Alert tone="error" className="mb-3">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert tone="info" className="mb-3">
          {notice}
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {status === 'ready' || status === 'done' ? (
          <Button size="lg" onClick={onStart} className="min-h-14 sm:min-h-0">
            {status === 'done' ? 'Run again' : 'Play scene'}
          </Button>
        ) : status === 'waiting' ? (
          <Button
            size="lg"
            onClick={onContinue}
            aria-keyshortcuts="Space Enter"
            className="col-span-2 min-h-16 sm:min-h-0 sm:min-w-40"
          >
            Continue
          </Button>
        ) : status === 'paused' ? (
          <Button size="lg" onClick={onResume} className="min-h-14 sm:min-h-0">
            Resume
          </Button>
        ) : (
          <Button size="lg" variant="secondary" onClick={onPause} className="min-h-14 sm:min-h-0">
            Pause
          </Button>
        )}
        {canReveal && (
          <Button size="lg" variant="secondary" onClick={onReveal} className="min-h-14 sm:min-h-0">
            Line?
          </Button>
        )}
        <Button size="lg" variant="ghost" onClick={onStart} className="min-h-14 sm:min-h-0">
          Restart
        </Button>
      </div>
    </div>
  );
}
