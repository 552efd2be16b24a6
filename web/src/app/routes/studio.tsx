import { PaidGate } from '../../features/billing/components/paid-gate';
import { usePrefetchStudio } from '../../features/studio/api/prefetch-studio';
import { StudioPage } from '../../features/studio/components/studio-page';

/** /studio and /dashboard (the dashboard shows the studio). */
export function StudioRoute() {
  usePrefetchStudio();
  return (
    <PaidGate>
      <StudioPage />
    </PaidGate>
  );
}
