import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_PLAN_STORAGE_KEY } from '@doublecast/common/billing';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { setPendingPlan } from '../pending-plan';

/**
 * A page load: fresh modules (nothing kept in memory, only session storage survives), and the
 * root layout mounting PendingCheckout.
 */
async function load(isSignedIn: boolean) {
  vi.resetModules();
  const { PendingCheckout } = await import('./pending-checkout');
  const view = render(
    <StrictMode>
      <PendingCheckout isSignedIn={isSignedIn} />
    </StrictMode>,
  );
  return {
    ...view,
    signIn: () =>
      view.rerender(
        <StrictMode>
          <PendingCheckout isSignedIn />
        </StrictMode>,
      ),
  };
}

describe('PendingCheckout', () => {
  let fetch: ReturnType<typeof mockFetch>;
  const checkoutCalls = () => fetch.mock.calls.filter(([url]) => url === '/api/checkout').length;

  beforeEach(() => {
    setPendingPlan(null);
    fetch = mockFetch((url) =>
      url === '/api/checkout'
        ? jsonResponse({ url: 'http://localhost:3000/checkout/test?session_id=cs_test_1' })
        : new Response(null, { status: 204 }),
    );
  });
  afterEach(() => {
    setPendingPlan(null);
  });

  it('starts exactly one checkout per choice, whatever pages load after it', async () => {
    setPendingPlan('monthly');
    const first = await load(false);
    expect(checkoutCalls()).toBe(0);
    first.signIn();
    await waitFor(() => expect(checkoutCalls()).toBe(1));
    expect(screen.getByRole('status').textContent).toBe('Starting checkout...');
    expect(window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY)).toBeNull();
    first.unmount();

    // The checkout page, then /subscribe/cancel after leaving the provider: no new checkout.
    for (let page = 0; page < 3; page += 1) {
      const next = await load(true);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('status')).toBeNull();
      next.unmount();
    }
    expect(checkoutCalls()).toBe(1);
  });

  it('a failed start shows the error once and does not retry by itself', async () => {
    fetch.mockImplementation(async () => errorResponse('unavailable', 'x', 503));
    setPendingPlan('annual');
    await load(true);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to create checkout session. Please try again.',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(checkoutCalls()).toBe(1);
    expect(window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY)).toBeNull();
  });
});
