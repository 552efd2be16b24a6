import { z } from 'zod';

/** Estimated provider cost, 0.18 USD per 1,000 characters (docs/glossary.md#admin-dashboard). */
export const PROVIDER_COST_PER_1000_CHARACTERS_USD = 0.18;

export const ADMIN_TITLE = 'Admin Control Center';
export const ADMIN_DASHBOARD_LOAD_ERROR = 'Failed to load dashboard data.';

/** The share of `errors` in `total` as a percentage with one decimal (0 when there is nothing). */
export function errorRatePercent(errors: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((errors / total) * 1000) / 10;
}

/** Estimated provider cost in USD for `characters`, rounded to a hundredth of a cent. */
export function estimatedCostUsd(characters: number): number {
  return Math.round((characters / 1000) * PROVIDER_COST_PER_1000_CHARACTERS_USD * 10_000) / 10_000;
}

/** A sum of per-request costs in USD, rounded to a hundredth of a cent. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 10_000) / 10_000;
}

export const adminDashboardSchema = z.object({
  /** The UTC day the "today" figures cover, YYYY-MM-DD. */
  day: z.string(),
  totalUsers: z.number().int().nonnegative(),
  newUsersToday: z.number().int().nonnegative(),
  /** Every reading ever made, including ones their owner later deleted. */
  totalRecordings: z.number().int().nonnegative(),
  apiRequestsToday: z.number().int().nonnegative(),
  apiErrorsToday: z.number().int().nonnegative(),
  /** Percent, one decimal. */
  apiErrorRateToday: z.number().nonnegative(),
  apiCharactersToday: z.number().int().nonnegative(),
  /** USD. */
  estimatedApiCostToday: z.number().nonnegative(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** Activity thresholds, in days since the last sign-in (docs/glossary.md#activity-status). */
export const ACTIVITY_THRESHOLD_DAYS = { inactive: 30, dormant: 60, churnRisk: 90 } as const;

export const activityStatusSchema = z.enum([
  'active',
  'inactive',
  'dormant',
  'churn_risk',
  'unknown',
]);
export type ActivityStatus = z.infer<typeof activityStatusSchema>;

/** Active (30 or fewer days), inactive (> 30), dormant (> 60), churn_risk (> 90): docs/glossary.md#activity-status. */
export function activityStatusFor(daysSinceLastSignIn: number | null): ActivityStatus {
  // A sign-in dated a moment ahead of the server clock counts as today.
  if (daysSinceLastSignIn === null) return 'unknown';
  if (daysSinceLastSignIn > ACTIVITY_THRESHOLD_DAYS.churnRisk) return 'churn_risk';
  if (daysSinceLastSignIn > ACTIVITY_THRESHOLD_DAYS.dormant) return 'dormant';
  if (daysSinceLastSignIn > ACTIVITY_THRESHOLD_DAYS.inactive) return 'inactive';
  return 'active';
}

const DAY_MS = 24 * 3600 * 1000;

/** Whole days from `fromIso` to `nowMs` (null when there is no date). */
export function wholeDaysSince(fromIso: string | null, nowMs: number): number | null {
  if (!fromIso) return null;
  return Math.floor((nowMs - Date.parse(fromIso)) / DAY_MS);
}

export const ADMIN_USER_SORTS = [
  'email',
  'signUp',
  'daysSinceSignUp',
  'lastSignIn',
  'daysSinceSignIn',
  'activity',
  'recordings',
  'characters',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** At most 200 users a page, 50 by default (docs/glossary.md#admin-users). */
export const ADMIN_USERS_MAX_PAGE_SIZE = 200;
export const ADMIN_USERS_DEFAULT_PAGE_SIZE = 50;

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const adminUserListQuerySchema = z.object({
  /** An email prefix or a user id. */
  q: z.string().trim().max(254, 'Search is too long').optional(),
  status: z.enum(['all', 'active', 'inactive', 'overridden']).default('all'),
  tier: z.enum(['all', 'free', 'paid', 'overridden']).default('all'),
  activity: z.enum(['all', 'active', 'inactive', 'dormant', 'churn_risk']).default('all'),
  sort: z.enum(ADMIN_USER_SORTS).default('signUp'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** The page's number, shown to the admin; without a cursor it is also the offset. */
  page: intFromQuery(1, 100_000, 1),
  pageSize: intFromQuery(1, ADMIN_USERS_MAX_PAGE_SIZE, ADMIN_USERS_DEFAULT_PAGE_SIZE),
  /** `nextCursor` or `prevCursor` of the page the admin is on: the next or previous page. */
  cursor: z.string().max(1000, 'Invalid cursor').optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const tierSchema = z.enum(['free', 'paid']);

/** What decides the tier: the subscription, an active override, or the admin role (always paid). */
export const tierSourceSchema = z.enum(['subscription', 'override', 'role']);
export type TierSource = z.infer<typeof tierSourceSchema>;

export const adminOverrideSchema = z.object({
  status: z.string(),
  tier: tierSchema,
  expiresAt: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** One row of the admin users list (docs/glossary.md#admin-users). */
export const adminUserRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  /** The tier that counts (after the override and admin rules). */
  tier: tierSchema,
  tierSource: tierSourceSchema,
  stripeStatus: z.enum(['active', 'inactive', 'canceled', 'past_due']),
  lastPaymentDate: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  override: adminOverrideSchema.nullable(),
  /** An override with status active that has not expired: it decides the tier. */
  overrideActive: z.boolean(),
  daysSinceSignUp: z.number().int(),
  daysSinceLastSignIn: z.number().int().nullable(),
  activityStatus: activityStatusSchema,
  recordingsCount: z.number().int().nonnegative(),
  charactersTotal: z.number().int().nonnegative(),
  firstRecordingAt: z.string().nullable(),
  lastRecordingAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  /** Users matching the search and filters (the table title's count). */
  total: z.number().int().nonnegative(),
  /** With filters, `total` counts up to a cap: true when more match ("1,000+"). */
  totalCapped: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** The `cursor` of the next and previous pages; null at either end. */
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const ADMIN_LOG_ACTIONS = [
  'subscription_override',
  'subscription_override_revoked',
  'message_sent',
  'users_exported',
  'diagnostics_user_record_created',
  'diagnostics_last_sign_in_updated',
  'diagnostics_test_recordings_created',
  'blog_post_created',
  'blog_post_updated',
  'blog_post_published',
  'blog_post_unpublished',
  'blog_post_deleted',
  'voice_names_updated',
  'voice_category_changed',
  'voices_enabled_updated',
  'voices_featured',
  'voices_unfeatured',
  'voices_imported',
  'voice_permissions_updated',
  'voice_permissions_bulk_updated',
] as const;
export type AdminLogAction = (typeof ADMIN_LOG_ACTIONS)[number];

/** Admin logs are read 100 at a time (docs/glossary.md#admin-logs). */
export const ADMIN_LOGS_PAGE_SIZE = 100;

export const adminLogQuerySchema = z.object({
  action: z.enum(ADMIN_LOG_ACTIONS).optional(),
  adminId: z.string().trim().min(1).max(64).optional(),
  targetUserId: z.string().trim().min(1).max(64).optional(),
  page: intFromQuery(1, 100_000, 1),
});
export type AdminLogQuery = z.infer<typeof adminLogQuerySchema>;

export const adminLogEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  /** The target user's email now; null without a target or once the user is deleted. */
  targetEmail: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;

export const adminLogListSchema = z.object({
  entries: z.array(adminLogEntrySchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  hasMore: z.boolean(),
});
export type AdminLogList = z.infer<typeof adminLogListSchema>;

/** Override defaults: tier paid, 30 days, input 1 to 365; reason "Admin override" (docs/glossary.md#override). */
export const OVERRIDE_DEFAULT_DAYS = 30;
export const OVERRIDE_MIN_DAYS = 1;
export const OVERRIDE_MAX_DAYS = 365;
export const OVERRIDE_DEFAULT_REASON = 'Admin override';
export const OVERRIDE_DAYS_ERROR = `Duration must be a whole number of days from ${OVERRIDE_MIN_DAYS} to ${OVERRIDE_MAX_DAYS}`;

export const adminOverrideInputSchema = z.object({
  tier: tierSchema.default('paid'),
  days: z
    .number(OVERRIDE_DAYS_ERROR)
    .int(OVERRIDE_DAYS_ERROR)
    .min(OVERRIDE_MIN_DAYS, OVERRIDE_DAYS_ERROR)
    .max(OVERRIDE_MAX_DAYS, OVERRIDE_DAYS_ERROR)
    .default(OVERRIDE_DEFAULT_DAYS),
  reason: z
    .string()
    .trim()
    .max(200, 'Reason must be at most 200 characters')
    .transform((r) => r || OVERRIDE_DEFAULT_REASON)
    .default(OVERRIDE_DEFAULT_REASON),
});
export type AdminOverrideInput = z.input<typeof adminOverrideInputSchema>;

const monthStatsSchema = z.object({
  generations: z.number().int(),
  characters: z.number().int(),
});

/** The User Details modal: the row plus this and last month from the usage ledger. */
export const adminUserDetailsSchema = adminUserRowSchema.extend({
  currentMonth: monthStatsSchema,
  lastMonth: monthStatsSchema,
  /** The monthly allowance of the tier that counts. */
  characterLimit: z.number().int(),
  remainingThisMonth: z.number().int(),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** The users table's load failures and the admin actions' errors (docs/glossary.md#admin-users). */
export const ADMIN_TEXTS = {
  panelTitle: 'Admin Control Panel',
  offlineBanner: 'You are currently offline. Some features may not work properly.',
  offline: 'You are currently offline. Please check your internet connection.',
  accessDenied: 'Access Denied. Ensure admin permissions.',
  loadFailed: (message: string) => `Failed to load users: ${message}`,
  unableToLoad: 'Unable to Load Admin Panel',
  loadingUsers: 'Loading users...',
  overrideError: (message: string) => `Error setting override: ${message}`,
  revokeError: (message: string) => `Error revoking override: ${message}`,
  exportError: (message: string) => `Error exporting CSV: ${message}`,
  messageError: (message: string) => `Error sending message: ${message}`,
  /** The {message} above when the server's wording is not for the user (web/src/lib/user-message.ts). */
  unexpected: 'Something went wrong. Please try again.',
  reauthFailed: 'Could not confirm your password. Please try again.',
  diagnosticFailed: 'The diagnostic could not run. Please try again.',
  detailsFailed: 'Failed to load user details.',
  logFailed: 'Failed to load the admin log.',
} as const;

/** The users list retries twice, 2 seconds apart, when unavailable or offline (docs/glossary.md#admin-users). */
export const ADMIN_USERS_RETRIES = 2;
export const ADMIN_RETRY_DELAY_MS = 2000;

/** Overrides, revokes and exports need an authentication newer than this (issue 12). */
export const ADMIN_REAUTH_MAX_AGE_MS = 10 * 60_000;
export const ADMIN_REAUTH_REQUIRED = 'Please enter your password again to continue.';
export const ADMIN_REAUTH_REASON = 'reauth-required';
export const adminReauthInputSchema = z.object({
  password: z.string().min(1, 'Current password is incorrect').max(1024),
});

/** Diagnostics (docs/glossary.md#diagnostics): create a missing user record, update last sign-in, test recordings. */
export const diagnosticsUserRecordInputSchema = z.object({
  email: z
    .email('Please enter a valid email address.')
    .max(254)
    .transform((e) => e.toLowerCase()),
});
export const diagnosticsUserInputSchema = z.object({ userId: z.string().trim().min(1).max(64) });
export const diagnosticsTestRecordingsInputSchema = diagnosticsUserInputSchema.extend({
  count: z
    .number()
    .int()
    .min(1, 'Count must be from 1 to 10')
    .max(10, 'Count must be from 1 to 10')
    .default(1),
});
export const diagnosticsResultSchema = z.object({ message: z.string(), userId: z.string() });
