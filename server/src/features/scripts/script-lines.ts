import { setImmediate } from 'node:timers/promises';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { ScriptsTable } from '../../db/schema-scripts';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { LINE_PAGE_SIZE, linePage, type PreparedLines } from './rehearsal-lines';
import type { ReadJob, ReadScript } from './script-reading';
import {
  deleteLineRange,
  findRehearsalState,
  findScript,
  findScriptLine,
  finishLines,
  holdScriptWithSplit,
  insertScriptLines,
  readScriptLineHeads,
  readScriptLines,
  startLines,
} from './scripts.repository';

type ScriptsCtx = Pick<AppContext, 'db' | 'clock'>;

/**
 * A script's spoken lines, prepared for rehearsal (decision 261): written as a set of rows under
 * a key of their own after the script itself is saved, a few pages a transaction with other
 * requests let in between, and read only once script_rehearsal names the set complete. The
 * script's own row (which holds the text) is never written again for them.
 */

/** Pages of prepared lines written in one transaction (a page between two turns of the loop). */
const LINE_PAGES_PER_COMMIT = 4;
/** Prepared lines removed between two turns of the event loop. */
const LINES_REMOVED_PER_TURN = 1000;
/** How often a script's lines are prepared again when saves of it keep coming first. */
const PREPARE_ATTEMPTS = 3;
const NOT_FOUND = 'Script not found';
const SCRIPT_BUSY_MESSAGE = 'This script is being changed. Please try again in a moment.';

/** Preparations of lines in this process, by script: each waits for the one before it. */
const preparing = new Map<string, Promise<void>>();

