import { useDeferredValue, useState } from 'react';
import {
  ADMIN_TEXTS,
  ADMIN_USERS_DEFAULT_PAGE_SIZE,
  type AdminUserListQuery,
  type AdminUserRow,
  type AdminUserSort,
} from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Email } from '../../../components/ui/email';
import { ApiError } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { userMessage } from '../../../lib/user-message';
import { useExportUsers } from '../api/export-users';
import { useAdminUsers } from '../api/list-admin-users';
import { isReauthRequired } from '../api/reauthenticate';
import { useRequestReauth } from './reauth';
import {
  ACTIVITY_LABELS,
  ACTIVITY_TONES,
  Badge,
  countFormat,
  formatDate,
  formatDays,
  tierLabel,
} from './format';
import { MessageDialog } from './message-dialog';
import { OverrideDialog, RevokeDialog } from './override-dialogs';
import { UserDetailsModal } from './user-details-modal';

type Filters = Pick<AdminUserListQuery, 'status' | 'tier' | 'activity' | 'sort' | 'dir'>;

const fieldClass =
  'rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';

/** What the admin reads when the users cannot be loaded (docs/glossary.md#admin-users). */
export function usersLoadError(error: unknown, online: boolean): string {
  if (!online || (error instanceof ApiError && error.code === 'network'))
    return ADMIN_TEXTS.offline;
  if (error instanceof ApiError && error.code === 'permission-denied')
    return ADMIN_TEXTS.accessDenied;
  return ADMIN_TEXTS.loadFailed(userMessage(error, ADMIN_TEXTS.unexpected));
}

const COLUMNS: { sort: AdminUserSort; label: string }[] = [
  { sort: 'email', label: 'Email' },
  { sort: 'signUp', label: 'Sign-up' },
  { sort: 'daysSinceSignUp', label: 'Days since sign-up' },
  { sort: 'lastSignIn', label: 'Last sign-in' },
  { sort: 'daysSinceSignIn', label: 'Days since sign-in' },
  { sort: 'activity', label: 'Activity' },
  { sort: 'recordings', label: 'Recordings' },
  { sort: 'characters', label: 'Characters' },
];

function StatusBadge({ u }: { u: AdminUserRow }) {
  if (u.tierSource === 'role')
    return (
      <Badge tone="bg-emerald-500/15 text-emerald-300 ring-emerald-500/30">Paid (admin)</Badge>
    );
  if (u.overrideActive && u.override)
    return (
      <Badge tone="bg-brand-500/15 text-brand-300 ring-brand-500/30">
        {`Overridden (${u.override.tier})`}
      </Badge>
    );
  return u.stripeStatus === 'active' ? (
    <Badge tone="bg-emerald-500/15 text-emerald-300 ring-emerald-500/30">Active</Badge>
  ) : (
    <Badge tone="bg-zinc-500/15 text-zinc-300 ring-zinc-500/30">Inactive</Badge>
  );
}

