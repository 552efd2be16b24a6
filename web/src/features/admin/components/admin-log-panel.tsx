import { useState } from 'react';
import { ADMIN_LOG_ACTIONS, ADMIN_TEXTS, type AdminLogAction } from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { userMessage } from '../../../lib/user-message';
import { useAdminLogs } from '../api/list-admin-logs';
import { describeAdminAction } from './admin-log-text';
import { formatDateTime } from './format';

const ACTION_LABELS: Record<AdminLogAction, string> = {
  subscription_override: 'Override set',
  subscription_override_revoked: 'Override revoked',
  message_sent: 'Message sent',
  users_exported: 'Users exported',
  diagnostics_user_record_created: 'User record created',
  diagnostics_last_sign_in_updated: 'Last sign-in updated',
  diagnostics_test_recordings_created: 'Test recordings created',
  blog_post_created: 'Blog post created',
  blog_post_updated: 'Blog post updated',
  blog_post_published: 'Blog post published',
  blog_post_unpublished: 'Blog post unpublished',
  blog_post_deleted: 'Blog post deleted',
  voice_names_updated: 'Voice names updated',
  voice_category_changed: 'Voice category changed',
  voices_enabled_updated: 'Enabled voices updated',
  voices_featured: 'Voices featured',
  voices_unfeatured: 'Voices hidden',
  voices_imported: 'Voices imported',
  voice_permissions_updated: 'Voice permissions updated',
  voice_permissions_bulk_updated: 'Voice permissions set for all users',
};

/** The admin log, newest first, 100 a page, filtered by action or target user. */
export function AdminLogPanel() {
  const [action, setAction] = useState<AdminLogAction | ''>('');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminLogs({
    action: action || undefined,
    targetUserId: target.trim() || undefined,
    page,
  });
  return (
    <section aria-labelledby="admin-log-title">
      <h3 id="admin-log-title" className="text-lg font-semibold text-white">
        Admin Log
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium text-zinc-300">
          Action
          <select
            className="mt-1 rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white"
            value={action}
            onChange={(e) => {
              setAction(e.target.value as AdminLogAction | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {ADMIN_LOG_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-zinc-300">
          Target user ID
          <input
            className="mt-1 rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-white"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      {query.isError && (
        <Alert tone="error" className="mt-4">
          {userMessage(query.error, ADMIN_TEXTS.logFailed)}
        </Alert>
      )}
      {query.isPending ? (
        <p role="status" className="mt-4 text-zinc-300">
          Loading admin log...
        </p>
      ) : query.data ? (
        <div className="mt-3 overflow-x-auto rounded-xl border border-zinc-800">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Admin actions, newest first</caption>
            <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Time
                </th>
                <th scope="col" className="px-3 py-2">
                  What happened
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {query.data.entries.length === 0 && (
                <tr>
                  <td colSpan={2} className="px-3 py-6 text-center text-zinc-400">
                    No admin actions yet.
                  </td>
                </tr>
              )}
              {query.data.entries.map((e) => (
                <tr key={e.id} className="align-top">
                  <td className="whitespace-nowrap px-3 py-2 text-zinc-300">
                    {formatDateTime(e.createdAt)}
                  </td>
                  <td className="px-3 py-2">
                    <p className="text-white [overflow-wrap:anywhere]">{describeAdminAction(e)}</p>
                    <details className="mt-1 text-xs text-zinc-400">
                      <summary className="cursor-pointer select-none hover:text-zinc-200">
                        Details
                      </summary>
                      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                        <dt>Action</dt>
                        <dd className="font-mono">{e.action}</dd>
                        <dt>Admin ID</dt>
                        <dd className="font-mono break-all">{e.adminId}</dd>
                        {e.targetUserId && (
                          <>
                            <dt>Target user ID</dt>
                            <dd className="font-mono break-all">{e.targetUserId}</dd>
                          </>
                        )}
                      </dl>
                      <pre className="mt-2 max-w-full overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-zinc-950 p-2 font-mono text-zinc-300">
                        {JSON.stringify(e.metadata, null, 2)}
                      </pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav aria-label="Admin log pages" className="mt-4 flex items-center justify-between text-sm">
        <Button
          size="sm"
          variant="secondary"
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          Previous
        </Button>
        <span className="text-zinc-300">Page {page}</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={!query.data?.hasMore}
          onClick={() => setPage((p) => p + 1)}
        >
          Next
        </Button>
      </nav>
    </section>
  );
}
