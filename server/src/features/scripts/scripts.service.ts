import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import {
  CHARACTER_NOT_FOUND_MESSAGE,
  DEFAULT_SCRIPT_TITLE,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_UNREADABLE_MESSAGE,
  IMPORT_UNSUPPORTED_MESSAGE,
  LINE_NOT_FOUND_MESSAGE,
  MAX_IMPORT_BYTES,
  MAX_OCR_PAGES,
  MAX_SCRIPT_STORAGE_PER_USER,
  OCR_BUSY_MESSAGE,
  OCR_TIME_LIMIT_SECONDS,
  OCR_TOO_MANY_PAGES_MESSAGE,
  MAX_SCRIPTS_PER_USER,
  SCRIPT_CHANGED_MESSAGE,
  SCRIPT_COUNT_QUOTA_MESSAGE,
  SCRIPT_STORAGE_QUOTA_MESSAGE,
  scriptAnalysisSchema,
  scriptCharacterSchema,
  scriptPreview,
  SCRIPT_PREVIEW_LENGTH,
  SAMPLE_SCRIPT,
  type ImportProgress,
  type Script,
  type ScriptCharacter,
  type ScriptList,
  type ScriptSummary,
} from '@doublecast/common/scripts';
import { ZodError } from 'zod';
import type { AppContext } from '../../app-context';
import { largeTransaction, transaction, type Db, type Executor } from '../../db/connection';
import type { ScriptsTable } from '../../db/schema-scripts';
import { AppError } from '../../lib/app-error';
import { INLINE_JSON_LIMIT, jsonChunks } from '../../http/json-chunks';
import { newId } from '../../lib/ids';
import { importQueue } from './import-queue';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { pagesWithoutText, readScannedPages } from './pdf-ocr';
import { extractPdfText } from './pdf-text';
import { scriptReader } from './script-reader';
import type { ReadJob, ReadScript } from './script-reading';
import {
  getRehearsalScript as openRehearsalScript,
  removeLineSet,
  writeSavedLines,
  type RehearsalScript,
} from './script-lines';
import {
  deleteScript,
  findLinesKey,
  findRehearsalState,
  findScript,
  findScriptTitle,
  findScriptCharacters,
  findScriptWithoutContent,
  forgetLines,
  hasContent,
  insertScript,
  listScripts,
  hasScript,
  lockUserScripts,
  measureUserScripts,
  startLines,
  updateScript,
  updateScriptKeepingSplit,
  type ScriptListRow,
} from './scripts.repository';

export {
  findRehearsalLine,
  readRehearsalLineHeads,
  readRehearsalLines,
  type RehearsalScript,
} from './script-lines';

type ScriptsCtx = Pick<AppContext, 'db' | 'clock'>;

const NOT_FOUND = 'Script not found';
/** How often a correction starts again when another change to the script came first. */
const CORRECTION_ATTEMPTS = 3;

export function toScript(row: ScriptsTable): Script {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    characters: scriptCharacterSchema.array().catch([]).parse(JSON.parse(row.characters)),
    analysis: row.analysis
      ? scriptAnalysisSchema.nullable().catch(null).parse(JSON.parse(row.analysis))
      : null,
    tags: JSON.parse(row.tags) as string[],
    isArchived: Number(row.is_archived) === 1,
    isFavorite: Number(row.is_favorite) === 1,
    isSample: Number(row.is_sample) === 1,
    wordCount: Number(row.word_count),
    characterCount: Number(row.character_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastOpenedAt: row.last_opened_at,
  };
}

export async function listUserScripts(
  ctx: ScriptsCtx,
  options: {
    userId: string;
    search?: string;
    includeArchived: boolean;
    limit: number;
    cursor?: string;
  },
): Promise<ScriptList> {
  const rows = await listScripts(ctx.db.kysely, {
    userId: options.userId,
    search: options.search,
    includeArchived: options.includeArchived,
    // One row more than asked tells whether another page follows.
    limit: options.limit + 1,
    headLength: SCRIPT_PREVIEW_LENGTH + 1,
    after: options.cursor === undefined ? undefined : cursorAt(options.cursor),
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    scripts: page.map(toScriptSummary),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.updated_at, last.id) : null,
  };
}

