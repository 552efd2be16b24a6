import { Button } from '../../../components/ui/button';
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
}: {
  canRead: boolean;
  canStop: boolean;
  canReplay: boolean;
  canDownload: boolean;
  onRead: () => void;
  onStop: () => void;
  onReplay: () => void;
  onDownload: () => void;
}) {
  return (
    <StudioStep n={3} title="Generate" id="step-generate">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button size="lg" onClick={onRead} disabled={!canRead}>
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
    </StudioStep>
  );
}
