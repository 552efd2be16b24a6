import { PassThrough } from 'node:stream';
import { countCharacters } from '@doublecast/common/studio';
import type { UsageAction } from '@doublecast/common/usage';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { SynthesisSettings } from '@doublecast/common/studio';
import {
  applyPronunciations,
  readDirections,
  type Delivery,
  type PronunciationMap,
} from '@doublecast/common/direction';
import {
  commitReservation,
  refundReservation,
  reserveCharacters,
  type Reservation,
} from '../usage';
import type { SynthesizeResult, VoiceSummary } from '../voices';

type ChargedCtx = Pick<AppContext, 'db' | 'clock' | 'log' | 'synthesis'>;

/**
 * A piece that sends nothing for `stallTimeoutMs` is treated as failed. A charge still not
 * committed `abandonedAfterMs` after it was made belongs to a request that is gone (its process
 * stopped): the next request for it refunds it and charges anew (decision 260).
 */
export const chargedSynthesisTuning = { stallTimeoutMs: 30_000, abandonedAfterMs: 5 * 60_000 };

export const CHARGE_RUNNING_MESSAGE =
  'This audio is still being made for another request. Please try again in a moment.';

/** Longest piece: a longer sentence is cut at a space. */
const PIECE_MAX_CHARS = 300;

export const GENERATE_FAILED_MESSAGE = 'Failed to generate speech. Please try again.';

export interface ChargedSynthesisOptions {
  userId: string;
  text: string;
  voiceId: string;
  settings: SynthesisSettings;
  /** How the text is said (directions the voice acts on, and the take); absent: plain. */
  delivery?: Delivery;
  /**
   * Words said as respelled (decision 322): applied here, once per piece, and the engines are
   * given the pieces as said.
   */
  pronunciations?: PronunciationMap;
  /**
   * The text as said, when the caller has respelled it already (a rehearsal line, whose charge
   * key names what is said); only with unit `whole`, and then `pronunciations` is not used.
   */
  spoken?: string;
  action: UsageAction;
  /** The usage ledger's key for this charge; always built by the server (decision 100). */
  ledgerKey: string;
  metadata?: Record<string, unknown>;
  /**
   * `sentences` (the Studio): made and charged sentence by sentence, so a reading cut short is
   * charged for the sentences that were sent. `whole` (a rehearsal line): one unit.
   */
  unit: 'sentences' | 'whole';
  /**
   * A scene (docs/decisions/282): the text is these parts, each read by its own voice, made and
   * charged sentence by sentence like `sentences`; `text` and `voiceId` stay the reading's own.
   */
  parts?: readonly { voiceId: string; text: string }[];
  /**
   * Charged whole once any of it was sent, though made sentence by sentence (a Studio take): a
   * take is heard again for nothing, so one cut short must not leave the rest unpaid.
   */
  wholeOnceSent?: boolean;
  /** Already paid for (a rehearsal line bought before): nothing is reserved or charged. */
  prepaid?: boolean;
  /**
   * Runs once the charge is final (this reading's, or a committed one found under the same key),
   * before any audio is handed on: a rehearsal line records itself as paid here. Its failure is
   * only logged.
   */
  onCommit?: (reservation: Reservation) => Promise<void>;
  /**
   * Sees every chunk as it is sent (the Studio stores the reading as it passes); the next chunk
   * waits for what it returns (a store that is behind).
   */
  onChunk?: (chunk: Buffer) => void | Promise<void>;
  /**
   * Runs once the reading has ended and its charge is settled, whole or cut short, before the
   * stream ends or fails (so a caller that sees the end finds everything recorded). Its
   * failure is only logged.
   */
  beforeEnd?: (
    outcome: ChargedOutcome,
    reading: { voice: VoiceSummary; reservation: Reservation | null },
  ) => Promise<void>;
  requestId: string;
  signal: AbortSignal;
}

export interface ChargedOutcome {
  /** Every piece was made and sent. */
  complete: boolean;
  /** Characters charged in the end (0 for a prepaid reading). */
  charged: number;
  /** Every piece came from the user's synthesis cache. */
  cached: boolean;
}

export interface ChargedReading {
  voice: VoiceSummary;
  /** The charge, or null when prepaid. */
  reservation: Reservation | null;
  /** MP3 as it is made; the first bytes were made before this was returned. */
  audio: PassThrough;
  /** Settles (never rejects) once the reading has ended and its charge is final. */
  outcome: Promise<ChargedOutcome>;
}

/**
 * Each piece as said: the caller's respelled text for a whole line, else the piece with the
 * user's respellings applied. Respelled once here, for the charge and the engine alike.
 */
