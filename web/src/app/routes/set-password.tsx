import { useNavigate } from 'react-router';
import { AuthPanel } from '../../features/auth/components/auth-panel';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';

export function SetPasswordRoute() {
  const navigate = useNavigate();
  return (
    <AuthPanel
      title="Set a Password"
      subtitle="Add a password to your account. You can then sign in either with a magic link or with your email and password."
    >
      <SetPasswordForm onDone={() => void navigate('/studio')} />
    </AuthPanel>
  );
}
