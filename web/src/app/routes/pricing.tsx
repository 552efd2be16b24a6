import { useSearchParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { PricingPlans } from '../../features/billing/components/pricing-plans';
import { usePlanConfig } from '../../features/plans/api/get-plans';
import { useNow } from '../../lib/use-now';

export function PricingRoute() {
  const [params] = useSearchParams();
  const config = usePlanConfig();
  const now = useNow(1000);
  const { user } = useSession();
  return (
    <PricingPlans config={config} now={now} isSignedIn={!!user} message={params.get('message')} />
  );
}
