import type { ComponentType } from 'react';
import { AdminDashboardPanel } from '../../features/admin/components/admin-dashboard';
import { MonitorPanel } from '../../features/admin/components/monitor-panel';
import { UserManagement } from '../../features/admin/components/user-management';
import { BlogManagerPanel } from '../../features/blog/components/blog-manager';

export interface AdminTab {
  /** The `?tab=` value in the address (the first tab has none). */
  key: string;
  label: string;
  Panel: ComponentType;
}

/**
 * The /admin tabs, in this order: Dashboard, User Management, the voice-provider monitor,
 * Blog Management. A new tab is one entry here (keep Blog Management last); /admin renders the
 * tab list, the keyboard moves and the `?tab=` address from this list alone.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { key: 'dashboard', label: 'Dashboard', Panel: AdminDashboardPanel },
  { key: 'users', label: 'User Management', Panel: UserManagement },
  { key: 'monitor', label: 'API Monitor', Panel: MonitorPanel },
  { key: 'blog', label: 'Blog Management', Panel: BlogManagerPanel },
];

/** The tab an address names; an unknown or missing `?tab=` is the first tab. */
export function adminTabFor(key: string | null): AdminTab {
  return ADMIN_TABS.find((t) => t.key === key) ?? ADMIN_TABS[0]!;
}
