import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_DASHBOARD_LOAD_ERROR, type AdminDashboard } from '@doublecast/common/admin';
import { AdminDashboardPanel } from './admin-dashboard';

const figures: AdminDashboard = {
  day: '2026-03-15',
  totalUsers: 1234,
  newUsersToday: 5,
  totalRecordings: 98765,
  apiRequestsToday: 8,
  apiErrorsToday: 1,
  apiErrorRateToday: 12.5,
  apiCharactersToday: 2500,
  estimatedApiCostToday: 0.45,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AdminDashboardPanel />
    </QueryClientProvider>,
  );
}

/** The value shown under a stat card's label. */
const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('AdminDashboardPanel', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the six stat cards and refreshes them on Refresh', async () => {
    fetchMock
      .mockResolvedValueOnce(json(figures))
      .mockResolvedValueOnce(json({ ...figures, totalUsers: 1235, newUsersToday: 6 }));
    renderPanel();
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/dashboard');
    expect(stat('Total Users')).toBe('1,234');
    expect(stat('New Users Today')).toBe('5');
    expect(stat('Total Recordings Made')).toBe('98,765');
    expect(stat('API Requests Today')).toBe('8');
    expect(stat('API Error Rate Today')).toBe('12.5%');
    expect(stat('Est. API Cost Today')).toBe('$0.45');

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('1,235')).toBeTruthy();
    expect(stat('New Users Today')).toBe('6');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows one decimal for a whole error rate and small costs to the hundredth of a cent', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ ...figures, apiErrorRateToday: 0, estimatedApiCostToday: 0.0005 }),
    );
    renderPanel();
    expect(await screen.findByText('0.0%')).toBeTruthy();
    expect(stat('Est. API Cost Today')).toBe('$0.0005');
  });

  it('says "Failed to load dashboard data." when the call fails', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: 'internal', message: 'Internal error' } }, 500),
    );
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_DASHBOARD_LOAD_ERROR);
    expect(screen.queryByText('Total Users')).toBeNull();
  });
});