const cursorAt = (cursor: string) => {
  const { time, id } = decodeCursor(cursor);
  return { updatedAt: time, id };
};

function toScriptSummary(row: ScriptListRow): ScriptSummary {
  const {
    content,
    analysis: _analysis,
    ...rest
  } = toScript({
    ...row,
    content: row.content_head,
    analysis: null,
  });
  return { ...rest, preview: scriptPreview(content) };
}

export async function getScript(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
): Promise<Script> {
  const row = await findScript(ctx.db.kysely, options);
  if (!row) throw new AppError('not-found', NOT_FOUND);
  return toScript(row);
}

/** The title of the user's script, or null (none, or another user's). */
export async function getScriptTitle(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
): Promise<string | null> {
  return (await findScriptTitle(ctx.db.kysely, options)) ?? null;
}

/**
 * Not found unless the user has this script (another user's id reads as missing), read by id
 * alone; in a write's transaction, so what is written beside it cannot outlive it.
 */
export async function requireOwnScript(
  db: Executor,
  options: { userId: string; id: string },
): Promise<void> {
  if (!(await hasScript(db, options))) throw new AppError('not-found', NOT_FOUND);
}

/** Holds the user's row on PostgreSQL until the transaction ends: per-user quotas count in turn. */
export { lockUserScripts };

/** The script's JSON up to its content: every field but content, characters and analysis. */
function scriptHead(row: ScriptsTable, extra?: Record<string, unknown>): string {
  const {
    content: _content,
    analysis: _analysis,
    characters: _characters,
    ...rest
  } = toScript({ ...row, analysis: null, characters: '[]' });
  return `${JSON.stringify({ ...rest, ...extra }).slice(0, -1)},"content":`;
}

/** The script's JSON after its content: the stored JSON of its characters and line split. */
function scriptTail(row: ScriptsTable): string {
  return `,"characters":${row.characters},"analysis":${row.analysis ?? 'null'}}`;
}

/**
 * The script as the JSON the routes send, written around the stored JSON of its line split and
 * characters: a large script is never parsed and checked again on the event loop to answer.
 */
export function scriptJson(row: ScriptsTable, extra?: Record<string, unknown>): string {
  return `${scriptHead(row, extra)}${JSON.stringify(row.content)}${scriptTail(row)}`;
}

/**
 * The same answer as bytes, around the content's JSON that the reading made (in the worker for
 * a large script), so a write's answer is never escaped or encoded on the event loop.
 */
function scriptAnswer(
  row: ScriptsTable,
  contentJson: Uint8Array,
  extra?: Record<string, unknown>,
): Readable {
  return jsonChunks([scriptHead(row, extra), contentJson, scriptTail(row)]);
}

export async function getScriptJson(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
): Promise<string> {
  const row = await findScript(ctx.db.kysely, options);
  if (!row) throw new AppError('not-found', NOT_FOUND);
  return scriptJson(row);
}

/** The result of reading a write off the event loop, or its refusal as the route's error. */
async function readOrRefuse(job: ReadJob): Promise<ReadScript> {
  const outcome = await scriptReader.read(job);
  if (outcome.ok) return outcome.script;
  if (outcome.issues) throw new ZodError(outcome.issues as ZodError['issues']);
  throw new AppError('invalid-argument', outcome.message);
}

/** Creates a script from the request body (JSON text or parsed), read off the event loop. */
export async function createScript(
  ctx: ScriptsCtx,
  options: { userId: string; body: unknown },
): Promise<Readable> {
  const read = await readOrRefuse({ kind: 'input', body: options.body });
  return insertReadScript(ctx, { userId: options.userId, read, withSummary: false });
}

