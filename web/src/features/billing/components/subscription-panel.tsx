import { useState } from 'react';
import { Link } from 'react-router';
import {
  CHECKOUT_ERRORS,
  formatBillingDate,
  type SubscriptionStatusResponse,
} from '@doublecast/common/billing';
import { userMessage } from '../../../lib/user-message';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';

const PLAN_NAMES: Record<string, string> = { monthly: 'Monthly plan', annual: 'Annual plan' };

/** The account page's subscription section: plan, renewal or end date, and how to manage it. */
export function SubscriptionPanel() {
  const subscription = useSubscription();
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-xl border border-zinc-800 bg-zinc-900 p-6"
    >
      <h2 id="subscription-heading" className="text-lg font-semibold">
        Subscription
      </h2>
      {subscription.isPending && (
        <p role="status" className="mt-3 text-zinc-400">
          Loading subscription...
        </p>
      )}
      {subscription.isError && (
        <p role="alert" className="mt-3 text-red-300">
          There was an error checking your subscription. Please try again.
        </p>
      )}
      {subscription.data && <Details data={subscription.data} />}
    </section>
  );
}

function Details({ data }: { data: SubscriptionStatusResponse }) {
  const portal = useOpenBillingPortal();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const planName = data.tier === 'paid' ? (PLAN_NAMES[data.plan] ?? 'Paid plan') : 'Free plan';
  const date = data.periodEnd ? formatBillingDate(data.periodEnd) : null;
  let when: string | null = null;
  if (data.overrideActive)
    when = date
      ? `Access granted by an administrator until ${date}`
      : 'Access granted by an administrator';
  else if (data.tier === 'paid' && date)
    when = data.endsAtPeriodEnd
      ? `Ends on ${date}`
      : data.status === 'past_due'
        ? `Payment is past due. Access continues until ${date} while it is retried.`
        : `Renews on ${date}`;
  else if (data.status === 'canceled' && date) when = `Ended on ${date}`;

  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-xl font-semibold">{planName}</p>
        {data.provider === 'test' && data.tier === 'paid' && !data.overrideActive && (
          <span className="rounded-full border border-amber-400/50 bg-amber-400/10 px-2 py-0.5 text-xs font-semibold text-amber-300">
            Test mode
          </span>
        )}
      </div>
      {when && <p className="text-zinc-300">{when}</p>}
      {data.lastPaymentDate && (
        <p className="text-sm text-zinc-400">
          Last payment: {formatBillingDate(data.lastPaymentDate)}
        </p>
      )}

      {(portal.error ?? cancel.error) && (
        <p role="alert" className="text-sm text-red-300">
          {portal.error
            ? userMessage(portal.error, CHECKOUT_ERRORS.portalFailed)
            : userMessage(cancel.error, CHECKOUT_ERRORS.cancelFailed)}
        </p>
      )}

      {data.tier !== 'paid' && (
        <Link
          to="/pricing"
          className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
        >
          View Plans
        </Link>
      )}

      {data.provider === 'stripe' && data.canManage && (
        <button
          type="button"
          disabled={portal.isPending}
          onClick={() =>
            portal.mutate(undefined, { onSuccess: (r) => window.location.assign(r.url) })
          }
          className="rounded-lg border border-zinc-700 px-4 py-2 font-semibold text-zinc-100 hover:bg-zinc-800 disabled:opacity-60"
        >
          {portal.isPending ? 'Opening...' : 'Manage Billing'}
        </button>
      )}

      {data.provider === 'test' && data.canManage && !confirming && (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-lg border border-zinc-700 px-4 py-2 font-semibold text-zinc-100 hover:bg-zinc-800"
        >
          Cancel Subscription
        </button>
      )}
      {data.provider === 'test' && data.canManage && confirming && (
        <div className="rounded-lg border border-zinc-700 bg-zinc-950 p-4">
          <p className="text-zinc-200">
            Your subscription will end on {date ?? 'the end of the paid period'} and will not renew.
            You keep access until then.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
              className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-500 disabled:opacity-60"
            >
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel at period end'}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-lg border border-zinc-700 px-4 py-2 text-zinc-200 hover:bg-zinc-800"
            >
              Keep Subscription
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
