import { lazy, useState } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import {
  BLOG_EDITOR_ACCESS_DENIED,
  BLOG_MANAGER_ACCESS_DENIED,
} from '@doublecast/common/blog-access';
import {
  AdminOrAccessDenied,
  AdminOrHome,
  SignedInOrHome,
  SignedInOrSignIn,
  UnknownPath,
} from './routes/guards';
import { HomeRoute } from './routes/home';
import { RootLayout } from './routes/root-layout';

/** A page in its own chunk; `preload` fetches it before the page is drawn. */
export type PageComponent = React.ComponentType & { preload(): Promise<void> };

// Each page is its own chunk, so the public pages load only what they show (docs/glossary.md#P5).
const page = <K extends string>(
  load: () => Promise<Record<K, React.ComponentType>>,
  name: K,
): PageComponent => {
  let loaded: React.ComponentType | undefined;
  const preload = async () => {
    loaded ??= (await load())[name];
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // A page whose chunk arrived before it was drawn (first-page.ts) is drawn at once, not after
  // a spinner; the choice is made once per mount, so a page is never mounted twice.
  function Page() {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload });
};

const AboutRoute = page(() => import('./routes/about'), 'AboutRoute');
const ContactRoute = page(() => import('./routes/contact'), 'ContactRoute');
const PricingRoute = page(() => import('./routes/pricing'), 'PricingRoute');
const PrivacyRoute = page(() => import('./routes/privacy'), 'PrivacyRoute');
const TermsRoute = page(() => import('./routes/terms'), 'TermsRoute');
const BlogRoute = page(() => import('./routes/blog'), 'BlogRoute');
const BlogPostRoute = page(() => import('./routes/blog-post'), 'BlogPostRoute');
const VoicesRoute = page(() => import('./routes/voices'), 'VoicesRoute');
const StudioRoute = page(() => import('./routes/studio'), 'StudioRoute');
const ScriptsRoute = page(() => import('./routes/scripts'), 'ScriptsRoute');
export const PracticeRoute = page(() => import('./routes/practice'), 'PracticeRoute');
export const PracticeRunRoute = page(() => import('./routes/practice-run'), 'PracticeRunRoute');
const SelfTapeRoute = page(() => import('./routes/practice-run'), 'SelfTapeRoute');
const SubscribeSuccessRoute = page(
  () => import('./routes/subscribe-success'),
  'SubscribeSuccessRoute',
);
const SubscribeCancelRoute = page(
  () => import('./routes/subscribe-cancel'),
  'SubscribeCancelRoute',
);
const CheckoutTestRoute = page(() => import('./routes/checkout-test'), 'CheckoutTestRoute');
const SignInRoute = page(() => import('./routes/sign-in'), 'SignInRoute');
const SignUpRoute = page(() => import('./routes/sign-up'), 'SignUpRoute');
const FinishSignUpRoute = page(() => import('./routes/finish-sign-up'), 'FinishSignUpRoute');
const ForgotPasswordRoute = page(() => import('./routes/forgot-password'), 'ForgotPasswordRoute');
const ResetPasswordRoute = page(() => import('./routes/reset-password'), 'ResetPasswordRoute');
const ChangePasswordRoute = page(() => import('./routes/change-password'), 'ChangePasswordRoute');
const SetPasswordRoute = page(() => import('./routes/set-password'), 'SetPasswordRoute');
const AccountRoute = page(() => import('./routes/account'), 'AccountRoute');
const AdminRoute = page(() => import('./routes/admin'), 'AdminRoute');
const AdminBlogRoute = page(() => import('./routes/admin-blog'), 'AdminBlogRoute');
// The rich-text editor (Tiptap) loads only with these two pages (decision 182).
const AdminBlogCreateRoute = page(
  () => import('./routes/admin-blog-editor'),
  'AdminBlogCreateRoute',
);
const AdminBlogEditRoute = page(() => import('./routes/admin-blog-editor'), 'AdminBlogEditRoute');
const MessagesRoute = page(() => import('./routes/messages'), 'MessagesRoute');