async function insertReadScript(
  ctx: ScriptsCtx,
  options: {
    userId: string;
    read: ReadScript;
    title?: string;
    withSummary: boolean;
    sample?: boolean;
  },
): Promise<Readable> {
  const { read } = options;
  if (!read.stored || !read.contentJson) throw new Error('a new script needs its split');
  const now = ctx.clock.now().toISOString();
  const row: ScriptsTable = {
    id: newId(),
    user_id: options.userId,
    title: options.title || read.title || DEFAULT_SCRIPT_TITLE,
    content: read.content,
    tags: JSON.stringify(read.tags),
    is_archived: 0,
    is_favorite: read.isFavorite ? 1 : 0,
    created_at: now,
    updated_at: now,
    last_opened_at: null,
    is_sample: options.sample ? 1 : 0,
    ...read.stored,
  };
  const linesKey = newId();
  // The reading's answer was taken in on this turn; the write waits for the next.
  await afterLargeWrite(row.character_count);
  await writeTransaction(ctx, row.character_count, async (trx) => {
    if (!options.sample)
      await checkScriptQuota(trx, ctx.db.dialect, {
        userId: options.userId,
        adding: { scripts: 1, stored: row.stored_size + (read.lines?.size ?? 0) },
      });
    await insertScript(trx, row);
    if (read.lines) await startLines(trx, { scriptId: row.id, linesKey });
  });
  if (read.lines)
    await writeSavedLines(ctx, { scriptId: row.id, linesKey, lines: read.lines, replaced: null });
  await afterLargeWrite(row.character_count);
  return scriptAnswer(
    row,
    read.contentJson,
    options.withSummary && read.summary ? { summary: read.summary } : undefined,
  );
}

/**
 * Refuses a write that would take the user past the script quota (decision 126). Runs inside
 * the write's transaction with the user locked, so concurrent writes cannot all pass.
 */
async function checkScriptQuota(
  trx: Executor,
  dialect: Db['dialect'],
  options: { userId: string; exceptId?: string; adding: { scripts: number; stored: number } },
): Promise<void> {
  await lockUserScripts(trx, { userId: options.userId, dialect });
  const kept = await measureUserScripts(trx, options);
  if (kept.count + options.adding.scripts > MAX_SCRIPTS_PER_USER)
    throw new AppError('resource-exhausted', SCRIPT_COUNT_QUOTA_MESSAGE, {
      reason: 'script_quota_exceeded',
      limit: MAX_SCRIPTS_PER_USER,
    });
  if (kept.stored + options.adding.stored > MAX_SCRIPT_STORAGE_PER_USER)
    throw new AppError('resource-exhausted', SCRIPT_STORAGE_QUOTA_MESSAGE, {
      reason: 'script_storage_exceeded',
      limit: MAX_SCRIPT_STORAGE_PER_USER,
      used: kept.stored,
    });
}

/**
 * Saves the form. A corrected line split sent with the content is kept; without one, the
 * stored split survives when the content is unchanged and is made again when it changed.
 */
