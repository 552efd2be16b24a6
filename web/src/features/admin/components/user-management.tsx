import { useState } from 'react';
import { ADMIN_TEXTS } from '@doublecast/common/admin';
import { useOnline } from '../../../lib/use-online';
import { AdminLogPanel } from './admin-log-panel';
import { AdminUsersPanel } from './admin-users-panel';
import { DiagnosticsPanel } from './diagnostics-panel';
import { FeaturedVoicesPanel } from './featured-voices';
import { ReauthProvider } from './reauth';
import { Tabs } from './tabs';
import { VoiceManagementPanel } from './voice-management';
import { VoicePermissionsPanel } from './voice-permissions';

type Section = 'users' | 'voices' | 'permissions' | 'featured' | 'diagnostics' | 'log';

/** The User Management tab: "Admin Control Panel" with its own tabs and the offline banner. */
export function UserManagement() {
  const online = useOnline();
  const [section, setSection] = useState<Section>('users');
  return (
    <section aria-labelledby="admin-panel-title">
      <h2 id="admin-panel-title" className="text-2xl font-bold text-white">
        {ADMIN_TEXTS.panelTitle}
      </h2>
      {!online && (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-2 text-sm text-amber-200"
        >
          {ADMIN_TEXTS.offlineBanner}
        </p>
      )}
      <div className="mt-4">
        <Tabs
          label="Admin Control Panel"
          tabs={[
            { key: 'users', label: 'Users & Subscriptions' },
            { key: 'voices', label: 'Voice Management' },
            { key: 'permissions', label: 'Voice Permissions' },
            { key: 'featured', label: 'Featured Voices' },
            { key: 'diagnostics', label: 'Diagnostics' },
            { key: 'log', label: 'Admin Log' },
          ]}
          selected={section}
          onSelect={setSection}
        >
          {section === 'users' ? (
            <ReauthProvider>
              <AdminUsersPanel />
            </ReauthProvider>
          ) : section === 'voices' ? (
            <VoiceManagementPanel />
          ) : section === 'permissions' ? (
            <VoicePermissionsPanel />
          ) : section === 'featured' ? (
            <FeaturedVoicesPanel />
          ) : section === 'diagnostics' ? (
            <DiagnosticsPanel />
          ) : (
            <AdminLogPanel />
          )}
        </Tabs>
      </div>
    </section>
  );
}
