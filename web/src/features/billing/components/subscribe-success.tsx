import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHECKOUT_ERRORS,
  PURCHASE_EVENT_DELAY_MS,
  purchaseEvents,
} from '@doublecast/common/billing';
import type { PlanConfig } from '@doublecast/common/plans';
import { getSubscription, subscriptionQueryKey } from '../api/get-subscription';
import { trackBillingEvent } from '../api/track-billing-event';
import { useVerifySession } from '../api/verify-session';
import { BenefitsList } from './benefits-list';

/**
 * /subscribe/success: verifies the checkout session with the server, then welcomes the new
 * subscriber. About 2 s after verification the stored record is read and the purchase events
 * are recorded by its price id (spec section 2).
 */
export function SubscribeSuccess({ sessionId, config }: { sessionId: string; config: PlanConfig }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifySession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(sessionId, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      },
      onError: () => {
        console.warn(CHECKOUT_ERRORS.verificationFailed);
        void navigate('/', { replace: true });
      },
    });
  }, [sessionId, verify, queryClient, navigate]);

  const verified = verify.isSuccess;
  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(() => {
      getSubscription()
        .then((stored) => {
          const events = purchaseEvents(stored.plan, config);
          if (events.length === 0)
            console.warn(`Unknown price id for purchase event: ${stored.priceId ?? 'none'}`);
          for (const e of events) trackBillingEvent(e.name, e.properties);
        })
        .catch(() => console.warn('Could not read the subscription for the purchase event'));
    }, PURCHASE_EVENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verified, config]);

  if (!verified) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
        <span
          className="h-10 w-10 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400"
          aria-hidden="true"
        />
        <p role="status" className="mt-6 text-lg text-zinc-200">
          Activating your subscription...
        </p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center sm:py-16">
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900 p-6 sm:p-10">
        <p
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-600/20 text-2xl text-brand-300"
          aria-hidden="true"
        >
          ✓
        </p>
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">Welcome to Doublecast Pro!</h1>
        <p role="status" className="mt-3 text-zinc-300">
          Your subscription is active. Everything is unlocked:
        </p>
        <div className="mx-auto mt-6 w-fit">
          <BenefitsList label="Your benefits" />
        </div>
        <Link
          to="/practice"
          className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-500"
        >
          Start Practicing
        </Link>
      </div>
    </section>
  );
}
