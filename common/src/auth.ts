import { z } from 'zod';

export const roleSchema = z.enum(['user', 'admin']);

/** Who is signed in, as the web app sees it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Where sign-in leads when nothing asked for another page: free users rehearse (Practice), paid
 * users and admins go to the Studio.
 */
export const landingSchema = z.object({ path: z.enum(['/practice', '/studio']) });
export type Landing = z.infer<typeof landingSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Password rules: at least 8 characters (docs/glossary.md#passwords, docs/glossary.md#S1). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Every text the accounts screens and endpoints show, word for word. */
export const AUTH_TEXT = {
  incorrectCredentials: 'Incorrect email or password',
  invalidEmail: 'Please enter a valid email address',
  signInFailed: 'Failed to sign in. Please try again',
  accountDisabled: 'This account has been disabled.',
  magicLinkInvalidEmail: 'The email address is not valid.',
  magicLinkDisabledUser: 'This user account has been disabled.',
  magicLinkFailed: 'Failed to send magic link. Please try again.',
  signUpLinkFailed: 'Failed to send sign-in link. Please try again.',
  magicLinkSent: (email: string) => `Magic link sent to ${email}! Check your inbox.`,
  finishPrefix: 'Sign-in failed. ',
  finishExpired: 'Sign-in failed. This link has expired or has already been used.',
  finishWrongEmail: 'Sign-in failed. The email address is invalid.',
  finishDisabled: 'Sign-in failed. This account has been disabled.',
  finishFallback: 'Sign-in failed. Please request a new sign-in link.',
  /** Finish sign-up opened without a sign-in link's token (or with a token no link has). */
  finishInvalidLink: 'This link is invalid or has expired. Please request a new sign-in link.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordHint: `Must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordTooWeak: 'New password is too weak',
  changePasswordFailed: 'Failed to update password. Please try again',
  setPasswordSignInAgain: 'Please sign in again before setting a password',
  setPasswordTooWeak: 'Password is too weak. Please use a stronger password',
  setPasswordFailed: 'Failed to set password. Please try again',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  resetEmailFailed: 'Failed to send password reset email. Please try again.',
  resetLinkExpired: 'This password reset link has expired or has already been used.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  signInPrompt: 'Please sign in to view account settings.',
} as const;

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: AUTH_TEXT.invalidEmail }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: AUTH_TEXT.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: AUTH_TEXT.passwordTooLong });

export const signInInputSchema = z.object({
  email: emailField,
  // Any length may be tried; only new passwords are held to the rules.
  password: z.string().min(1, { message: AUTH_TEXT.incorrectCredentials }).max(1024),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const magicLinkInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: AUTH_TEXT.magicLinkInvalidEmail })),
});
export type MagicLinkInput = z.infer<typeof magicLinkInputSchema>;

/** The lengths a sign-in link's token can have; anything else is not a sign-in link. */
export const SIGN_IN_TOKEN_MIN_LENGTH = 16;
export const SIGN_IN_TOKEN_MAX_LENGTH = 200;

/** Whether `token` has the shape of a sign-in link's token (finish sign-up checks before posting). */
export function isSignInLinkToken(token: string | null): token is string {
  return (
    token !== null &&
    token.length >= SIGN_IN_TOKEN_MIN_LENGTH &&
    token.length <= SIGN_IN_TOKEN_MAX_LENGTH
  );
}

export const finishSignInInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: AUTH_TEXT.finishWrongEmail })),
  token: z
    .string()
    .min(SIGN_IN_TOKEN_MIN_LENGTH, { message: AUTH_TEXT.finishExpired })
    .max(SIGN_IN_TOKEN_MAX_LENGTH),
});
export type FinishSignInInput = z.infer<typeof finishSignInInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z.object({
  token: z.string().min(8, { message: AUTH_TEXT.resetLinkExpired }).max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, { message: AUTH_TEXT.currentPasswordIncorrect }).max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const setPasswordInputSchema = z.object({ newPassword: passwordSchema });
export type SetPasswordInput = z.infer<typeof setPasswordInputSchema>;

export const signInResponseSchema = z.object({ user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

export const accountResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  hasPassword: z.boolean(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/**
 * Where to go after sign-in: only a same-site path (no scheme, no host, no `//` or `\`),
 * else the Studio. Stops `?redirect=https://evil.example` from turning sign-in into an
 * open redirect. The path is checked again after normalising, because dot segments can turn
 * a harmless-looking path into a host: `/.//evil.example/x` resolves to `//evil.example/x`.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/studio'): string {
  if (!raw || typeof raw !== 'string' || !isPlainPath(raw)) return fallback;
  try {
    const url = new URL(raw, SAME_ORIGIN);
    if (url.origin !== SAME_ORIGIN) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isPlainPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

const SAME_ORIGIN = 'http://same.invalid';

/** Starts with exactly one `/`, and has no backslash or control character anywhere. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(path);
}
