import { useSearchParams } from 'react-router';
import { AuthPanel } from '../../features/auth/components/auth-panel';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Where a password reset email leads; the token rides in the query. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthPanel
      title="Choose a New Password"
      subtitle="Pick a password you don't use anywhere else."
    >
      <ResetPasswordForm token={params.get('token')} />
    </AuthPanel>
  );
}