function saidPieces(pieces: readonly Piece[], options: ChargedSynthesisOptions): string[] {
  if (options.spoken !== undefined && options.unit === 'whole' && !options.parts)
    return [options.spoken.trim()];
  const map = options.pronunciations;
  return pieces.map((p) => (map?.size ? applyPronunciations(p.text, map) : p.text));
}

/**
 * What a reading of `written` characters costs: more when the user's respellings make it longer
 * to say, so a short word respelled long is not spoken for the price of the short one
 * (decision 323).
 */
function spokenCharge(pieces: readonly Piece[], said: readonly string[], written: number): number {
  let longer = 0;
  for (const [i, piece] of pieces.entries())
    longer += countCharacters(said[i]!) - countCharacters(piece.text);
  return written + Math.max(0, longer);
}

/**
 * The one charged synthesis (decision 102), for the Studio and rehearsal alike: reserve the
 * characters, synthesise, charge what was delivered, settle. The text is made piece by piece
 * (sentences); a piece counts as delivered once any of its audio was handed on. When the
 * reading stops early (the caller went away, the engine failed or stalled) the pieces never
 * sent are refunded, and everything is refunded when nothing was sent. A failure before the
 * first byte is thrown (an AppError) with everything refunded.
 */
export async function chargedSynthesis(
  ctx: ChargedCtx,
  options: ChargedSynthesisOptions,
): Promise<ChargedReading> {
  const { signal } = options;
  const pieces = options.parts ? scenePieces(options.parts) : piecesOf(options.text, options.unit);
  const written = options.parts ? (pieces.at(-1)?.end ?? 0) : countCharacters(options.text);
  const said = saidPieces(pieces, options);
  const total = spokenCharge(pieces, said, written);
  const held = options.prepaid ? null : await holdCharge(ctx, { ...options, characters: total });
  const reservation = held?.reservation ?? null;
  // This request made the charge: it is theirs to commit or refund. A committed charge found
  // under the key is answered as paid (the same rehearsal line again): nothing to settle.
  const owned = reservation !== null && !reservation.replayed;
  /** What stays charged when only the first `sent` pieces were sent: the text up to their end. */
  const chargeFor = (sent: number) =>
    sent === 0
      ? 0
      : sent >= pieces.length || options.wholeOnceSent
        ? total
        : Math.min(total, Math.ceil((pieces[sent - 1]!.end * total) / Math.max(1, written)));
  const settle = async (charged: number, reason: string) => {
    if (!owned || charged >= total) return;
    try {
      await refundReservation(ctx, {
        reservationId: reservation.reservationId,
        characters: total - charged,
        reason,
      });
    } catch (err) {
      ctx.log.error(
        { err, reservationId: reservation.reservationId },
        'failed to settle a reading',
      );
    }
  };

  const start = async (index: number) => {
    const result = await ctx.synthesis.synthesize({
      text: said[index]!,
      voiceId: pieces[index]!.voiceId ?? options.voiceId,
      settings: options.settings,
      ...(options.delivery ? { delivery: options.delivery } : {}),
      userId: options.userId,
      requestId: options.requestId,
      signal,
    });
    return { result, chunks: result.audio[Symbol.asyncIterator]() as AsyncIterator<Buffer> };
  };

  let current: Awaited<ReturnType<typeof start>> | undefined;
  let first: IteratorResult<Buffer>;
  try {
    if (signal.aborted) throw new AppError('aborted', 'Request was cancelled');
    current = await start(0);
    first = await withStallTimeout(current.chunks.next(), signal);
    if (first.done) throw new AppError('internal', GENERATE_FAILED_MESSAGE);
    // Final before any audio leaves: a request for the same charge that waited on this one then
    // finds it paid, and nothing sent against it can be refunded (decision 260).
    if (owned && !(await commitReservation(ctx, reservation)))
      throw new AppError('aborted', CHARGE_RUNNING_MESSAGE);
    if (reservation)
      await options
        .onCommit?.(reservation)
        .catch((err: unknown) =>
          ctx.log.error({ err, requestId: options.requestId }, 'failed to record a charge'),
        );
  } catch (err) {
    current?.result.audio.destroy();
    await settle(0, signal.aborted ? 'aborted' : 'synthesis_failed');
    if (err instanceof AppError) throw err;
    ctx.log.error({ err, requestId: options.requestId }, 'synthesis failed before the first byte');
    throw new AppError('internal', GENERATE_FAILED_MESSAGE);
  } finally {
    // Committed or refunded by now: requests waiting on this charge look again.
    held?.letGo();
  }

  const voice = current.result.voice;
  const out = new PassThrough();
  // The caller reads `audio`; a failure is reported through it, never as an unhandled error.
  out.on('error', () => undefined);
  let sentPieces = 0;
  let allCached = current.result.cached;
  const send = async (chunk: Buffer, index: number) => {
    if (out.destroyed) throw new AppError('aborted', 'Request was cancelled');
    sentPieces = Math.max(sentPieces, index + 1);
    await options.onChunk?.(chunk);
    // Respect the reader's pace, so "sent" is what the reader took, not a growing buffer.
    if (!out.write(chunk)) await drained(out, signal);
  };

  const finish = (outcome: ChargedOutcome) =>
    options
      .beforeEnd?.(outcome, { voice, reservation })
      .catch((err: unknown) =>
        ctx.log.error({ err, requestId: options.requestId }, 'failed to record a reading'),
      );

  const pump = async (): Promise<ChargedOutcome> => {
    let piece: { result: SynthesizeResult; chunks: AsyncIterator<Buffer> } = current;
    try {
      let next: IteratorResult<Buffer> = first;
      for (let index = 0; index < pieces.length; index++) {
        if (index > 0) {
          piece = await start(index);
          allCached &&= piece.result.cached;
          next = await withStallTimeout(piece.chunks.next(), signal);
        }
        while (!next.done) {
          await send(asBuffer(next.value), index);
          next = await withStallTimeout(piece.chunks.next(), signal);
        }
        await piece.result.done;
      }
    } catch (err) {
      piece.result.audio.destroy();
      const charged = owned ? chargeFor(sentPieces) : 0;
      await settle(charged, signal.aborted ? 'aborted' : 'synthesis_failed');
      if (!signal.aborted)
        ctx.log.error({ err, requestId: options.requestId }, 'synthesis failed mid-stream');
      const outcome = { complete: false, charged, cached: allCached };
      await finish(outcome);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
      return outcome;
    }
    const outcome = { complete: true, charged: owned ? total : 0, cached: allCached };
    // The reading is kept (history) before its last byte leaves, so a caller that has the whole
    // reading also finds it saved.
    await options
      .beforeEnd?.(outcome, { voice, reservation })
      .catch((err: unknown) =>
        ctx.log.error({ err, requestId: options.requestId }, 'failed to keep a finished reading'),
      );
    out.end();
    return outcome;
  };

  return {
    voice,
    reservation,
    audio: out,
    outcome: pump(),
  };
}

