import { useSearchParams } from 'react-router';
import { ADMIN_TITLE } from '@doublecast/common/admin';
import { ButtonLink } from '../../components/ui/button';
import { AdminDashboardPanel } from '../../features/admin/components/admin-dashboard';
import { Tabs } from '../../features/admin/components/tabs';
import { UserManagement } from '../../features/admin/components/user-management';

type AdminTab = 'dashboard' | 'users';

/** /admin (admins only, guarded in router.tsx; the server checks every call too). */
export function AdminRoute() {
  const [params, setParams] = useSearchParams();
  const tab: AdminTab = params.get('tab') === 'users' ? 'users' : 'dashboard';
  return (
    <div className="mx-auto max-w-7xl px-4 pt-12 pb-24 sm:px-6 sm:pt-16">
      <title>{`${ADMIN_TITLE} - Doublecast`}</title>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">Admin</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
          {ADMIN_TITLE}
        </h1>
        <ButtonLink variant="secondary" to="/admin/blog">
          Blog Management
        </ButtonLink>
      </div>
      <div className="mt-8">
        <Tabs
          label="Admin Control Center"
          tabs={[
            { key: 'dashboard', label: 'Dashboard' },
            { key: 'users', label: 'User Management' },
          ]}
          selected={tab}
          onSelect={(key) => setParams(key === 'dashboard' ? {} : { tab: key }, { replace: true })}
        >
          {tab === 'dashboard' ? <AdminDashboardPanel /> : <UserManagement />}
        </Tabs>
      </div>
    </div>
  );
}
