import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from './field-message';
import { StudioStep } from './studio-step';

/** Step 3: make the reading, stop it, hear it again, download it. */
export function ReadStep({
  canRead,
  canStop,
  canReplay,
  canDownload,
  onRead,
  onStop,
  onReplay,
  onDownload,
  error,
  usage,
  direction,
}: {
  canRead: boolean;
  canStop: boolean;
  canReplay: boolean;
  canDownload: boolean;
  onRead: () => void;
  onStop: () => void;
  onReplay: () => void;
  onDownload: () => void;
  /** A refused or failed reading (over the limit, engine down), shown under the button. */
  error: string | null;
  /** This month's allowance, beside the button that spends it. */
  usage?: ReactNode;
  /** The note on how to say it, above the button that uses it. */
  direction?: ReactNode;
}) {
  return (
    <StudioStep n={3} title="Generate" id="step-generate">
      {direction}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          size="lg"
          onClick={onRead}
          disabled={!canRead}
          aria-describedby={error ? 'generate-error' : undefined}
        >
          Generate Voice Reading
        </Button>
        <Button variant="secondary" size="lg" onClick={onStop} disabled={!canStop}>
          Stop Playback
        </Button>
        <Button variant="secondary" size="lg" onClick={onReplay} disabled={!canReplay}>
          Play Again
        </Button>
        <Button variant="secondary" size="lg" onClick={onDownload} disabled={!canDownload}>
          Download
        </Button>
      </div>
      <FieldMessage id="generate-error" message={error} />
      {usage && <div className="mt-4">{usage}</div>}
    </StudioStep>
  );
}
