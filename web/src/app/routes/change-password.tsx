import { useNavigate } from 'react-router';
import { AuthPanel } from '../../features/auth/components/auth-panel';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';

export function ChangePasswordRoute() {
  const navigate = useNavigate();
  return (
    <AuthPanel
      title="Change Password"
      subtitle="Enter your current password, then choose a new one. Other devices will be signed out."
    >
      <ChangePasswordForm onDone={() => void navigate('/studio')} />
    </AuthPanel>
  );
}
