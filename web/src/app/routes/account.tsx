import { ButtonLink } from '../../components/ui/button';
import {
  AccountDetails,
  AccountGate,
  AccountSecurity,
  SignInMethods,
} from '../../features/auth/components/account-sections';
import { SubscriptionPanel } from '../../features/billing/components/subscription-panel';
import { UsagePanel } from '../../features/studio/components/usage-panel';

/** /account: each panel is its own component, so other features can add theirs here. */
export function AccountRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Account Settings - Doublecast</title>
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-white">Account Settings</h1>
        <ButtonLink to="/studio" variant="secondary">
          Back to Studio
        </ButtonLink>
      </div>
      <AccountGate>
        {(account) => (
          <div className="flex flex-col gap-6">
            <AccountDetails account={account} />
            <SubscriptionPanel />
            <UsagePanel />
            <SignInMethods account={account} />
            <AccountSecurity account={account} />
          </div>
        )}
      </AccountGate>
    </div>
  );
}
