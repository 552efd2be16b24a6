import { ADMIN_DASHBOARD_LOAD_ERROR, type AdminDashboard } from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { countFormat as count } from './format';
import { StatCards, type Stat } from './stat-cards';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

function stats(d: AdminDashboard): Stat[] {
  return [
    { label: 'Total Users', value: count.format(d.totalUsers), note: 'All accounts' },
    { label: 'New Users Today', value: count.format(d.newUsersToday), note: 'Signed up today' },
    {
      label: 'Total Recordings Made',
      value: count.format(d.totalRecordings),
      note: 'All readings ever generated',
    },
    {
      label: 'API Requests Today',
      value: count.format(d.apiRequestsToday),
      note: 'Voice provider requests',
    },
    {
      label: 'API Error Rate Today',
      value: `${d.apiErrorRateToday.toFixed(1)}%`,
      note: `${count.format(d.apiErrorsToday)} of ${count.format(d.apiRequestsToday)} requests failed`,
    },
    {
      label: 'Est. API Cost Today',
      value: usd.format(d.estimatedApiCostToday),
      note: `${count.format(d.apiCharactersToday)} characters, each at its engine's price`,
    },
  ];
}

/** The Dashboard tab: six stat cards with a Refresh button ("today" is the UTC day). */
export function AdminDashboardPanel() {
  const query = useAdminDashboard();
  const refreshing = query.isFetching;

  return (
    <section aria-labelledby="admin-dashboard-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="admin-dashboard-title" className="text-2xl font-bold text-white">
            Dashboard
          </h2>
          <p className="mt-1 text-sm text-zinc-400" role="status" aria-live="polite">
            {query.data
              ? `Today is ${query.data.day} (UTC) · updated ${time.format(query.dataUpdatedAt)}`
              : refreshing
                ? 'Loading...'
                : ''}
          </p>
        </div>
        <Button variant="secondary" disabled={refreshing} onClick={() => void query.refetch()}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5" />
          </svg>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>

      {query.isError && (
        <Alert tone="error" className="mt-6">
          {ADMIN_DASHBOARD_LOAD_ERROR}
        </Alert>
      )}

      {query.isPending && !query.isError ? (
        <PageSpinner label="Loading dashboard..." />
      ) : query.data ? (
        <StatCards stats={stats(query.data)} className="mt-6" />
      ) : null}
    </section>
  );
}
