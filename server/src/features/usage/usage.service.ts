import {
  CHARACTER_LIMIT_REASON,
  MONTHLY_CHARACTER_LIMITS,
  characterLimitMessage,
  remainingCharacters,
  type MonthlyUsage,
  type UsageAction,
} from '@doublecast/common/usage';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { utcMonthKey, utcMonthStart, utcMonthStartAfter } from '../../lib/calendar';
import { newId } from '../../lib/ids';
import { getSubscriptionStatus } from '../billing';
import {
  consumeCharacters,
  ensureCounter,
  findCharge,
  findChargeByKey,
  findCounter,
  findRefundOf,
  giveBackCharacters,
  lockCounter,
  commitCharge,
  insertLedgerRow,
  releaseUncommittedKey,
  setLedgerDuration,
  sumUsageBetween,
} from './usage.repository';
import { isUniqueViolation } from '../../db/unique-violation';

type UsageCtx = Pick<AppContext, 'db' | 'clock'>;

/**
 * The monthly character allowance, shared by the Studio and rehearsal. A counter row per user
 * per UTC month is checked and consumed in one conditional UPDATE, and every change to it has a
 * ledger row written in the same transaction, so the counter always equals the ledger (docs/glossary.md#R1).
 * See docs/decisions/040-monthly-allowance-counter-and-ledger.md.
 */
export async function getMonthlyUsage(
  ctx: UsageCtx,
  options: { userId: string },
): Promise<MonthlyUsage> {
  const now = ctx.clock.now();
  const { tier, limit } = await getAllowance(ctx, options.userId);
  const used = await findCounter(ctx.db.kysely, options.userId, utcMonthKey(now));
  return {
    used,
    limit,
    remaining: remainingCharacters(used, limit),
    monthStart: utcMonthStart(now).toISOString(),
    tier,
    resetsAt: utcMonthStartAfter(now, 1).toISOString(),
  };
}

/** The tier that counts and its monthly allowance. */
async function getAllowance(ctx: UsageCtx, userId: string) {
  const { tier } = await getSubscriptionStatus(ctx, userId);
  return { tier, limit: MONTHLY_CHARACTER_LIMITS[tier] };
}

export interface Reservation {
  reservationId: string;
  used: number;
  limit: number;
  remaining: number;
  /** True when this idempotency key was already charged: nothing new was consumed. */
  replayed: boolean;
  /**
   * For a replay: whether that charge is final (decision 260). An uncommitted one belongs to a
   * request that has not sent anything yet; only a committed one may be answered as paid.
   */
  committed: boolean;
  /** When the charge was made (for a replay: the first request's time). */
  chargedAt: string;
}

export async function reserveCharacters(
  ctx: UsageCtx,
  options: {
    userId: string;
    characters: number;
    idempotencyKey: string;
    action: UsageAction;
    voiceId: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<Reservation> {
  const { userId, characters, idempotencyKey } = options;
  if (!Number.isInteger(characters) || characters <= 0) {
    throw new AppError('invalid-argument', 'Please enter some text');
  }
  if (!idempotencyKey || idempotencyKey.length > 200) {
    throw new AppError('invalid-argument', 'Invalid idempotency key');
  }
  const { tier, limit } = await getAllowance(ctx, userId);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const month = utcMonthKey(now);

  // A concurrent request with the same key can pass the lookup at the same time on PostgreSQL;
  // the unique index then refuses the second ledger row, its transaction rolls back (counter
  // included) and the retry finds the first charge.
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(ctx.db, async (trx): Promise<Reservation> => {
        const existing = await findChargeByKey(trx, userId, idempotencyKey);
        if (existing) {
          const used = await findCounter(trx, userId, month);
          return {
            reservationId: existing.id,
            used,
            limit,
            remaining: remainingCharacters(used, limit),
            replayed: true,
            committed: existing.committed_at !== null,
            chargedAt: existing.created_at,
          };
        }
        await ensureCounter(trx, userId, month, nowIso);
        const used = await consumeCharacters(trx, {
          userId,
          month,
          characters,
          limit,
          now: nowIso,
        });
        if (used === null) {
          const currentUsage = await findCounter(trx, userId, month);
          const remaining = remainingCharacters(currentUsage, limit);
          const resetsAt = utcMonthStartAfter(now, 1).toISOString();
          throw new AppError(
            'resource-exhausted',
            characterLimitMessage(remaining, { tier, resetsAt }),
            {
              reason: CHARACTER_LIMIT_REASON,
              currentUsage,
              limit,
              remaining,
            },
          );
        }
        const reservationId = newId();
        await insertLedgerRow(trx, {
          id: reservationId,
          user_id: userId,
          month,
          kind: 'charge',
          action: options.action,
          voice_id: options.voiceId,
          character_count: characters,
          idempotency_key: idempotencyKey,
          request_key: idempotencyKey,
          refund_of: null,
          duration: null,
          metadata: JSON.stringify(options.metadata ?? {}),
          created_at: nowIso,
          committed_at: null,
        });
        return {
          reservationId,
          used,
          limit,
          remaining: remainingCharacters(used, limit),
          replayed: false,
          committed: false,
          chargedAt: nowIso,
        };
      });
    } catch (e) {
      if (attempt < 3 && isUniqueViolation(e)) continue;
      throw e;
    }
  }
}

