import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { useHydrated } from '../../lib/use-hydrated';
import { useSignedInPage } from '../../lib/signed-in-page';
import { HomeRoute } from './home';

/**
 * Route guards that mirror the server's rules (the server is the real guard; these only keep
 * people from landing on pages they cannot use), per the route table.
 */
export function SignedInOrHome({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  // A page the server drew for a signed-in user (decision 389) is hydrated as drawn, and stays
  // while the session is read; a session that has ended since then shows the home page.
  const drawnSignedIn = useSignedInPage() !== null;
  const hydrated = useHydrated();
  if (drawnSignedIn && (!hydrated || isLoading)) return children;
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

/** Blog manager and editor: non-admins see "Access Denied" with the page's message. */
export function AdminOrAccessDenied({
  message,
  children,
}: {
  message: string;
  children: ReactNode;
}) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (user?.role === 'admin') return children;
  return (
    <div className="mx-auto max-w-xl px-4 pt-16 pb-24 text-center sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-white">Access Denied</h1>
      <p className="mt-4 text-zinc-300">{message}</p>
    </div>
  );
}

/** Any unknown path: to /studio when signed in, else /sign-in. */
export function UnknownPath() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  return <Navigate to={user ? '/studio' : '/sign-in'} replace />;
}
