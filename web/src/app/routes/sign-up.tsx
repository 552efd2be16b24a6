import { Link } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { AuthPanel, linkClass } from '../../features/auth/components/auth-panel';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form';
import { ToLanding } from '../../features/auth/landing';

export function SignUpRoute() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (user) return <ToLanding />;
  return (
    <AuthPanel
      title="Create Your Account"
      subtitle="Enter your email and we'll send you a magic link. No password needed; you can add one later."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <MagicLinkForm variant="sign-up" />
    </AuthPanel>
  );
}
