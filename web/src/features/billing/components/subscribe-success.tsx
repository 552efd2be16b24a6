import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKOUT_ERRORS } from '@doublecast/common/billing';
import { subscriptionQueryKey } from '../api/get-subscription';
import { useVerifySession } from '../api/verify-session';
import { BenefitsList } from './benefits-list';

/**
 * /subscribe/success: verifies the checkout session with the server, then welcomes the new
 * subscriber. The purchase events are recorded by the server when it verifies the payment
 * (docs/decisions/111-server-recorded-money-events.md), never by this page.
 */
export function SubscribeSuccess({ sessionId }: { sessionId: string }) {
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