function oneAtATime(scriptId: string, prepare: () => Promise<void>): Promise<void> {
  const before = preparing.get(scriptId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(prepare);
  preparing.set(scriptId, mine);
  return mine.finally(() => {
    if (preparing.get(scriptId) === mine) preparing.delete(scriptId);
  });
}

/**
 * Writes the lines of a split just saved (named pending with `linesKey` in the save's
 * transaction), marks them complete while the script still names them, and removes the set they
 * replace. A save that came in between leaves this set unnamed: it is removed instead.
 */
export function writeSavedLines(
  ctx: ScriptsCtx,
  options: { scriptId: string; linesKey: string; lines: PreparedLines; replaced: string | null },
): Promise<void> {
  return oneAtATime(options.scriptId, async () => {
    await removeLineSet(ctx, options.replaced);
    await writeLineSet(ctx, options);
  });
}

async function writeLineSet(
  ctx: ScriptsCtx,
  options: { scriptId: string; linesKey: string; lines: PreparedLines },
): Promise<void> {
  const { lines, linesKey, scriptId } = options;
  const pages = lines.pageEnds.length;
  for (let p = 0; p < pages; p += LINE_PAGES_PER_COMMIT) {
    if (p > 0) await setImmediate();
    await transaction(ctx.db, async (trx) => {
      for (let q = p; q < Math.min(pages, p + LINE_PAGES_PER_COMMIT); q++) {
        if (q > p) await setImmediate();
        await insertScriptLines(
          trx,
          linePage(lines, q).map(
            ([line_id, speaker, text, characters, text_hash, directions], i) => ({
              lines_key: linesKey,
              script_id: scriptId,
              line_index: q * LINE_PAGE_SIZE + i,
              line_id,
              speaker,
              text,
              characters,
              text_hash,
              directions: directions || null,
            }),
          ),
          ctx.db.dialect,
        );
      }
    });
  }
  const finished = await finishLines(ctx.db.kysely, {
    scriptId,
    linesKey,
    ready: lines.ready,
    linesSize: lines.size,
  });
  if (!finished) await removeLineSet(ctx, linesKey);
}

/** Removes a set of prepared lines no script names any more, a range at a time. */
export async function removeLineSet(ctx: ScriptsCtx, linesKey: string | null): Promise<void> {
  if (!linesKey) return;
  for (let from = 0; ; from += LINES_REMOVED_PER_TURN) {
    if (from > 0) await setImmediate();
    const removed = await deleteLineRange(ctx.db.kysely, {
      linesKey,
      from,
      to: from + LINES_REMOVED_PER_TURN,
    });
    if (removed === 0) return;
  }
}

/** What a rehearsal reads of a script: its id, title and its prepared lines. */
export interface RehearsalScript {
  id: string;
  title: string;
  /** The set of its prepared lines (null: nobody speaks). */
  linesKey: string | null;
  /** False when the stored split says words its text does not hold (decision 104). */
  linesMatch: boolean;
}

/**
 * The user's script for a rehearsal, with its spoken lines prepared: a script saved before lines
 * were prepared at save time, or whose lines a racing save set aside or a stopped process left
 * half-written, has them prepared now (read off the event loop when large), once per process.
 * Another user's id is not found.
 */
export async function getRehearsalScript(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
  read: (job: ReadJob) => Promise<ReadScript>,
): Promise<RehearsalScript> {
  for (let attempt = 0; ; attempt++) {
    const state = await findRehearsalState(ctx.db.kysely, options);
    if (!state) throw new AppError('not-found', NOT_FOUND);
    if (state.ready !== null)
      return {
        id: state.id,
        title: state.title,
        linesKey: state.ready === 1 ? state.lines_key : null,
        linesMatch: Number(state.ready) === 1,
      };
    if (attempt === PREPARE_ATTEMPTS) throw new AppError('aborted', SCRIPT_BUSY_MESSAGE);
    let unsplit = false;
    const pending = state.lines_key;
    await oneAtATime(state.id, async () => {
      // Finished while this request waited its turn: nothing to do.
      const now = await findRehearsalState(ctx.db.kysely, options);
      if (!now || now.ready !== null || (now.lines_key !== pending && now.prepared)) return;
      const row = await findScript(ctx.db.kysely, options);
      if (!row) return;
      if (!row.analysis) {
        unsplit = true;
        return;
      }
      await prepareStoredLines(ctx, row as ScriptsTable & { analysis: string }, read);
    });
    // Never split: nobody speaks yet.
    if (unsplit) return { id: state.id, title: state.title, linesKey: null, linesMatch: true };
  }
}

async function prepareStoredLines(
  ctx: ScriptsCtx,
  row: ScriptsTable & { analysis: string },
  read: (job: ReadJob) => Promise<ReadScript>,
): Promise<void> {
  const { lines } = await read({ kind: 'lines', content: row.content, analysis: row.analysis });
  if (!lines) return;
  const linesKey = newId();
  // Named only while the script still has the split the lines were made from.
  const started = await transaction(ctx.db, async (trx) => {
    const same = await holdScriptWithSplit(trx, {
      id: row.id,
      analysis: row.analysis,
      dialect: ctx.db.dialect,
    });
    if (same) await startLines(trx, { scriptId: row.id, linesKey });
    return same;
  });
  if (started) await writeLineSet(ctx, { scriptId: row.id, linesKey, lines });
}

/** Up to `limit` of a script's spoken lines from the `from`th on, in order (with their text). */
export function readRehearsalLines(
  ctx: ScriptsCtx,
  options: { linesKey: string; from: number; limit: number },
) {
  return readScriptLines(ctx.db.kysely, options);
}

/** One spoken line of a script, by its id. */
export function findRehearsalLine(ctx: ScriptsCtx, options: { linesKey: string; lineId: string }) {
  return findScriptLine(ctx.db.kysely, options);
}

/** Up to `limit` of a script's spoken lines from the `from`th on, without their text, as values. */
export function readRehearsalLineHeads(
  ctx: ScriptsCtx,
  options: { linesKey: string; from: number; limit: number },
) {
  return readScriptLineHeads(ctx.db, options);
}
