import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { RehearsalState } from './rehearsal-state';

/** The sticky bar under the scene: the status line, the timed pause, errors and the buttons. */
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
  const { status, waitMs, index, error } = state;
  return (
    <div className="sticky bottom-2 z-10 rounded-2xl border border-zinc-800 bg-zinc-900/95 p-3 shadow-2xl shadow-black/40 backdrop-blur sm:p-4">
      <p role="status" aria-live="polite" className="mb-3 text-sm text-zinc-300">
        {statusText}
      </p>
      {waitMs !== null && status === 'waiting' && (
        <div className="mb-3 h-1 overflow-hidden rounded-full bg-zinc-800" aria-hidden="true">
          <div
            key={`${index}-${waitMs}`}
            className="h-full origin-left bg-brand-400"
            style={{ animation: `dc-pause ${waitMs}ms linear forwards` }}
          />
        </div>
      )}
      {error && (
        <Alert tone="error" className="mb-3">
          {error}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {status === 'ready' || status === 'done' ? (
          <Button size="lg" onClick={onStart}>
            {status === 'done' ? 'Run again' : 'Play scene'}
          </Button>
        ) : status === 'waiting' ? (
          <Button size="lg" onClick={onContinue} aria-keyshortcuts="Space" className="min-w-40">
            Continue
          </Button>
        ) : status === 'paused' ? (
          <Button size="lg" onClick={onResume}>
            Resume
          </Button>
        ) : (
          <Button size="lg" variant="secondary" onClick={onPause}>
            Pause
          </Button>
        )}
        {canReveal && (
          <Button size="lg" variant="secondary" onClick={onReveal}>
            Line?
          </Button>
        )}
        <Button size="lg" variant="ghost" onClick={onStart}>
          Restart
        </Button>
      </div>
    </div>
  );
}
