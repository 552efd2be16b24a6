import { Navigate, useSearchParams } from 'react-router';
import { SubscribeSuccess } from '../../features/billing/components/subscribe-success';
import { usePlanConfig } from '../../features/plans/api/get-plans';

export function SubscribeSuccessRoute() {
  const [params] = useSearchParams();
  const config = usePlanConfig();
  const sessionId = params.get('session_id');
  if (!sessionId) return <Navigate to="/" replace />;
  return <SubscribeSuccess sessionId={sessionId} config={config} />;
}
