import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { AuthPanel, linkClass } from '../../features/auth/components/auth-panel';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { landingPath, ToLanding } from '../../features/auth/landing';
import { signInTarget } from '../../features/auth/sign-in-storage';

/** /sign-in and /signin: an already signed-in visitor goes straight on to the target. */
export function SignInRoute() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = signInTarget(params);
  if (isLoading) return <PageSpinner />;
  if (user) return target ? <Navigate to={target} replace /> : <ToLanding />;
  return (
    <AuthPanel
      title="Sign In"
      subtitle="Welcome back. Sign in to rehearse with your voices."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/sign-up" className={linkClass}>
            Create one
          </Link>
        </>
      }
    >
      <SignInForm
        redirect={target}
        onSignedIn={() =>
          void (target ? Promise.resolve(target) : landingPath()).then((to) =>
            navigate(to, { replace: true }),
          )
        }
      />
    </AuthPanel>
  );
}
