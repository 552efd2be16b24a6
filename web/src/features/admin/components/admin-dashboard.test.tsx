import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_DASHBOARD_LOAD_ERROR, type AdminDashboard } from '@doublecast/common/admin';
import { AdminDashboardPanel } from './admin-dashboard';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';

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

function renderPanel() {
  return renderWithProviders(<AdminDashboardPanel />);
}

/** The value shown under a stat card's label. */
const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('AdminDashboardPanel', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('shows the six stat cards and refreshes them on Refresh', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(figures))
      .mockResolvedValueOnce(jsonResponse({ ...figures, totalUsers: 1235, newUsersToday: 6 }));
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
      jsonResponse({ ...figures, apiErrorRateToday: 0, estimatedApiCostToday: 0.0005 }),
    );
    renderPanel();
    expect(await screen.findByText('0.0%')).toBeTruthy();
    expect(stat('Est. API Cost Today')).toBe('$0.0005');
  });

  it('says "Failed to load dashboard data." when the call fails', async () => {
    fetchMock.mockResolvedValueOnce(errorResponse('internal', 'Internal error', 500));
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_DASHBOARD_LOAD_ERROR);
    expect(screen.queryByText('Total Users')).toBeNull();
  });
});
