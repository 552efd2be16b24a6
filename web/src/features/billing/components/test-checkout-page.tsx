import { formatUsd } from '@doublecast/common/plans';
import { useCancelTestCheckout } from '../api/cancel-test-checkout';
import { useTestCheckout } from '../api/get-test-checkout';
import { usePayTestCheckout } from '../api/pay-test-checkout';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { userMessage } from '../../../lib/user-message';

/**
 * The built-in checkout used when no Stripe keys are configured. It never takes money: Pay asks
 * the server to complete the session it holds, which then applies the subscription exactly as a
 * Stripe event would.
 */
export function TestCheckoutPage({
  sessionId,
  onDone,
}: {
  sessionId: string;
  onDone: (url: string) => void;
}) {
  const session = useTestCheckout(sessionId);
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  const busy = pay.isPending || cancel.isPending;
  const failure = pay.error ?? cancel.error;

  if (session.isPending) return <PageSpinner label="Loading checkout..." />;
  if (session.isError || session.data.status !== 'open') {
    const gone = session.data && session.data.status !== 'open';
    return (
      <Frame>
        <h1 className="text-2xl font-bold">Checkout unavailable</h1>
        <p className="mt-3 text-zinc-400" role="alert">
          {gone
            ? 'This checkout session is no longer open.'
            : userMessage(session.error, 'Checkout session not found')}
        </p>
        <a
          href="/pricing"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
        >
          Back to Pricing
        </a>
      </Frame>
    );
  }
  const { plan, amount, currency, interval } = session.data;
  const price = formatUsd(Number(amount));
  return (
    <Frame>
      <p className="inline-flex items-center gap-2 rounded-full border border-amber-400/50 bg-amber-400/10 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-300">
        Test mode
      </p>
      <h1 className="mt-4 text-2xl font-bold">Checkout</h1>
      <p className="mt-2 text-sm text-zinc-400">
        No real payment is taken: this checkout completes the subscription for testing.
      </p>
      <dl className="mt-6 divide-y divide-zinc-800 rounded-lg border border-zinc-800 bg-zinc-950">
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-zinc-400">Plan</dt>
          <dd className="font-medium">{plan === 'annual' ? 'Annual' : 'Monthly'}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-zinc-400">Amount</dt>
          <dd className="font-medium">
            {price} {currency} / {interval}
          </dd>
        </div>
      </dl>
      {failure && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-2 text-sm text-red-200"
        >
          {failure.message}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <button
          type="button"
          disabled={busy}
          onClick={() => pay.mutate(sessionId, { onSuccess: (r) => onDone(r.url) })}
          className="flex-1 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-500 disabled:opacity-60"
        >
          {pay.isPending ? 'Processing...' : `Pay ${price}`}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => cancel.mutate(sessionId, { onSuccess: (r) => onDone(r.url) })}
          className="flex-1 rounded-lg border border-zinc-700 px-4 py-3 font-semibold text-zinc-200 hover:bg-zinc-800 disabled:opacity-60"
        >
          Cancel
        </button>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900 p-6 sm:p-8">{children}</div>
    </section>
  );
}
