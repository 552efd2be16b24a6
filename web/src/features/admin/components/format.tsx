import type { ReactNode } from 'react';
import type { ActivityStatus, AdminUserRow } from '@doublecast/common/admin';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const countFormat = new Intl.NumberFormat('en-US');

export const formatDate = (iso: string | null) =>
  iso ? dateFormat.format(new Date(iso)) : 'Never';
export const formatDateTime = (iso: string | null) =>
  iso ? `${dateTimeFormat.format(new Date(iso))} UTC` : 'Never';
export const formatDays = (days: number | null) =>
  days === null ? 'N/A' : `${countFormat.format(days)} ${days === 1 ? 'day' : 'days'}`;

/** The tier that counts and, when not the subscription's, what decides it (an admin is always paid). */
export function tierLabel(u: Pick<AdminUserRow, 'tier' | 'tierSource'>): string {
  if (u.tierSource === 'role') return `${u.tier} (admin role)`;
  if (u.tierSource === 'override') return `${u.tier} (override)`;
  return u.tier;
}

export const ACTIVITY_LABELS: Record<ActivityStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  dormant: 'Dormant',
  churn_risk: 'Churn risk',
  unknown: 'Unknown',
};

export const ACTIVITY_TONES: Record<ActivityStatus, string> = {
  active: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  inactive: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  dormant: 'bg-orange-500/15 text-orange-300 ring-orange-500/30',
  churn_risk: 'bg-red-500/15 text-red-300 ring-red-500/30',
  unknown: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30',
};

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {children}
    </span>
  );
}
