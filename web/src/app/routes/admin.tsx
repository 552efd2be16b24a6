import { useSearchParams } from 'react-router';
import { ADMIN_TITLE } from '@doublecast/common/admin';
import { Tabs } from '../../features/admin/components/tabs';
import { ADMIN_TABS, adminTabFor } from './admin-tabs';

/** /admin (admins only, guarded in router.tsx; the server checks every call too). */
export function AdminRoute() {
  const [params, setParams] = useSearchParams();
  const tab = adminTabFor(params.get('tab'));
  const first = ADMIN_TABS[0]!.key;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-12 pb-24 sm:px-6 sm:pt-16">
      <title>{`${ADMIN_TITLE} - Doublecast`}</title>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">Admin</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {ADMIN_TITLE}
      </h1>
      <div className="mt-8">
        <Tabs
          label="Admin Control Center"
          tabs={ADMIN_TABS}
          selected={tab.key}
          onSelect={(key) => setParams(key === first ? {} : { tab: key }, { replace: true })}
        >
          <tab.Panel />
        </Tabs>
      </div>
    </div>
  );
}