/**
 * Makes a charge final (decision 260): called before its reading's first audio is handed on.
 * From then on a replay of its key answers it as paid and it is never refunded whole. False when
 * the charge was refunded whole first (its key freed): then nothing may be sent against it.
 */
export async function commitReservation(
  ctx: UsageCtx,
  options: { reservationId: string },
): Promise<boolean> {
  return commitCharge(ctx.db.kysely, options.reservationId, ctx.clock.now().toISOString());
}

/**
 * Gives a reservation's characters back (a failed or abandoned synthesis): all of them, or
 * `characters` of them when part of the reading was delivered (decision 102). Idempotent: a
 * charge is settled once, and a second call changes nothing. The refund goes to the month the
 * charge was made in. After a full refund the idempotency key is free again, so a retry of the
 * failed request is charged (once). A committed charge is never refunded whole: something was
 * sent against it (decision 260).
 */
export async function refundReservation(
  ctx: UsageCtx,
  options: { reservationId: string; characters?: number; reason?: string },
): Promise<{ refunded: boolean }> {
  const nowIso = ctx.clock.now().toISOString();
  try {
    return await transaction(ctx.db, async (trx) => {
      const charge = await findCharge(trx, options.reservationId);
      if (!charge) throw new AppError('not-found', 'Reservation not found');
      if (await findRefundOf(trx, charge.id)) return { refunded: false };
      const charged = Number(charge.character_count);
      const characters = Math.min(charged, options.characters ?? charged);
      if (!Number.isInteger(characters) || characters <= 0) return { refunded: false };
      // The month's counter is locked first, then the ledger (the charge's key, and the refund
      // whose trigger writes the user's row): the order a reservation takes them in, so a refund
      // racing a retry of its request can never deadlock on PostgreSQL.
      await lockCounter(trx, charge.user_id, charge.month);
      if (characters === charged && !(await releaseUncommittedKey(trx, charge.id)))
        return { refunded: false };
      await giveBackCharacters(trx, {
        userId: charge.user_id,
        month: charge.month,
        characters,
        now: nowIso,
      });
      await insertLedgerRow(trx, {
        id: newId(),
        user_id: charge.user_id,
        month: charge.month,
        kind: 'refund',
        action: charge.action,
        voice_id: charge.voice_id,
        character_count: -characters,
        idempotency_key: null,
        request_key: charge.request_key,
        refund_of: charge.id,
        duration: null,
        metadata: JSON.stringify(options.reason ? { reason: options.reason } : {}),
        created_at: nowIso,
        committed_at: null,
      });
      return { refunded: true };
    });
  } catch (e) {
    // Two refunds of one charge at once on PostgreSQL: the unique refund_of index keeps one.
    if (isUniqueViolation(e)) return { refunded: false };
    throw e;
  }
}

/** Fills in a usage row's duration once the audio's length is known. */
export async function recordUsageDuration(
  ctx: UsageCtx,
  options: { reservationId: string; duration: number },
): Promise<void> {
  await setLedgerDuration(ctx.db.kysely, options.reservationId, options.duration);
}

/** A user's usage: characters and readings in [monthStart, monthEnd). */
export async function getUsageStats(
  ctx: UsageCtx,
  options: { userId: string; monthStart?: Date; monthEnd?: Date },
): Promise<{ totalCharacters: number; totalReadings: number }> {
  const now = ctx.clock.now();
  return sumUsageBetween(ctx.db.kysely, {
    userId: options.userId,
    from: (options.monthStart ?? utcMonthStart(now)).toISOString(),
    to: (options.monthEnd ?? utcMonthStartAfter(now, 1)).toISOString(),
  });
}
