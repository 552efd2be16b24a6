import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { ReadingRequestsTable } from '../../db/schema-readings';
import type { SynthesisSettings } from '@doublecast/common/studio';
import { AppError } from '../../lib/app-error';
import {
  deleteRequest,
  findRequest,
  insertRequest,
  updateRequest,
} from './reading-requests.repository';

type RequestsCtx = Pick<AppContext, 'db' | 'clock'>;

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Use a new key for a new reading.';
export const KEY_RUNNING_MESSAGE =
  'The first request with this Idempotency-Key is still running. Please wait for it to finish.';

/** What a reading request is: a retry must match all of it to count as the same request. */
export interface ReadingRequestParts {
  userId: string;
  route: string;
  text: string;
  voiceId: string;
  settings: SynthesisSettings;
  scriptId: string | null;
}

export function readingRequestHash(parts: ReadingRequestParts): string {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return createHash('sha256')
    .update(
      JSON.stringify([
        parts.userId,
        parts.route,
        parts.text.trim(),
        parts.voiceId,
        round(parts.settings.speed),
        round(parts.settings.stability),
        round(parts.settings.similarity),
        parts.scriptId,
      ]),
    )
    .digest('hex');
}

/** The key is new: this request owns it until it ends. */
export interface ClaimedRequest {
  kind: 'claimed';
  /** The reading was saved: a replay answers it. */
  finish(generationId: string): Promise<void>;
  /** Charged, but nothing was saved: a replay answers nothing. */
  spend(): Promise<void>;
  /** Nothing was charged: the key is free again, so a retry is a new request. */
  release(): Promise<void>;
}

/** The same request was made before with this key: its outcome, never a new synthesis. */
export interface ReplayedRequest {
  kind: 'replay';
  /** The reading the first request saved, if it did. */
  generationId: string | null;
}

/**
 * Binds an Idempotency-Key to its request (decision 100). A new key is claimed; the same key with
 * the same request is a replay; the same key with any other request, or while the first request
 * is still running, is refused with `aborted` (409).
 */
export async function claimReadingRequest(
  ctx: RequestsCtx,
  options: ReadingRequestParts & { idempotencyKey: string },
): Promise<ClaimedRequest | ReplayedRequest> {
  const id = {
    user_id: options.userId,
    route: options.route,
    idempotency_key: options.idempotencyKey,
  };
  const hash = readingRequestHash(options);
  const nowIso = ctx.clock.now().toISOString();
  const row: ReadingRequestsTable = {
    ...id,
    request_hash: hash,
    state: 'running',
    generation_id: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  if (!(await insertRequest(ctx.db.kysely, row))) {
    const existing = await findRequest(ctx.db.kysely, id);
    // Released between our insert and this read: the caller may simply retry.
    if (!existing) throw new AppError('aborted', KEY_RUNNING_MESSAGE);
    if (existing.request_hash !== hash) throw new AppError('aborted', KEY_REUSED_MESSAGE);
    if (existing.state === 'running') throw new AppError('aborted', KEY_RUNNING_MESSAGE);
    return { kind: 'replay', generationId: existing.generation_id };
  }
  const set = (state: ReadingRequestsTable['state'], generationId: string | null) =>
    updateRequest(ctx.db.kysely, id, {
      state,
      generation_id: generationId,
      updated_at: ctx.clock.now().toISOString(),
    });
  return {
    kind: 'claimed',
    finish: (generationId) => set('done', generationId),
    spend: () => set('spent', null),
    release: () => deleteRequest(ctx.db.kysely, id),
  };
}