/** Users & Subscriptions: search, filters, sortable table, paging, row actions, export. */
export function AdminUsersPanel() {
  const online = useOnline();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [filters, setFilters] = useState<Filters>({
    status: 'all',
    tier: 'all',
    activity: 'all',
    sort: 'signUp',
    dir: 'desc',
  });
  // Pages after the first are asked for by the cursor the previous answer handed out, so a deep
  // page costs the server what the first one does.
  const [position, setPosition] = useState<{ page: number; cursor?: string }>({ page: 1 });
  const { page } = position;
  const query = useAdminUsers({
    ...filters,
    q: q || undefined,
    page,
    pageSize: ADMIN_USERS_DEFAULT_PAGE_SIZE,
    cursor: position.cursor,
  });
  const exporter = useExportUsers();
  const requestReauth = useRequestReauth();
  const [details, setDetails] = useState<string | null>(null);
  const [overrideFor, setOverrideFor] = useState<AdminUserRow | null>(null);
  const [revokeFor, setRevokeFor] = useState<AdminUserRow | null>(null);
  const [messageFor, setMessageFor] = useState<AdminUserRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPosition({ page: 1 });
  };
  const sortBy = (sort: AdminUserSort) => {
    setFilters((f) => ({ ...f, sort, dir: f.sort === sort && f.dir === 'asc' ? 'desc' : 'asc' }));
    setPosition({ page: 1 });
  };

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // With filters the server counts up to a cap: "1,000+" users, and pages without an end.
  const more = data?.totalCapped ? '+' : '';

  if (query.isError && !data) {
    return (
      <section
        aria-labelledby="admin-users-error"
        className="rounded-2xl border border-red-500/30 bg-red-500/5 p-6"
      >
        <h3 id="admin-users-error" className="text-lg font-semibold text-white">
          {ADMIN_TEXTS.unableToLoad}
        </h3>
        <p className="mt-2 text-sm text-red-200" role="alert">
          {usersLoadError(query.error, online)}
        </p>
        {!online && <p className="mt-1 text-sm text-zinc-400">Retry when you are back online.</p>}
        <Button className="mt-4" disabled={!online} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </section>
    );
  }

  return (
    <section aria-labelledby="admin-users-title">
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex min-w-[14rem] flex-1 flex-col text-sm font-medium text-zinc-300">
          Search by email or user ID
          <input
            type="search"
            className={`${fieldClass} mt-1`}
            value={search}
            placeholder="name@example.com"
            onChange={(e) => {
              setSearch(e.target.value);
              setPosition({ page: 1 });
            }}
          />
        </label>
        <label className="flex flex-col text-sm font-medium text-zinc-300">
          Status
          <select
            className={`${fieldClass} mt-1`}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value as Filters['status'])}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
            <option value="overridden">Overridden</option>
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-zinc-300">
          Tier
          <select
            className={`${fieldClass} mt-1`}
            value={filters.tier}
            onChange={(e) => setFilter('tier', e.target.value as Filters['tier'])}
          >
            <option value="all">All</option>
            <option value="free">Free</option>
            <option value="paid">Paid</option>
            <option value="overridden">Overridden</option>
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-zinc-300">
          Activity
          <select
            className={`${fieldClass} mt-1`}
            value={filters.activity}
            onChange={(e) => setFilter('activity', e.target.value as Filters['activity'])}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive 30+ days</option>
            <option value="dormant">Dormant 60+ days</option>
            <option value="churn_risk">Churn risk 90+ days</option>
          </select>
        </label>
        <Button
          variant="secondary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
        <Button
          variant="secondary"
          disabled={exporter.isPending || !online || !data || data.total === 0}
          onClick={() => {
            const run = () =>
              exporter.mutate(
                { ...filters, q: q || undefined },
                { onError: (e) => isReauthRequired(e) && requestReauth(run) },
              );
            run();
          }}
        >
          {exporter.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </form>

      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      {exporter.isError && !isReauthRequired(exporter.error) && (
        <Alert tone="error" className="mt-4">
          {ADMIN_TEXTS.exportError(userMessage(exporter.error, ADMIN_TEXTS.unexpected))}
        </Alert>
      )}

      <h3 id="admin-users-title" className="mt-6 text-lg font-semibold text-white">
        {data ? `Users (${countFormat.format(data.total)}${more})` : 'Users'}
      </h3>
      {query.isPending ? (
        <p role="status" className="mt-4 text-zinc-300">
          {ADMIN_TEXTS.loadingUsers}
        </p>
      ) : data ? (
        <>
          <div className="mt-3 overflow-x-auto rounded-xl border border-zinc-800">
            <table className="w-full min-w-[64rem] text-left text-sm">
              <caption className="sr-only">Users and subscriptions</caption>
              <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-400">
                <tr>
                  {COLUMNS.map((c) => {
                    const active = filters.sort === c.sort;
                    return (
                      <th
                        key={c.sort}
                        scope="col"
                        className="px-3 py-2"
                        aria-sort={
                          active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'
                        }
                      >
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 font-semibold uppercase hover:text-white"
                          onClick={() => sortBy(c.sort)}
                        >
                          {c.label}
                          <span aria-hidden="true">
                            {active ? (filters.dir === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                  <th scope="col" className="px-3 py-2">
                    Subscription
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-800">
                {data.users.length === 0 && (
                  <tr>
                    <td
                      colSpan={COLUMNS.length + 2}
                      className="px-3 py-6 text-center text-zinc-400"
                    >
                      No users match.
                    </td>
                  </tr>
                )}
                {data.users.map((u) => (
                  <tr key={u.userId} className="align-top">
                    <th
                      scope="row"
                      className="min-w-[12rem] max-w-[16rem] px-3 py-2 font-medium text-white [overflow-wrap:anywhere]"
                    >
                      <Email value={u.email} />
                    </th>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(u.createdAt)}</td>
                    <td className="px-3 py-2">{formatDays(u.daysSinceSignUp)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(u.lastSignInAt)}</td>
                    <td className="px-3 py-2">{formatDays(u.daysSinceLastSignIn)}</td>
                    <td className="px-3 py-2">
                      <Badge tone={ACTIVITY_TONES[u.activityStatus]}>
                        {ACTIVITY_LABELS[u.activityStatus]}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-right">
                      {countFormat.format(u.recordingsCount)}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {countFormat.format(u.charactersTotal)}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-col gap-1">
                        <StatusBadge u={u} />
                        <span className="text-xs text-zinc-400">
                          <span className="whitespace-nowrap">
                            Payment {u.stripeStatus ? u.stripeStatus.toUpperCase() : 'N/A'}
                          </span>{' '}
                          · <span className="whitespace-nowrap">Tier {tierLabel(u)}</span>
                        </span>
                        {u.override && (
                          <span className="text-xs text-zinc-400">
                            Override {u.override.tier} until {formatDate(u.override.expiresAt)}
                            {u.overrideActive ? '' : ' (ended)'}
                          </span>
                        )}
                      </div>
                    </td>
                    <td className="w-px px-3 py-2">
                      <div className="flex w-[9.5rem] flex-wrap gap-1.5 whitespace-nowrap">
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`View details of ${u.email}`}
                          onClick={() => setDetails(u.userId)}
                        >
                          View
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Message ${u.email}`}
                          disabled={!online}
                          onClick={() => setMessageFor(u)}
                        >
                          Message
                        </Button>
                        {u.overrideActive ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Revoke override of ${u.email}`}
                            disabled={!online}
                            onClick={() => setRevokeFor(u)}
                          >
                            Revoke
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Override access of ${u.email}`}
                            disabled={!online}
                            onClick={() => setOverrideFor(u)}
                          >
                            Override
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Users pages"
            className="mt-4 flex items-center justify-between gap-3 text-sm text-zinc-300"
          >
            <Button
              size="sm"
              variant="secondary"
              disabled={page <= 1 || !data.prevCursor}
              onClick={() =>
                setPosition({
                  page: page - 1,
                  cursor: page - 1 === 1 ? undefined : (data.prevCursor ?? undefined),
                })
              }
            >
              Previous
            </Button>
            <span>{more ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
            <Button
              size="sm"
              variant="secondary"
              disabled={!data.nextCursor}
              onClick={() => setPosition({ page: page + 1, cursor: data.nextCursor ?? undefined })}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}

      <UserDetailsModal
        userId={details}
        onClose={() => setDetails(null)}
        onOverride={(u) => {
          setDetails(null);
          setOverrideFor(u);
        }}
        onRevoke={(u) => {
          setDetails(null);
          setRevokeFor(u);
        }}
      />
      <OverrideDialog user={overrideFor} onClose={() => setOverrideFor(null)} />
      <RevokeDialog user={revokeFor} onClose={() => setRevokeFor(null)} />
      <MessageDialog user={messageFor} onClose={() => setMessageFor(null)} onSent={setNotice} />
    </section>
  );
}
