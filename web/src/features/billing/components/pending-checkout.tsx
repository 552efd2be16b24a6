import { useEffect, useState } from 'react';
import { setPendingPlan, takePendingPlan, usePendingPlan } from '../pending-plan';

/**
 * Continues a plan chosen while signed out: once the visitor is signed in (wherever the sign-in
 * pages send them), checkout starts and the browser goes to its address. Mounted once in the
 * root layout. The choice is taken out of storage before the request, so one choice starts
 * exactly one checkout (a reload, the checkout page or /subscribe/cancel start none).
 */
export function PendingCheckout({ isSignedIn }: { isSignedIn: boolean }) {
  const plan = usePendingPlan();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isSignedIn || !plan) return;
    const taken = takePendingPlan();
    if (!taken) return;
    // Imported only when a chosen plan is waiting: the layout's first scripts stay small.
    import('../api/create-checkout')
      .then(({ createCheckout }) => createCheckout(taken))
      .then((url) => window.location.assign(url))
      .catch((err: Error) => {
        setError(err.message);
        setPendingPlan(null);
      });
  }, [isSignedIn, plan]);

  if (isSignedIn && plan && !error) {
    return (
      <p
        role="status"
        className="fixed inset-x-0 bottom-4 z-40 mx-auto w-fit rounded-lg border border-brand-500/40 bg-zinc-900 px-4 py-2 text-sm text-brand-300 shadow-lg"
      >
        Starting checkout...
      </p>
    );
  }
  if (!error) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-lg items-center justify-between gap-4 rounded-lg border border-red-500/40 bg-zinc-900 px-4 py-3 text-sm text-red-200 shadow-lg"
    >
      <span>{error}</span>
      <button
        type="button"
        onClick={() => setError(null)}
        className="rounded px-2 py-1 text-zinc-300 hover:bg-zinc-800"
      >
        Dismiss
      </button>
    </div>
  );
}
