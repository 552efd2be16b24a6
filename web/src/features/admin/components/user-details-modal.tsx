import { ADMIN_TEXTS, type AdminUserRow } from '@doublecast/common/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/user-message';
import { useAdminUser } from '../api/get-admin-user';
import {
  ACTIVITY_LABELS,
  countFormat,
  formatDate,
  formatDateTime,
  formatDays,
  tierLabel,
} from './format';

/** Per week since sign-up, for accounts at least 7 days old (docs/glossary.md#activity-status). */
function perWeek(total: number, days: number): string {
  if (days < 7) return 'N/A (account under 7 days old)';
  return (total / (days / 7)).toFixed(2);
}

/** User Details (docs/glossary.md#admin-users): every metric, then Override or Revoke, and Close. */
export function UserDetailsModal({
  userId,
  onClose,
  onOverride,
  onRevoke,
}: {
  userId: string | null;
  onClose: () => void;
  onOverride: (u: AdminUserRow) => void;
  onRevoke: (u: AdminUserRow) => void;
}) {
  const query = useAdminUser(userId);
  const u = query.data;
  const rows: [string, string][] = u
    ? [
        ['Email', u.email],
        ['User ID', u.userId],
        ['Sign-up date', formatDateTime(u.createdAt)],
        ['Days since sign-up', formatDays(u.daysSinceSignUp)],
        ['Last sign-in', formatDateTime(u.lastSignInAt)],
        ['Days since sign-in', formatDays(u.daysSinceLastSignIn)],
        ['Activity status', ACTIVITY_LABELS[u.activityStatus]],
        ['Payment status', u.stripeStatus.toUpperCase()],
        ['Last payment date', formatDate(u.lastPaymentDate)],
        ['Tier', tierLabel(u)],
        ['Recordings (total)', countFormat.format(u.recordingsCount)],
        ['First recording', formatDateTime(u.firstRecordingAt)],
        ['Last recording', formatDateTime(u.lastRecordingAt)],
        ['Recordings per week', perWeek(u.recordingsCount, u.daysSinceSignUp)],
        ['Characters (total)', countFormat.format(u.charactersTotal)],
        ['Characters per week', perWeek(u.charactersTotal, u.daysSinceSignUp)],
        [
          'Characters this month',
          `${countFormat.format(u.currentMonth.characters)} (${countFormat.format(u.currentMonth.generations)} readings)`,
        ],
        [
          'Characters last month',
          `${countFormat.format(u.lastMonth.characters)} (${countFormat.format(u.lastMonth.generations)} readings)`,
        ],
        ['Character limit', countFormat.format(u.characterLimit)],
        ['Remaining this month', countFormat.format(u.remainingThisMonth)],
        ['Override tier', u.override ? u.override.tier : 'None'],
        [
          'Override expires',
          u.override
            ? `${formatDateTime(u.override.expiresAt)}${u.overrideActive ? '' : ' (ended)'}`
            : 'N/A',
        ],
        ['Created', formatDateTime(u.createdAt)],
      ]
    : [];
  return (
    <Modal open={!!userId} title="User Details" onClose={onClose} wide>
      {query.isPending && <p role="status">Loading user...</p>}
      {query.isError && (
        <Alert tone="error">{userMessage(query.error, ADMIN_TEXTS.detailsFailed)}</Alert>
      )}
      {u && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-zinc-800 py-1.5">
              <dt className="text-zinc-400">{label}</dt>
              <dd
                className={`text-right font-medium text-white ${label === 'User ID' || label === 'Email' ? 'break-all' : 'break-words'}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {u &&
          (u.overrideActive ? (
            <Button className="!bg-red-600 hover:!bg-red-500" onClick={() => onRevoke(u)}>
              Revoke Override
            </Button>
          ) : (
            <Button onClick={() => onOverride(u)}>Override as Active Paid</Button>
          ))}
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      </div>
    </Modal>
  );
}
