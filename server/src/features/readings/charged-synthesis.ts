import { PassThrough } from 'node:stream';
import { countCharacters } from '@doublecast/common/studio';
import type { UsageAction } from '@doublecast/common/usage';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { SynthesisSettings } from '@doublecast/common/studio';
import { refundReservation, reserveCharacters, type Reservation } from '../usage/usage.service';
import type { SynthesizeResult, VoiceSummary } from '../voices/synthesis.types';

type ChargedCtx = Pick<AppContext, 'db' | 'clock' | 'log' | 'synthesis'>;

/** A piece that sends nothing for `stallTimeoutMs` is treated as failed. */
export const chargedSynthesisTuning = { stallTimeoutMs: 30_000 };

/** Longest piece: a longer sentence is cut at a space. */
const PIECE_MAX_CHARS = 300;

export const GENERATE_FAILED_MESSAGE = 'Failed to generate speech. Please try again.';

export interface ChargedSynthesisOptions {
  userId: string;
  text: string;
  voiceId: string;
  settings: SynthesisSettings;
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
  /** Already paid for (a rehearsal line bought before): nothing is reserved or charged. */
  prepaid?: boolean;
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
  const total = options.parts ? (pieces.at(-1)?.end ?? 0) : countCharacters(options.text);
  const reservation = options.prepaid
    ? null
    : await reserveCharacters(ctx, {
        userId: options.userId,
        characters: total,
        idempotencyKey: options.ledgerKey,
        action: options.action,
        voiceId: options.voiceId,
        metadata: options.metadata,
      });
  // A concurrent request already holds this charge (the same rehearsal line twice at once): it
  // is theirs to settle, so this one neither charges nor refunds.
  const owned = reservation !== null && !reservation.replayed;
  /** What stays charged when only the first `sent` pieces were sent: the text up to their end. */
  const chargeFor = (sent: number) =>
    sent === 0 ? 0 : sent >= pieces.length ? total : Math.min(total, pieces[sent - 1]!.end);
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
      text: pieces[index]!.text,
      voiceId: pieces[index]!.voiceId ?? options.voiceId,
      settings: options.settings,
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
  } catch (err) {
    current?.result.audio.destroy();
    await settle(0, signal.aborted ? 'aborted' : 'synthesis_failed');
    if (err instanceof AppError) throw err;
    ctx.log.error({ err, requestId: options.requestId }, 'synthesis failed before the first byte');
    throw new AppError('internal', GENERATE_FAILED_MESSAGE);
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
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e)),
    );
  });
}
