import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAN_CONFIG, type PlanConfig } from '@doublecast/common/plans';
import { renderWithProviders } from '../../../test/render';
import { HomeHero } from './home-hero';
import { PricingSummary } from './pricing-summary';

const config: PlanConfig = { ...DEFAULT_PLAN_CONFIG, launchEndsAt: '2026-12-01T00:00:00-08:00' };

function renderHome(plan: PlanConfig) {
  return renderWithProviders(
    <>
      <HomeHero config={plan} />
      <PricingSummary config={plan} />
    </>,
  );
}

describe('home prices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offer the launch price until the configured end, then the post-launch price', () => {
    vi.setSystemTime(new Date('2026-12-01T07:59:59Z'));
    renderHome(config);
    expect(screen.getByRole('link', { name: 'Get Started - $5.99/mo' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(screen.getByText('AI support $5.99 per month')).toBeTruthy();
    expect(screen.getByRole('timer')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('link', { name: 'Get Started - $9.99/mo' })).toBeTruthy();
    expect(screen.getByText('AI support $9.99 per month')).toBeTruthy();
    expect(screen.getByText('Launch pricing has ended - pricing now $9.99/month')).toBeTruthy();
  });

  it('take every figure from the plan data', () => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    renderHome({ ...config, monthlyPrice: 7.5 });
    expect(screen.getByRole('link', { name: 'Get Started - $7.50/mo' })).toBeTruthy();
    expect(screen.getByText('AI support $7.50 per month')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hear Sample' }).getAttribute('href')).toBe(
      '/voices?autoplay=tom',
    );
  });
});
