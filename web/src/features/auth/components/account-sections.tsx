import type { ReactNode } from 'react';
import { AUTH_TEXT, type AccountResponse } from '@doublecast/common/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { useAccount } from '../api/get-account';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { userMessage } from '../../../lib/user-message';

/**
 * Loads the account once and hands it to its sections; signed out (or a session that ended)
 * shows a sign-in prompt instead. Other features' panels can sit among the children.
 */
export function AccountGate({ children }: { children: (account: AccountResponse) => ReactNode }) {
  const account = useAccount();
  if (account.isLoading) return <PageSpinner label="Loading account..." />;
  if (account.error instanceof ApiError && account.error.code === 'unauthenticated') {
    return (
      <Card className="flex flex-col items-start gap-4">
        <p className="text-zinc-300">{AUTH_TEXT.signInPrompt}</p>
        <ButtonLink to="/sign-in?redirect=%2Faccount">Sign In</ButtonLink>
      </Card>
    );
  }
  if (!account.data) {
    return (
      <Alert tone="error">
        {userMessage(account.error, 'Failed to load your account. Please try again.')}
      </Alert>
    );
  }
  return <>{children(account.data)}</>;
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

export function AccountDetails({ account }: { account: AccountResponse }) {
  return (
    <Section title="Profile" id="account-profile">
      <dl className="grid gap-4 sm:grid-cols-[9rem_1fr]">
        <dt className="text-sm text-zinc-400">Email</dt>
        <dd className="min-w-0 break-all font-medium text-white">
          {account.email}
          {account.role === 'admin' && (
            <span className="ml-2 text-sm font-semibold text-amber-300">[Admin]</span>
          )}
        </dd>
        <dt className="text-sm text-zinc-400">User ID</dt>
        <dd className="min-w-0 break-all font-mono text-sm text-zinc-200">{account.id}</dd>
      </dl>
    </Section>
  );
}

function Badge({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-500/15 text-emerald-300' : 'bg-zinc-700/50 text-zinc-300'
      }`}
    >
      {children}
    </span>
  );
}

export function SignInMethods({ account }: { account: AccountResponse }) {
  return (
    <Section title="Sign-in methods" id="account-methods">
      <ul className="divide-y divide-zinc-800">
        <li className="pb-4">
          <p className="flex items-center gap-2 font-medium text-white">
            Magic Link <Badge active>Active</Badge>
          </p>
          <p className="text-sm text-zinc-400">A one-time sign-in link sent to your email.</p>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-3 pt-4">
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium text-white">
              Password{' '}
              <Badge active={account.hasPassword}>
                {account.hasPassword ? 'Active' : 'Not Set'}
              </Badge>
            </p>
            <p className="text-sm text-zinc-400">
              {account.hasPassword
                ? 'Sign in with your email and password.'
                : 'Tip: set a password to sign in without waiting for an email.'}
            </p>
          </div>
          {account.hasPassword ? (
            <ButtonLink to="/change-password" variant="secondary" size="sm">
              Change Password
            </ButtonLink>
          ) : (
            <ButtonLink to="/set-password" size="sm">
              Set Password
            </ButtonLink>
          )}
        </li>
      </ul>
    </Section>
  );
}

export function AccountSecurity({ account }: { account: AccountResponse }) {
  const reset = useRequestPasswordReset();
  return (
    <Section title="Security" id="account-security">
      <p className="text-sm text-zinc-400">
        Forgot your password, or want to choose a new one by email? We&apos;ll send a reset link to{' '}
        <span className="break-all text-zinc-200">{account.email}</span>.
      </p>
      <div className="mt-4 flex flex-col gap-3" aria-live="polite">
        {reset.isSuccess && <Alert tone="success">{AUTH_TEXT.resetEmailSent}</Alert>}
        {reset.isError && (
          <Alert tone="error">{userMessage(reset.error, AUTH_TEXT.resetEmailFailed)}</Alert>
        )}
        <div>
          <Button
            variant="secondary"
            disabled={reset.isPending}
            onClick={() => reset.mutate({ email: account.email })}
          >
            {reset.isPending ? 'Sending...' : 'Send Password Reset Email'}
          </Button>
        </div>
      </div>
    </Section>
  );
}
