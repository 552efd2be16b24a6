import { ADMIN_TITLE } from '@doublecast/common/admin';
import { AdminDashboardPanel } from '../../features/admin/components/admin-dashboard';

/** /admin (admins only, guarded in router.tsx; the server checks every call too). */
export function AdminRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-24 sm:px-6 sm:pt-16">
      <title>{`${ADMIN_TITLE} - Doublecast`}</title>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">Admin</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {ADMIN_TITLE}
      </h1>
      <div className="mt-10">
        <AdminDashboardPanel />
      </div>
    </div>
  );
}
