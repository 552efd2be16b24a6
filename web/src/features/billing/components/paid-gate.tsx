import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSubscription } from '../api/get-subscription';
import { usePendingPlan } from '../pending-plan';

/**
 * Shows its children to paid users only (docs/glossary.md#tiers): a free user goes to
 * /pricing?message=subscription_required, and a failed check to
 * /pricing?message=subscription_error. The server refuses paid operations on its own; this only
 * keeps free users off a page they cannot use. While a plan chosen before sign-in is being
 * taken to checkout, it waits instead of sending the user to the pricing page.
 */
export function PaidGate({ children }: { children: ReactNode }) {
  const subscription = useSubscription();
  const pendingPlan = usePendingPlan();
  if (subscription.isPending) return <PageSpinner label="Checking your subscription..." />;
  if (subscription.isError) return <Navigate to="/pricing?message=subscription_error" replace />;
  if (subscription.data.tier === 'paid') return children;
  if (pendingPlan) return <PageSpinner label="Starting checkout..." />;
  return <Navigate to="/pricing?message=subscription_required" replace />;
}
