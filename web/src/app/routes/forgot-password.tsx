import { Link } from 'react-router';
import { AuthPanel, linkClass } from '../../features/auth/components/auth-panel';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <AuthPanel
      title="Forgot Password"
      subtitle="Enter your email and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/sign-in" className={linkClass}>
            Back to Sign In
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthPanel>
  );
}
