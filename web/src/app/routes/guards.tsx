import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { HomeRoute } from './home';

/**
 * Route guards that mirror the server's rules (the server is the real guard; these only keep
 * people from landing on pages they cannot use), per the spec's route table.
 */
export function SignedInOrHome({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  return user ? children : <HomeRoute />;
}

export function SignedInOrSignIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user)
    return (
      <Navigate
        to={`/sign-in?redirect=${encodeURIComponent(location.pathname + location.search)}`}
        replace
      />
    );
  return children;
}

export function AdminOrHome({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  return user?.role === 'admin' ? children : <HomeRoute />;
}

/** Any unknown path: to /studio when signed in, else /sign-in. */
export function UnknownPath() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  return <Navigate to={user ? '/studio' : '/sign-in'} replace />;
}
