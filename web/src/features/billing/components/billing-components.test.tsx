import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PENDING_PLAN_STORAGE_KEY } from '@doublecast/common/billing';
import { DEFAULT_PLAN_CONFIG } from '@doublecast/common/plans';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { setPendingPlan } from '../pending-plan';
import { PaidGate } from './paid-gate';
import { PricingPlans } from './pricing-plans';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, element: ReactNode) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { at: path },
  );
}

const subscription = (tier: 'free' | 'paid') => ({
  tier,
  status: tier === 'paid' ? 'active' : 'inactive',
  plan: tier === 'paid' ? 'monthly' : 'free',
  priceId: null,
  periodEnd: null,
  endsAtPeriodEnd: false,
  lastPaymentDate: null,
  overrideActive: false,
  provider: 'test',
  canManage: false,
});

describe('PaidGate', () => {
  beforeEach(() => setPendingPlan(null));

  it('shows the studio to a paid user', async () => {
    mockFetch(() => jsonResponse(subscription('paid')));
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    expect(await screen.findByText('Studio content')).toBeTruthy();
  });

  it('sends a free user to /pricing?message=subscription_required', async () => {
    mockFetch(() => jsonResponse(subscription('free')));
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/pricing?message=subscription_required',
    );
  });

  it('sends the user to /pricing?message=subscription_error when the check fails', async () => {
    mockFetch(() => errorResponse('internal', 'Internal error', 500));
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    // The check is retried once before it counts as failed.
    expect((await screen.findByTestId('where', {}, { timeout: 4000 })).textContent).toBe(
      '/pricing?message=subscription_error',
    );
  });

  it('waits while a plan chosen before sign-in is taken to checkout', async () => {
    setPendingPlan('monthly');
    mockFetch(() => jsonResponse(subscription('free')));
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    expect(await screen.findByText('Starting checkout...')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('PricingPlans', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  beforeEach(() => window.sessionStorage.clear());

  it('shows prices, computed savings and the limited-time banner from the plan data', () => {
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn={false} message={null} />,
    );
    expect(screen.getByText('$5.99')).toBeTruthy();
    expect(screen.getByText('$59.99')).toBeTruthy();
    expect(screen.getByText('2 months free')).toBeTruthy();
    expect(screen.getByText('Save $11.89 a year')).toBeTruthy();
    expect(screen.getByText('Limited time: launch pricing $5.99/month')).toBeTruthy();
  });

  it('after launch shows the post-launch price and no banner', () => {
    renderAt(
      '/pricing',
      <PricingPlans
        config={DEFAULT_PLAN_CONFIG}
        now={new Date('2025-07-02T00:00:00Z')}
        isSignedIn={false}
        message={null}
      />,
    );
    expect(screen.getByText('$9.99')).toBeTruthy();
    expect(screen.queryByText(/Limited time/)).toBeNull();
  });

  it.each([
    [
      'subscription_required',
      'Subscribe to unlock the Voice Studio and start creating professional voice readings!',
    ],
    ['subscription_error', 'There was an error checking your subscription. Please try again.'],
  ])('shows the %s banner', (message, text) => {
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn={false} message={message} />,
    );
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('signed out: keeps the plan in session storage and goes to /sign-up', async () => {
    const fetch = mockFetch();
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn={false} message={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Annual' }));
    expect(window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY)).toBe('annual');
    expect((await screen.findByTestId('where')).textContent).toBe('/sign-up');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a plan chosen before the session is known waits for it, then goes the right way', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/checkout' ? jsonResponse({}) : new Response(null, { status: 204 }),
    );
    let learn: (isSignedIn: boolean) => void = () => {};
    function Page() {
      const [isSignedIn, setIsSignedIn] = useState<boolean | null>(null);
      learn = setIsSignedIn;
      return (
        <PricingPlans
          config={DEFAULT_PLAN_CONFIG}
          now={now}
          isSignedIn={isSignedIn}
          message={null}
        />
      );
    }
    renderAt('/pricing', <Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose Annual' }));
    // Held: nothing stored, nothing sent, no navigation, both plans disabled.
    expect(window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Monthly' })).toHaveProperty('disabled', true);
    // The session says signed in: checkout starts (its answer here has no url).
    act(() => learn(true));
    expect((await screen.findByRole('alert')).textContent).toBe('No checkout URL received');
    expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/checkout']);
    expect(window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY)).toBeNull();
  });

  it('signed in: a checkout answer without a url shows "No checkout URL received"', async () => {
    mockFetch((url) => (url === '/api/checkout' ? jsonResponse({}) : jsonResponse({}, 204)));
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn message={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Monthly' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No checkout URL received');
  });

  it('signed in: a server failure shows the spec text; the page itself posts no checkout events', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/checkout'
        ? errorResponse('unavailable', 'x', 503)
        : new Response(null, { status: 204 }),
    );
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn message={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Monthly' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create checkout session. Please try again.',
    );
    // Checkout events are the server's to record, for sessions it really created.
    expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/checkout']);
  });
});
