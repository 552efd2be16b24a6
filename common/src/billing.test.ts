import { describe, expect, it } from 'vitest';
import {
  annualMonthsFree,
  checkoutAmount,
  checkoutInputSchema,
  checkoutStartedEvents,
  formatBillingDate,
  planForPriceId,
  pricingMessage,
  purchaseEvents,
} from './billing';
import { DEFAULT_PLAN_CONFIG } from './plans';

const launch = new Date('2025-06-30T12:00:00Z');
const after = new Date('2025-07-01T07:00:00Z');

describe('annualMonthsFree', () => {
  it.each([
    [5.99, 59.99, 2],
    [9.99, 59.99, 6],
    [10, 100, 2],
    [5, 60, 0],
    [5, 70, 0],
  ])('monthly %s vs annual %s gives %s months free', (monthly, annual, months) => {
    expect(annualMonthsFree(monthly, annual)).toBe(months);
  });
});

describe('checkoutStartedEvents', () => {
  it.each([
    ['monthly', 9.99],
    ['annual', 0],
  ] as const)('%s records the three events with InitiateCheckout value %s USD', (plan, value) => {
    expect(checkoutStartedEvents(plan)).toEqual([
      { name: 'stripe_checkout_started', properties: { plan } },
      { name: 'begin_checkout', properties: { plan } },
      { name: 'InitiateCheckout', properties: { plan, value, currency: 'USD' } },
    ]);
  });
});

describe('planForPriceId and purchaseEvents', () => {
  const ids = { monthly: 'price_m', annual: 'price_a' };
  it.each([
    ['price_m', 'monthly', 5.99],
    ['price_a', 'annual', 59.99],
    ['price_other', null, null],
    [null, null, null],
  ] as const)('price %s is plan %s with purchase value %s', (priceId, plan, value) => {
    expect(planForPriceId(priceId, ids)).toBe(plan);
    const events = purchaseEvents(plan, DEFAULT_PLAN_CONFIG);
    if (value === null) expect(events).toEqual([]);
    else
      expect(events.map((e) => [e.name, e.properties.value, e.properties.currency])).toEqual([
        ['purchase', value, 'USD'],
        ['Purchase', value, 'USD'],
      ]);
  });
});

describe('checkoutAmount', () => {
  it.each([
    ['monthly', launch, '5.99'],
    ['monthly', after, '9.99'],
    ['annual', launch, '59.99'],
    ['annual', after, '59.99'],
  ] as const)('%s at %s costs %s', (plan, now, amount) => {
    expect(checkoutAmount(plan, DEFAULT_PLAN_CONFIG, now)).toBe(amount);
  });
});

describe('checkoutInputSchema', () => {
  it.each([['weekly'], [''], ['MONTHLY']])(
    'refuses plan %j with "Invalid plan selected"',
    (plan) => {
      const r = checkoutInputSchema.safeParse({ plan });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Invalid plan selected');
    },
  );
  it.each([['monthly'], ['annual']])('accepts %s', (plan) => {
    expect(checkoutInputSchema.parse({ plan })).toEqual({ plan });
  });
});

describe('pricingMessage', () => {
  it.each([
    [
      'subscription_required',
      'Subscribe to unlock the Voice Studio and start creating professional voice readings!',
    ],
    ['subscription_error', 'There was an error checking your subscription. Please try again.'],
    ['other', null],
    [null, null],
  ])('%s shows %s', (key, text) => {
    expect(pricingMessage(key)).toBe(text);
  });
});

it('formats billing dates in UTC', () => {
  expect(formatBillingDate('2026-04-15T00:00:00.000Z')).toBe('April 15, 2026');
});
