import { safeRedirectPath } from '@doublecast/common/auth';

/**
 * The magic-link flow keeps the email on this device (docs/glossary.md#magic-link), so that the page the
 * link opens can finish without asking again; on another device the page asks for it.
 */
const EMAIL_KEY = 'emailForSignIn';
const REDIRECT_KEY = 'doublecast.signInRedirect';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberSignIn(email: string, redirect: string | null): void {
  const s = storage();
  s?.setItem(EMAIL_KEY, email);
  if (redirect) s?.setItem(REDIRECT_KEY, redirect);
  else s?.removeItem(REDIRECT_KEY);
}

export function readSignInEmail(): string | null {
  return storage()?.getItem(EMAIL_KEY) ?? null;
}

/** The page the sign-in link was asked from; null when none was (then sign-in lands). */
export function readSignInRedirect(): string | null {
  const stored = storage()?.getItem(REDIRECT_KEY);
  return stored ? safeRedirectPath(stored) : null;
}

export function forgetSignIn(): void {
  storage()?.removeItem(EMAIL_KEY);
  storage()?.removeItem(REDIRECT_KEY);
}

/**
 * Where sign-in leads: `?redirect=` when it is a same-site path (else /studio), with the
 * page's other parameters carried along, so `/signin?redirect=/studio&voice=v1` ends on
 * `/studio?voice=v1`. Null without `?redirect=`: sign-in then lands where the server says
 * (Practice for free users, the Studio for paid ones: features/auth/landing.tsx).
 */
const AUTH_PAGES = new Set(['/sign-in', '/signin', '/sign-up', '/signup', '/finish-sign-up']);

export function signInTarget(search: URLSearchParams): string | null {
  const raw = search.get('redirect');
  if (!raw) return null;
  let target = safeRedirectPath(raw);
  // Back to a sign-in page would send a signed-in visitor round in a circle.
  if (AUTH_PAGES.has(new URL(target, 'http://same.invalid').pathname)) target = '/studio';
  const extra = new URLSearchParams(search);
  extra.delete('redirect');
  if ([...extra.keys()].length === 0) return target;
  const url = new URL(target, 'http://same.invalid');
  for (const [k, v] of extra) url.searchParams.append(k, v);
  return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`);
}
