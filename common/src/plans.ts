/**
 * Plans and prices: the one source of every price text in the product.
 * The launch price applies until `launchEndsAt`; afterwards the advertised monthly price is
 * `postLaunchMonthly`. Savings are computed, never typed.
 */
export type PlanKey = 'monthly' | 'annual';

export interface PlanConfig {
  monthlyPrice: number;
  annualPrice: number;
  postLaunchMonthlyPrice: number;
  /** ISO 8601 instant at which launch pricing ends. */
  launchEndsAt: string;
}

export const DEFAULT_PLAN_CONFIG: PlanConfig = {
  monthlyPrice: 5.99,
  annualPrice: 59.99,
  postLaunchMonthlyPrice: 9.99,
  launchEndsAt: '2025-07-01T00:00:00-07:00',
};

export const FREE_MONTHLY_CHARACTERS = 10_000;
export const PAID_MONTHLY_CHARACTERS = 30_000;

export interface Plan {
  key: PlanKey;
  name: string;
  price: number;
  interval: 'month' | 'year';
  /** Price per month for comparison (annual price / 12 for the annual plan). */
  perMonth: number;
}

export function isLaunchPricing(config: PlanConfig, now: Date): boolean {
  return now.getTime() < Date.parse(config.launchEndsAt);
}

/** The monthly price a visitor is offered right now. */
export function currentMonthlyPrice(config: PlanConfig, now: Date): number {
  return isLaunchPricing(config, now) ? config.monthlyPrice : config.postLaunchMonthlyPrice;
}

export function listPlans(config: PlanConfig, now: Date): Plan[] {
  const monthly = currentMonthlyPrice(config, now);
  return [
    { key: 'monthly', name: 'Monthly', price: monthly, interval: 'month', perMonth: monthly },
    {
      key: 'annual',
      name: 'Annual',
      price: config.annualPrice,
      interval: 'year',
      perMonth: roundCents(config.annualPrice / 12),
    },
  ];
}

/** What a year on the annual plan saves against twelve months of the monthly price. */
export function annualSavings(config: PlanConfig, now: Date): number {
  return roundCents(currentMonthlyPrice(config, now) * 12 - config.annualPrice);
}

/**
 * Months the annual plan gives for free, to the nearest whole month: 11.89 saved at 5.99 a
 * month is 1.98 months, advertised as "2 months free".
 */
export function annualFreeMonths(config: PlanConfig, now: Date): number {
  return Math.round(annualSavings(config, now) / currentMonthlyPrice(config, now));
}

export function isPlanKey(value: unknown): value is PlanKey {
  return value === 'monthly' || value === 'annual';
}

export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until the end of launch pricing, or null once it has ended. */
export function launchCountdown(config: PlanConfig, now: Date): Countdown | null {
  const ms = Date.parse(config.launchEndsAt) - now.getTime();
  if (ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Session-storage key holding the plan a signed-out visitor chose (docs/glossary.md#plan-choice). */
export const PENDING_PLAN_STORAGE_KEY = 'doublecast.pendingPlan';
