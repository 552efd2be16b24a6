import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { addTestReadings } from '../history';
import { recordAdminAction } from '../../shared/admin-log.service';
import {
  findUserIdByEmail,
  insertUserRecord,
  setLastSignIn,
  userExists,
} from './admin-users.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** Creates the users row for `email` when there is none (ensureUserDocument); logged either way it acts. */
export async function createMissingUserRecord(
  ctx: Ctx,
  options: { admin: SessionUser; email: string },
): Promise<{ message: string; userId: string }> {
  const at = ctx.clock.now().toISOString();
  return transaction(ctx.db, async (trx) => {
    const existing = await findUserIdByEmail(trx, options.email);
    if (existing) return { message: 'A user record already exists', userId: existing };
    const id = newId();
    await insertUserRecord(trx, { id, email: options.email, at });
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'diagnostics_user_record_created',
      targetUserId: id,
      metadata: { email: options.email },
      at,
    });
    return { message: 'User record created', userId: id };
  });
}

/** Sets the user's last sign-in to now (updateUserLastSignIn). */
export async function touchLastSignIn(
  ctx: Ctx,
  options: { admin: SessionUser; userId: string },
): Promise<{ message: string; userId: string }> {
  const at = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (trx) => {
    if (!(await setLastSignIn(trx, options.userId, at))) {
      throw new AppError('not-found', 'User not found');
    }
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'diagnostics_last_sign_in_updated',
      targetUserId: options.userId,
      metadata: { lastSignInAt: at },
      at,
    });
  });
  return { message: 'Last sign-in updated', userId: options.userId };
}

/**
 * Writes `count` test recordings for the user (createTestRecording): marked is_test, and
 * soft-deleted so the user's history never shows them; the reading totals count them (that is
 * what the diagnostic checks) and the dashboard's counts leave them out.
 */
export async function createTestRecordings(
  ctx: Ctx,
  options: { admin: SessionUser; userId: string; count: number },
): Promise<{ message: string; userId: string }> {
  const at = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (trx) => {
    if (!(await userExists(trx, options.userId))) throw new AppError('not-found', 'User not found');
    await addTestReadings(trx, { userId: options.userId, count: options.count, at });
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'diagnostics_test_recordings_created',
      targetUserId: options.userId,
      metadata: { count: options.count },
      at,
    });
  });
  return {
    message: `${options.count} test recording${options.count === 1 ? '' : 's'} created`,
    userId: options.userId,
  };
}
