import {
  ADMIN_REAUTH_MAX_AGE_MS,
  ADMIN_REAUTH_REASON,
  ADMIN_REAUTH_REQUIRED,
} from '@doublecast/common/admin';
import type { Clock } from '../../lib/clock';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';

/**
 * Overrides, revokes and exports need the admin to have proved who they are within the last
 * 10 minutes (a stolen, still-live admin session cannot grant access or take the user list).
 * Answers 401 with `details.reason = "reauth-required"`; the web app then asks for the password.
 */
export function requireRecentAuth(clock: Clock, admin: SessionUser): void {
  const at = admin.authenticatedAt ? Date.parse(admin.authenticatedAt) : NaN;
  if (!(clock.now().getTime() - at <= ADMIN_REAUTH_MAX_AGE_MS)) {
    throw new AppError('unauthenticated', ADMIN_REAUTH_REQUIRED, { reason: ADMIN_REAUTH_REASON });
  }
}