export async function saveScript(
  ctx: ScriptsCtx,
  options: { userId: string; id: string; body: unknown },
): Promise<Readable> {
  const current = await findScript(ctx.db.kysely, options);
  if (!current) throw new AppError('not-found', NOT_FOUND);
  const stored = current.analysis ? current.content : undefined;
  const read = await readOrRefuse({ kind: 'input', body: options.body, storedContent: stored });
  const contentJson = read.contentJson;
  if (!contentJson) throw new Error('a save reads its content');
  // The sample scene with new text is the user's own script, counted like any other.
  const leavesSample = Number(current.is_sample) === 1 && read.content !== current.content;
  const values = {
    title: read.title ?? current.title,
    content: read.content,
    tags: JSON.stringify(read.tags),
    ...(read.isFavorite === undefined ? {} : { is_favorite: read.isFavorite ? 1 : 0 }),
    ...(leavesSample ? { is_sample: 0 } : {}),
    updated_at: ctx.clock.now().toISOString(),
  };
  const characterCount = read.stored?.character_count ?? Number(current.character_count);
  // What the script keeps: text, split and prepared lines (decision 262).
  const storedSize = read.stored
    ? read.stored.stored_size + (read.lines?.size ?? 0)
    : Number(current.stored_size);
  const linesKey = newId();
  let replaced: string | null = null;
  // The reading's answer was taken in on this turn; the write waits for the next.
  await afterLargeWrite(characterCount);
  const saved = await writeTransaction(ctx, characterCount, async (trx) => {
    // A save that does not grow the script is never refused, even over a lowered quota.
    if (storedSize > Number(current.stored_size) || leavesSample)
      await checkScriptQuota(trx, ctx.db.dialect, {
        userId: options.userId,
        exceptId: options.id,
        adding: { scripts: leavesSample ? 1 : 0, stored: storedSize },
      });
    if (read.stored) {
      // A new split: its lines are written once it is saved, and the old ones go.
      replaced = await findLinesKey(trx, options.id);
      await updateScript(trx, { ...options, values: { ...values, ...read.stored } });
      await startLines(trx, { scriptId: options.id, linesKey });
    } else {
      // The text is the stored one as read: its split as read goes with it if another save has
      // changed the text since (decision 127), and that save's lines are set aside.
      const same = await hasContent(trx, { id: options.id, content: values.content });
      await updateScriptKeepingSplit(trx, { ...options, values, split: current });
      if (!same) {
        replaced = await findLinesKey(trx, options.id);
        await forgetLines(trx, options.id);
      }
    }
    // Read back under the write's lock, so the answer is the row exactly as this save left it.
    return findScriptWithoutContent(trx, options);
  });
  if (!saved) throw new AppError('not-found', NOT_FOUND);
  if (read.stored && read.lines)
    await writeSavedLines(ctx, { scriptId: options.id, linesKey, lines: read.lines, replaced });
  else await removeLineSet(ctx, replaced);
  await afterLargeWrite(characterCount);
  return scriptAnswer({ ...saved, content: read.content }, contentJson);
}

/**
 * Renames a character on every line of the stored split; a name another character has merges
 * the two (issue 18). The text is kept, as with every correction (decision 060); the work runs
 * in the reading worker when the split is large.
 */
export async function renameScriptCharacter(
  ctx: ScriptsCtx,
  options: { userId: string; id: string; from: string; to: string },
): Promise<string> {
  return correctScript(ctx, options, CHARACTER_NOT_FOUND_MESSAGE, (content, analysis) => ({
    kind: 'rename',
    content,
    analysis,
    from: options.from,
    to: options.to,
  }));
}

/**
 * Gives one line of the stored split to a character, or makes it action (issue 32): stored
 * like a rename, so a later save of the same text keeps it (decision 060).
 */
export async function reassignScriptLine(
  ctx: ScriptsCtx,
  options: { userId: string; id: string; lineId: string; character: string | null },
): Promise<string> {
  return correctScript(ctx, options, LINE_NOT_FOUND_MESSAGE, (content, analysis) => ({
    kind: 'reassign',
    content,
    analysis,
    lineId: options.lineId,
    character: options.character,
  }));
}

/** Writes a correction of the stored split, made by `job` from the split as it is stored. */
async function correctScript(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
  noSplitMessage: string,
  job: (content: string, analysis: string) => Extract<ReadJob, { kind: 'rename' | 'reassign' }>,
): Promise<string> {
  // The new split is made from the stored one, and written only while that is still stored:
  // a save or another correction in between makes it start again from the row as it is then.
  for (let attempt = 1; ; attempt++) {
    const current = await findScript(ctx.db.kysely, options);
    if (!current) throw new AppError('not-found', NOT_FOUND);
    if (!current.analysis) throw new AppError('invalid-argument', noSplitMessage);
    const read = await readOrRefuse(job(current.content, current.analysis));
    const stored = read.stored;
    const lines = read.lines;
    if (!stored || !lines) throw new Error('a correction gives a split');
    const linesKey = newId();
    let replaced: string | null = null;
    const written = await writeTransaction(ctx, Number(current.character_count), async (trx) => {
      replaced = await findLinesKey(trx, options.id);
      const done = await updateScript(trx, {
        userId: options.userId,
        id: options.id,
        ifSplit: current.analysis!,
        values: {
          analysis: stored.analysis,
          characters: stored.characters,
          stored_size: stored.stored_size,
          updated_at: ctx.clock.now().toISOString(),
        },
      });
      if (done) await startLines(trx, { scriptId: options.id, linesKey });
      return done;
    });
    if (written) {
      await writeSavedLines(ctx, { scriptId: options.id, linesKey, lines, replaced });
      return getScriptJson(ctx, options);
    }
    if (attempt === CORRECTION_ATTEMPTS) throw new AppError('aborted', SCRIPT_CHANGED_MESSAGE);
  }
}