/**
 * How a read is said: the directions in the texts (a script's parenthetical, then the user's
 * note: of two opposites the later wins) that the voice acts on, and the take. Directions a
 * voice does not act on change nothing, so they neither make nor charge another read. Without a
 * voice (a scene, several voices) every direction is kept: each voice's engine drops its own.
 */
export async function deliveryFor(
  ctx: Pick<AppContext, 'synthesis'>,
  options: { voiceId: string | null; texts: (string | null | undefined)[]; take?: number },
): Promise<Delivery> {
  const { directions } = readDirections(...options.texts);
  const honoured =
    directions.length && options.voiceId !== null
      ? ((await ctx.synthesis.directionsFor?.(options.voiceId)) ?? [])
      : null;
  return {
    directions: honoured ? directions.filter((d) => honoured.includes(d)) : directions,
    take: options.take ?? 1,
  };
}

/** Requests of this process holding a charge that is not yet committed or refunded. */
const holding = new Map<string, { settled: Promise<void>; waiting: number }>();

/** How many charges are held and how many requests wait on them (diagnostics and tests). */
export function chargeHolds(): { held: number; waiting: number } {
  let waiting = 0;
  for (const h of holding.values()) waiting += h.waiting;
  return { held: holding.size, waiting };
}

/**
 * Takes the reading's charge (decision 260). A key held by another request of this process is
 * waited for until that request has committed it (then this one is answered as paid) or
 * refunded it (then this one charges anew). A key held elsewhere and not yet committed is
 * refused with 409, unless it is old enough to belong to a request that is gone: then it is
 * refunded (only while still uncommitted) and charged anew. `letGo` ends the hold once the
 * charge is committed or refunded.
 */
