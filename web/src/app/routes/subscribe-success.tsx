import { Navigate, useSearchParams } from 'react-router';
import { SubscribeSuccess } from '../../features/billing/components/subscribe-success';

export function SubscribeSuccessRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  if (!sessionId) return <Navigate to="/" replace />;
  return <SubscribeSuccess sessionId={sessionId} />;
}
