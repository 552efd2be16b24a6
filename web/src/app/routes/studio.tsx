import { PaidGate } from '../../features/billing/components/paid-gate';
import { StudioPage } from '../../features/studio/components/studio-page';

/** /studio and /dashboard (the dashboard shows the studio). */
export function StudioRoute() {
  return (
    <PaidGate>
      <StudioPage />
    </PaidGate>
  );
}
