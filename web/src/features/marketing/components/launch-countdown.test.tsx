import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAN_CONFIG, type PlanConfig } from '@doublecast/common/plans';
import { LaunchCountdown } from './launch-countdown';

const config: PlanConfig = { ...DEFAULT_PLAN_CONFIG, launchEndsAt: '2026-12-01T00:00:00-08:00' };

describe('LaunchCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every second and shows the post-launch price at the configured end', () => {
    // 1 day, 2 hours, 3 minutes and 2 seconds before 2026-12-01 08:00 UTC.
    vi.setSystemTime(new Date('2026-11-30T05:56:58Z'));
    render(<LaunchCountdown config={config} />);

    expect(
      screen.getByRole('timer', {
        name: 'Launch pricing ends in 1 day, 2 hours, 3 minutes, 2 seconds',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Launch price $5.99/month ends in')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(
      screen.getByRole('timer', {
        name: 'Launch pricing ends in 1 day, 2 hours, 3 minutes, 1 second',
      }),
    ).toBeTruthy();

    vi.setSystemTime(new Date('2026-12-01T07:59:58Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(
      screen.getByRole('timer', {
        name: 'Launch pricing ends in 0 days, 0 hours, 0 minutes, 1 second',
      }),
    ).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Launch pricing has ended - pricing now $9.99/month')).toBeTruthy();
  });

  it('shows the ended text at once with the default (past) launch end', () => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    render(<LaunchCountdown config={DEFAULT_PLAN_CONFIG} />);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Launch pricing has ended - pricing now $9.99/month')).toBeTruthy();
  });

  it('takes the prices from the plan data', () => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    render(<LaunchCountdown config={{ ...DEFAULT_PLAN_CONFIG, postLaunchMonthlyPrice: 12.5 }} />);
    expect(screen.getByText('Launch pricing has ended - pricing now $12.50/month')).toBeTruthy();
  });
});
