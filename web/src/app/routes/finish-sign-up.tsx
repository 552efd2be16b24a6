import { useNavigate, useSearchParams } from 'react-router';
import { AuthPanel } from '../../features/auth/components/auth-panel';
import { FinishSignUp } from '../../features/auth/components/finish-sign-up';

export function FinishSignUpRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthPanel title="Finish Signing In">
      <FinishSignUp
        token={params.get('token')}
        onSignedIn={(target) => void navigate(target, { replace: true })}
      />
    </AuthPanel>
  );
}