/**
 * Every route of the app. The browser draws it in app.tsx and the server renderer in
 * entry-server.tsx (decisions 234, 245), both through RouteTree, which adds the error screen.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/about', element: <AboutRoute /> },
      { path: '/contact', element: <ContactRoute /> },
      { path: '/pricing', element: <PricingRoute /> },
      { path: '/privacy', element: <PrivacyRoute /> },
      { path: '/terms', element: <TermsRoute /> },
      { path: '/blog', element: <BlogRoute /> },
      { path: '/blog/:slug', element: <BlogPostRoute /> },
      { path: '/voices', element: <VoicesRoute /> },
      {
        path: '/studio',
        element: (
          <SignedInOrHome>
            <StudioRoute />
          </SignedInOrHome>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <SignedInOrHome>
            <StudioRoute />
          </SignedInOrHome>
        ),
      },
      {
        path: '/scripts',
        element: (
          <SignedInOrHome>
            <ScriptsRoute />
          </SignedInOrHome>
        ),
      },
      {
        path: '/practice',
        element: (
          <SignedInOrHome>
            <PracticeRoute />
          </SignedInOrHome>
        ),
      },
      {
        path: '/practice/:scriptId',
        element: (
          <SignedInOrHome>
            <PracticeRunRoute />
          </SignedInOrHome>
        ),
      },
      {
        // Opened by loading the page: only its own document may use the camera (decision 310).
        path: '/practice/:scriptId/self-tape',
        element: (
          <SignedInOrHome>
            <SelfTapeRoute />
          </SignedInOrHome>
        ),
      },
      { path: '/subscribe/success', element: <SubscribeSuccessRoute /> },
      { path: '/subscribe/cancel', element: <SubscribeCancelRoute /> },
      {
        path: '/checkout/test',
        element: (
          <SignedInOrSignIn>
            <CheckoutTestRoute />
          </SignedInOrSignIn>
        ),
      },
      { path: '/sign-in', element: <SignInRoute /> },
      { path: '/signin', element: <SignInRoute /> },
      { path: '/sign-up', element: <SignUpRoute /> },
      { path: '/finish-sign-up', element: <FinishSignUpRoute /> },
      { path: '/forgot-password', element: <ForgotPasswordRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      {
        path: '/change-password',
        element: (
          <SignedInOrSignIn>
            <ChangePasswordRoute />
          </SignedInOrSignIn>
        ),
      },
      {
        path: '/set-password',
        element: (
          <SignedInOrSignIn>
            <SetPasswordRoute />
          </SignedInOrSignIn>
        ),
      },
      {
        path: '/account',
        element: (
          <SignedInOrSignIn>
            <AccountRoute />
          </SignedInOrSignIn>
        ),
      },
      {
        path: '/messages',
        element: (
          <SignedInOrSignIn>
            <MessagesRoute />
          </SignedInOrSignIn>
        ),
      },
      {
        path: '/admin',
        element: (
          <AdminOrHome>
            <AdminRoute />
          </AdminOrHome>
        ),
      },
      {
        path: '/admin/blog',
        element: (
          <AdminOrAccessDenied message={BLOG_MANAGER_ACCESS_DENIED}>
            <AdminBlogRoute />
          </AdminOrAccessDenied>
        ),
      },
      {
        path: '/admin/blog/create',
        element: (
          <AdminOrAccessDenied message={BLOG_EDITOR_ACCESS_DENIED}>
            <AdminBlogCreateRoute />
          </AdminOrAccessDenied>
        ),
      },
      {
        path: '/admin/blog/edit/:id',
        element: (
          <AdminOrAccessDenied message={BLOG_EDITOR_ACCESS_DENIED}>
            <AdminBlogEditRoute />
          </AdminOrAccessDenied>
        ),
      },
      { path: '/signup', element: <Navigate to="/sign-up" replace /> },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

// Guards are wired per route as features land: SignedInOrHome (studio, scripts, practice,
// dashboard), SignedInOrSignIn (account, password pages), AdminOrHome (admin).
export const guards = { SignedInOrHome, SignedInOrSignIn, AdminOrHome };