export async function setScriptArchived(
  ctx: ScriptsCtx,
  options: { userId: string; id: string; isArchived: boolean },
): Promise<string> {
  const done = await updateScript(ctx.db.kysely, {
    userId: options.userId,
    id: options.id,
    values: { is_archived: options.isArchived ? 1 : 0, updated_at: ctx.clock.now().toISOString() },
  });
  if (!done) throw new AppError('not-found', NOT_FOUND);
  return getScriptJson(ctx, options);
}

/**
 * The sample scene a new account starts with (issue 30): an original two-hander, marked as a
 * sample and outside the script quota. Called once, when the account is made.
 */
export async function addSampleScript(ctx: ScriptsCtx, options: { userId: string }): Promise<void> {
  const read = await readOrRefuse({
    kind: 'input',
    body: { title: SAMPLE_SCRIPT.title, content: SAMPLE_SCRIPT.content, tags: ['sample'] },
  });
  await insertReadScript(ctx, { userId: options.userId, read, withSummary: false, sample: true });
}

/** The characters of a user's script (names and their line counts), without its text. */
export async function getScriptCharacters(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
): Promise<ScriptCharacter[]> {
  const json = await findScriptCharacters(ctx.db.kysely, options);
  if (json === undefined) throw new AppError('not-found', NOT_FOUND);
  return scriptCharacterSchema.array().catch([]).parse(JSON.parse(json));
}

export async function removeScript(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
): Promise<void> {
  // Only the owner's script: another user's id is not found and loses nothing. Its prepared
  // lines are set aside and removed a range at a time, so the delete itself is one row.
  const state = await findRehearsalState(ctx.db.kysely, options);
  if (!state) throw new AppError('not-found', NOT_FOUND);
  if (state.prepared) {
    await forgetLines(ctx.db.kysely, options.id);
    await removeLineSet(ctx, state.lines_key);
  }
  if (!(await deleteScript(ctx.db.kysely, options))) throw new AppError('not-found', NOT_FOUND);
}

/**
 * The user's script for a rehearsal, with its spoken lines prepared (decision 261). Another
 * user's id is not found.
 */
export function getRehearsalScript(
  ctx: ScriptsCtx,
  options: { userId: string; id: string },
): Promise<RehearsalScript> {
  return openRehearsalScript(ctx, options, readOrRefuse);
}

/**
 * Imports an uploaded file (base64 in JSON, CSRF rule docs/glossary.md#S4): plain text or
 * Fountain (UTF-8, UTF-16 or Windows-1252, decision 263), Final Draft XML, or a PDF through
 * pdftotext (bounded, decision 264). FDX and PDF are stored as canonical Fountain
 * text. A file that is too large, of another type or without script text stores nothing.
 */