async function holdCharge(
  ctx: ChargedCtx,
  options: ChargedSynthesisOptions & { characters: number },
): Promise<{ reservation: Reservation; letGo: () => void }> {
  const id = `${options.userId}\u0000${options.ledgerKey}`;
  for (let attempt = 0; ; attempt++) {
    const other = holding.get(id);
    if (other) {
      other.waiting++;
      try {
        await untilSettled(other.settled, options.signal);
      } finally {
        other.waiting--;
      }
      continue;
    }
    let settle!: () => void;
    const hold = { settled: new Promise<void>((resolve) => (settle = resolve)), waiting: 0 };
    holding.set(id, hold);
    const letGo = () => {
      if (holding.get(id) === hold) holding.delete(id);
      settle();
    };
    let reservation: Reservation;
    try {
      reservation = await reserveCharacters(ctx, {
        userId: options.userId,
        characters: options.characters,
        idempotencyKey: options.ledgerKey,
        action: options.action,
        voiceId: options.voiceId,
        metadata: options.metadata,
      });
    } catch (err) {
      letGo();
      throw err;
    }
    if (!reservation.replayed) return { reservation, letGo };
    letGo();
    if (reservation.committed) return { reservation, letGo: () => undefined };
    const age = ctx.clock.now().getTime() - Date.parse(reservation.chargedAt);
    if (attempt >= 2 || age < chargedSynthesisTuning.abandonedAfterMs)
      throw new AppError('aborted', CHARGE_RUNNING_MESSAGE);
    // Nothing was ever sent against it (it would be committed): give it back, then charge anew.
    await refundReservation(ctx, {
      reservationId: reservation.reservationId,
      reason: 'abandoned',
    });
  }
}

function untilSettled(settled: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AppError('aborted', 'Request was cancelled'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** A piece of a reading: its text and where it ends in the trimmed text. */
export interface Piece {
  text: string;
  end: number;
  /** A scene's piece is read by its part's voice. */
  voiceId?: string;
}

/** A scene's pieces: each part's sentences, in its voice, their ends counted across the parts. */
function scenePieces(parts: readonly { voiceId: string; text: string }[]): Piece[] {
  const out: Piece[] = [];
  let before = 0;
  for (const part of parts) {
    if (!part.text.trim()) continue;
    for (const piece of piecesOf(part.text, 'sentences'))
      out.push({ text: piece.text, end: before + piece.end, voiceId: part.voiceId });
    before += countCharacters(part.text);
  }
  return out;
}

/**
 * The pieces a reading is made and charged in: its sentences (an over-long one cut at a space),
 * or the whole text. A piece with nothing to say (only punctuation) joins its neighbour, so the
 * pieces always hold every word. One pass over the text, no backtracking.
 */
export function piecesOf(text: string, unit: 'sentences' | 'whole'): Piece[] {
  const trimmed = text.trim();
  if (unit === 'whole') return [{ text: trimmed, end: trimmed.length }];
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  const close = (end: number) => {
    for (const span of cutLong(trimmed, start, end)) spans.push(span);
    start = end;
  };
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i]!;
    const endsHere = /\s/.test(trimmed[i + 1] ?? ' ');
    if (c === '\n') close(i + 1);
    else if (endsHere && (c === '.' || c === '!' || c === '?')) close(i + 1);
    else if (endsHere && CLOSERS.has(c) && /[.!?]/.test(trimmed[i - 1] ?? '')) close(i + 1);
  }
  close(trimmed.length);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    const says = (s: { start: number; end: number }) =>
      SAYS_SOMETHING.test(trimmed.slice(s.start, s.end));
    if (last && (!says(span) || !says(last))) last.end = span.end;
    else merged.push({ ...span });
  }
  if (merged.length === 0) return [{ text: trimmed, end: trimmed.length }];
  return merged.map((s) => ({ text: trimmed.slice(s.start, s.end), end: s.end }));
}

const CLOSERS = new Set(['"', "'", ')', ']']);
const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

/** The non-blank span [from, to) of `text`, cut at spaces into spans of at most the piece size. */
function cutLong(text: string, from: number, to: number): { start: number; end: number }[] {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const out: { start: number; end: number }[] = [];
  while (end - start > PIECE_MAX_CHARS) {
    let at = text.lastIndexOf(' ', start + PIECE_MAX_CHARS);
    if (at < start + PIECE_MAX_CHARS / 2) at = start + PIECE_MAX_CHARS;
    let pieceEnd = at;
    while (pieceEnd > start && /\s/.test(text[pieceEnd - 1]!)) pieceEnd--;
    out.push({ start, end: pieceEnd });
    start = at;
    while (start < end && /\s/.test(text[start]!)) start++;
  }
  if (end > start) out.push({ start, end });
  return out;
}

function asBuffer(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
}

function drained(stream: PassThrough, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onDrain = () => done(resolve);
    const onClose = () => done(() => reject(new AppError('aborted', 'Request was cancelled')));
    const onAbort = onClose;
    stream.once('drain', onDrain);
    stream.once('close', onClose);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function withStallTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => finish(() => reject(new AppError('aborted', 'Request was cancelled')));
    const timer = setTimeout(
      () => finish(() => reject(new AppError('unavailable', GENERATE_FAILED_MESSAGE))),
      chargedSynthesisTuning.stallTimeoutMs,
    );
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    if (signal.aborted) {
      // The stream is destroyed next, which rejects the pending read: nobody is waiting on it.
      promise.catch(() => undefined);
      return onAbort();
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e)),
    );
  });
}
