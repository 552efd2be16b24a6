import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { TestCheckoutPage } from '../../features/billing/components/test-checkout-page';

/** The built-in test-mode checkout (/checkout/test?session_id=...), used when Stripe is not configured. */
export function CheckoutTestRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  if (!sessionId) return <Navigate to="/pricing" replace />;
  return (
    <TestCheckoutPage
      sessionId={sessionId}
      onDone={(url) => {
        const target = new URL(url, window.location.origin);
        if (target.origin === window.location.origin)
          void navigate(target.pathname + target.search);
        else window.location.assign(target.toString());
      }}
    />
  );
}