export async function importScript(
  ctx: ScriptsCtx & Pick<AppContext, 'workerPool'>,
  options: {
    userId: string;
    fileName: string;
    data: string;
    title?: string;
    /** Told how a long step (reading scanned pages) goes. */
    onProgress?: (progress: ImportProgress) => void;
    /** The client left: a long step stops. */
    signal?: AbortSignal;
  },
): Promise<Readable> {
  const ext = /\.([a-z0-9]+)$/i.exec(options.fileName)?.[1]?.toLowerCase() ?? '';
  if (!['txt', 'text', 'fountain', 'spmd', 'fdx', 'pdf'].includes(ext)) {
    throw new AppError('invalid-argument', IMPORT_UNSUPPORTED_MESSAGE);
  }
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(options.data))
    throw new AppError('invalid-argument', IMPORT_UNREADABLE_MESSAGE);
  // The body was parsed on this turn: a large file is decoded on the next.
  await afterLargeWrite(options.data.length);
  const bytes = Buffer.from(options.data, 'base64');
  if (bytes.length > MAX_IMPORT_BYTES)
    throw new AppError('invalid-argument', IMPORT_TOO_LARGE_MESSAGE);
  if (bytes.length === 0) throw new AppError('invalid-argument', IMPORT_UNREADABLE_MESSAGE);

  const type = ext === 'pdf' ? 'pdf' : ext === 'fdx' ? 'fdx' : 'text';
  if (type === 'pdf' && bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError('invalid-argument', IMPORT_UNREADABLE_MESSAGE);
  // Every file's extraction, a scan's OCR included, waits its turn in the bounded queue, one
  // per user (decision 264); the text it gives is decoded and read off the event loop.
  const extracted = await importQueue.run(options.userId, async () =>
    type === 'pdf' ? await extractPdfWithScans(ctx, bytes, options) : { bytes, ocr: [] },
  );
  const job: ReadJob = {
    kind: 'file',
    type,
    bytes: new Uint8Array(
      extracted.bytes.buffer,
      extracted.bytes.byteOffset,
      extracted.bytes.length,
    ),
    fileName: options.fileName,
    ocr: extracted.ocr,
  };
  const read = await readOrRefuse(job);
  // The title asked for, else a Fountain title page's Title, else the file's name.
  const title =
    options.title?.trim() ||
    read.title ||
    options.fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[-_]+/g, ' ')
      .trim()
      .slice(0, 200) ||
    DEFAULT_SCRIPT_TITLE;
  return insertReadScript(ctx, { userId: options.userId, read, title, withSummary: true });
}

/**
 * A PDF's text as UTF-8 bytes, and the text of its pages with no text (scans) read by OCR, one
 * page at a time in the server's pool of heavy jobs (pdf-ocr.ts), within OCR_TIME_LIMIT_SECONDS.
 * Runs inside the import queue; the pool being full is said in the import's words.
 */
async function extractPdfWithScans(
  ctx: Pick<AppContext, 'workerPool'>,
  pdf: Buffer,
  options: { onProgress?: (progress: ImportProgress) => void; signal?: AbortSignal },
): Promise<{ bytes: Buffer; ocr: { page: number; text: string }[] }> {
  const text = await extractPdfText(pdf);
  const pages = await pagesWithoutText(text);
  if (pages.length === 0) return { bytes: text, ocr: [] };
  if (pages.length > MAX_OCR_PAGES)
    throw new AppError('invalid-argument', OCR_TOO_MANY_PAGES_MESSAGE);
  try {
    options.onProgress?.({ stage: 'ocr', done: 0, total: pages.length });
    const read = await readScannedPages(pdf, pages, {
      pool: ctx.workerPool,
      deadline: Date.now() + OCR_TIME_LIMIT_SECONDS * 1000,
      signal: options.signal,
      onPage: (done, total) => options.onProgress?.({ stage: 'ocr', done, total }),
    });
    // The read pages are put in place by the reading job, off the event loop for a large text.
    return { bytes: text, ocr: [...read].map(([page, pageText]) => ({ page, text: pageText })) };
  } catch (e) {
    if (e instanceof AppError && e.code === 'resource-exhausted')
      throw new AppError('resource-exhausted', OCR_BUSY_MESSAGE, undefined, {
        'retry-after': '10',
      });
    throw e;
  }
}

/** A script's write: off the event loop when the script is large (decision 384). */
function writeTransaction<T>(
  ctx: ScriptsCtx,
  characters: number,
  fn: (trx: Executor) => Promise<T>,
): Promise<T> {
  return characters > INLINE_JSON_LIMIT ? largeTransaction(ctx.db, fn) : transaction(ctx.db, fn);
}

/**
 * Around the write of a large script, the work waits for the next turn of the event loop: the
 * reading's answer and the write's own work then each have a turn of their own.
 */
async function afterLargeWrite(characters: number): Promise<void> {
  if (characters > INLINE_JSON_LIMIT) await setImmediate();
}
