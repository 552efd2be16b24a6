import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_PLAN_STORAGE_KEY } from '@doublecast/common/billing';
import { DEFAULT_PLAN_CONFIG } from '@doublecast/common/plans';
import { setPendingPlan } from '../pending-plan';
import { PaidGate } from './paid-gate';
import { PricingPlans } from './pricing-plans';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
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

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('PaidGate', () => {
  beforeEach(() => setPendingPlan(null));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the studio to a paid user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, subscription('paid'))),
    );
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    expect(await screen.findByText('Studio content')).toBeTruthy();
  });

  it('sends a free user to /pricing?message=subscription_required', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, subscription('free'))),
    );
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/pricing?message=subscription_required',
    );
  });

  it('sends the user to /pricing?message=subscription_error when the check fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500, { error: { code: 'internal', message: 'Internal error' } })),
    );
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    // The check is retried once before it counts as failed.
    expect((await screen.findByTestId('where', {}, { timeout: 4000 })).textContent).toBe(
      '/pricing?message=subscription_error',
    );
  });

  it('waits while a plan chosen before sign-in is taken to checkout', async () => {
    setPendingPlan('monthly');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, subscription('free'))),
    );
    renderAt('/studio', <PaidGate>Studio content</PaidGate>);
    expect(await screen.findByText('Starting checkout...')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('PricingPlans', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

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
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn={false} message={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Annual' }));
    expect(window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY)).toBe('annual');
    expect((await screen.findByTestId('where')).textContent).toBe('/sign-up');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signed in: a checkout answer without a url shows "No checkout URL received"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/checkout' ? answer(200, {}) : answer(204, {}))),
    );
    renderAt(
      '/pricing',
      <PricingPlans config={DEFAULT_PLAN_CONFIG} now={now} isSignedIn message={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Monthly' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No checkout URL received');
  });

  it('signed in: a server failure shows the spec text; the page itself posts no checkout events', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/checkout'
        ? answer(503, { error: { code: 'unavailable', message: 'x' } })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
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
