import { useSearchParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { PricingPlans } from '../../features/billing/components/pricing-plans';
import { usePlanConfig } from '../../features/plans/api/get-plans';
import { useHydrated } from '../../lib/use-hydrated';
import { useNow } from '../../lib/use-now';

export function PricingRoute() {
  const [params] = useSearchParams();
  const config = usePlanConfig();
  const now = useNow(1000);
  const { user, isLoading } = useSession();
  // The build renders /pricing without a query: its banner comes after hydration.
  const message = useHydrated() ? params.get('message') : null;
  return (
    <PricingPlans
      config={config}
      now={now}
      isSignedIn={isLoading ? null : !!user}
      message={message}
    />
  );
}
