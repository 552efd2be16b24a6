import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { AppReady } from '../../components/layout/app-ready';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { PageSpinner } from '../../components/ui/page-spinner';
import { ScrollMemory } from '../../lib/scroll-memory';
import { usePendingWhileHydrating } from '../../lib/use-hydrated';
import { useSession } from '../../features/auth/api/get-session';
import { useSignOut } from '../../features/auth/api/sign-out';
import { PendingCheckout } from '../../features/billing/components/pending-checkout';
import { useUnreadCount } from '../../features/messages/api/get-inbox';

export function RootLayout() {
  const { user } = useSession();
  const signOut = useSignOut();
  // Drawn as none while React hydrates a page the server drew (decision 389).
  const unread = usePendingWhileHydrating(useUnreadCount(!!user));
  // Made once: a layout drawn again (the session answering) that reached a page rendered at
  // build time before its chunk arrived would make React throw that HTML away and draw the page
  // afresh, closing what the visitor had opened. The page follows the address by itself.
  const page = useMemo(
    () => (
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        <AppReady />
      </Suspense>
    ),
    [],
  );
  return (
    <div className="flex min-h-screen flex-col bg-zinc-950 text-zinc-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-brand-600 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header
        user={user}
        unreadMessages={user ? (unread.data?.unreadCount ?? 0) : undefined}
        onSignOut={() => signOut.mutate()}
      />
      {/* At least a screen tall: the footer starts below the fold, so a page replacing its
          loading spinner moves nothing on screen (CLS, decision 232). */}
      <main id="main" className="min-h-screen flex-1">
        {page}
      </main>
      <Footer />
      <PendingCheckout isSignedIn={!!user} />
      <ScrollMemory />
    </div>
  );
}
