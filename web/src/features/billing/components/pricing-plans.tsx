import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  annualMonthsFree,
  PAID_BENEFITS,
  PAYMENT_METHODS,
  pricingMessage,
  PRICING_MESSAGES,
  PRICING_NOTES,
} from '@doublecast/common/billing-texts';
import {
  annualSavings,
  formatUsd,
  isLaunchPricing,
  launchCountdown,
  listPlans,
  type PlanConfig,
  type PlanKey,
} from '@doublecast/common/plans';
import { setPendingPlan } from '../pending-plan';

interface PricingPlansProps {
  config: PlanConfig;
  now: Date;
  /** Null while the session is still being read: a plan chosen then waits for it. */
  isSignedIn: boolean | null;
  /** The `message` query parameter. */
  message: string | null;
}

/** The /pricing page: the plans from the plan data, and choosing one (docs/glossary.md#plan-choice). */
export function PricingPlans({ config, now, isSignedIn, message }: PricingPlansProps) {
  const navigate = useNavigate();
  const [busyPlan, setBusyPlan] = useState<PlanKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A plan chosen before the session is known (a tap the first script held until the app was
  // ready, decision 303) goes on once it is: to checkout or to sign-up, never the wrong one.
  const [waiting, setWaiting] = useState<PlanKey | null>(null);
  const plans = listPlans(config, now);
  const monthly = plans[0]!;
  const annual = plans[1]!;
  const monthsFree = annualMonthsFree(monthly.price, annual.price);
  const savings = annualSavings(config, now);
  const launch = isLaunchPricing(config, now);
  const banner = pricingMessage(message);

  async function choose(plan: PlanKey) {
    setError(null);
    if (isSignedIn === null) {
      setWaiting(plan);
      setBusyPlan(plan);
      return;
    }
    if (!isSignedIn) {
      setPendingPlan(plan);
      void navigate('/sign-up');
      return;
    }
    setBusyPlan(plan);
    try {
      // Checkout (and its request schema) loads when a plan is chosen, not with the page.
      const { createCheckout } = await import('../api/create-checkout');
      window.location.assign(await createCheckout(plan));
    } catch (err) {
      setError((err as Error).message);
      setBusyPlan(null);
    }
  }

  useEffect(() => {
    if (isSignedIn === null || !waiting) return;
    setWaiting(null);
    setBusyPlan(null);
    void choose(waiting);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per waiting choice, with the session now known
  }, [isSignedIn, waiting]);

  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:py-16" aria-labelledby="pricing-title">
      <div className="text-center">
        <h1 id="pricing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Choose Your Plan
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-zinc-400">
          Rehearse any scene with an AI reader. One plan, every voice,{' '}
          {PAID_BENEFITS[0].toLowerCase()}.
        </p>
      </div>

      {banner && (
        <div
          role={message === 'subscription_error' ? 'alert' : 'status'}
          className={`mx-auto mt-8 max-w-3xl rounded-lg border px-4 py-3 text-center ${
            banner === PRICING_MESSAGES.subscription_error
              ? 'border-red-500/40 bg-red-950/40 text-red-200'
              : 'border-brand-500/40 bg-brand-700/20 text-brand-300'
          }`}
        >
          {banner}
        </div>
      )}

      {launch && <LaunchBanner config={config} now={now} />}

      {error && (
        <p
          role="alert"
          className="mx-auto mt-6 max-w-3xl rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-3 text-center text-red-200"
        >
          {error}
        </p>
      )}

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <PlanCard
          title="Monthly"
          price={formatUsd(monthly.price)}
          interval="/month"
          detail="Billed monthly"
          busy={busyPlan === 'monthly'}
          disabled={busyPlan !== null}
          onChoose={() => void choose('monthly')}
        />
        <PlanCard
          title="Annual"
          price={formatUsd(annual.price)}
          interval="/year"
          detail={`${formatUsd(annual.perMonth)}/month, billed annually`}
          badge={
            monthsFree > 0
              ? `${monthsFree} ${monthsFree === 1 ? 'month' : 'months'} free`
              : undefined
          }
          saving={savings > 0 ? `Save ${formatUsd(savings)} a year` : undefined}
          highlighted
          busy={busyPlan === 'annual'}
          disabled={busyPlan !== null}
          onChoose={() => void choose('annual')}
        />
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-zinc-800 bg-zinc-900 p-6">
          <h2 className="text-lg font-semibold">Accepted payment methods</h2>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Accepted payment methods">
            {PAYMENT_METHODS.map((method) => (
              <li
                key={method}
                className="rounded-md border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm text-zinc-200"
              >
                {method}
              </li>
            ))}
          </ul>
        </div>
        <ul
          className="space-y-3 rounded-xl border border-zinc-800 bg-zinc-900 p-6"
          aria-label="Good to know"
        >
          {PRICING_NOTES.map((note) => (
            <li key={note} className="flex items-start gap-3 text-zinc-200">
              <Check />
              <span>{note}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LaunchBanner({ config, now }: { config: PlanConfig; now: Date }) {
  const left = launchCountdown(config, now);
  const ends = new Date(config.launchEndsAt).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return (
    <div className="mx-auto mt-8 max-w-3xl rounded-lg border border-brand-500/40 bg-gradient-to-r from-brand-700/30 to-zinc-900 px-4 py-4 text-center">
      <p className="font-semibold text-brand-300">
        Limited time: launch pricing {formatUsd(config.monthlyPrice)}/month
      </p>
      <p className="mt-1 text-sm text-zinc-300">
        Lock it in before {ends}, when the monthly price becomes{' '}
        {formatUsd(config.postLaunchMonthlyPrice)}.
      </p>
      {left && (
        <p
          className="mt-2 font-mono text-sm text-zinc-200"
          aria-label="Time left at launch pricing"
        >
          {left.days}d {String(left.hours).padStart(2, '0')}h{' '}
          {String(left.minutes).padStart(2, '0')}m {String(left.seconds).padStart(2, '0')}s left
        </p>
      )}
    </div>
  );
}

interface PlanCardProps {
  title: string;
  price: string;
  interval: string;
  detail: string;
  badge?: string;
  saving?: string;
  highlighted?: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function PlanCard({
  title,
  price,
  interval,
  detail,
  badge,
  saving,
  highlighted,
  busy,
  disabled,
  onChoose,
}: PlanCardProps) {
  const headingId = `plan-${title.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border p-6 sm:p-8 ${
        highlighted
          ? 'border-brand-500 bg-zinc-900 shadow-lg shadow-brand-700/20'
          : 'border-zinc-800 bg-zinc-900'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {badge && (
          <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
            {badge}
          </span>
        )}
      </div>
      <p className="mt-4">
        <span className="text-4xl font-bold">{price}</span>
        <span className="text-zinc-400">{interval}</span>
      </p>
      <p className="mt-1 text-sm text-zinc-400">{detail}</p>
      {saving && <p className="mt-1 text-sm font-medium text-brand-300">{saving}</p>}
      <ul className="mt-6 flex-1 space-y-2 text-sm text-zinc-300">
        {PAID_BENEFITS.map((b) => (
          <li key={b} className="flex items-start gap-2">
            <Check />
            <span>{b}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onChoose}
        disabled={disabled}
        className={`mt-8 rounded-lg px-4 py-3 font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${
          highlighted
            ? 'bg-brand-600 text-white hover:bg-brand-500'
            : 'bg-zinc-100 text-zinc-900 hover:bg-white'
        }`}
      >
        {busy ? 'Redirecting to checkout...' : `Choose ${title}`}
      </button>
    </article>
  );
}

export function Check() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className="mt-0.5 h-4 w-4 shrink-0 text-brand-400"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
