import {
  MAX_RUNS_PER_SCRIPT,
  MAX_RUNS_PER_USER,
  MAX_TROUBLE_SPOTS,
  RUN_ROLE_MESSAGE,
  RUN_TOO_MANY_LINES_MESSAGE,
  runLineSchema,
  TROUBLE_SPOT_RUNS,
  type RunInput,
  type RunList,
  type RunSummary,
  type TroubleSpots,
} from '@doublecast/common/rehearsal';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { getScriptCharacters } from '../scripts';
import {
  deleteRun,
  deleteScriptRuns,
  insertRun,
  latestRunLines,
  listRuns,
  trimRuns,
  type RunRow,
} from './runs.repository';

type RunsCtx = Pick<AppContext, 'db' | 'clock'>;

const RUN_NOT_FOUND = 'Run not found';
const cursorAt = (cursor: string) => {
  const { time, id } = decodeCursor(cursor);
  return { createdAt: time, id };
};

function toSummary(row: RunRow): RunSummary {
  return {
    id: row.id,
    scriptId: row.script_id,
    role: row.role,
    startedAt: row.started_at,
    durationMs: Number(row.duration_ms),
    lineCount: Number(row.line_count),
    checkedCount: Number(row.checked_count),
    accuracy: row.accuracy === null ? null : Number(row.accuracy),
  };
}

/**
 * Keeps a finished run of one of the user's scripts. The run names at most the lines the role
 * has in the script (read from the stored character list, not the text); past 500 runs of the
 * script, or 5,000 of the user, the oldest go in the same transaction.
 */
export async function recordRun(
  ctx: RunsCtx,
  options: { userId: string } & RunInput,
): Promise<RunSummary> {
  const characters = await getScriptCharacters(ctx, {
    userId: options.userId,
    id: options.scriptId,
  });
  const role = characters.find((c) => c.name === options.role);
  if (!role || role.lineCount === 0) throw new AppError('invalid-argument', RUN_ROLE_MESSAGE);
  if (options.lines.length > role.lineCount)
    throw new AppError('invalid-argument', RUN_TOO_MANY_LINES_MESSAGE, {
      limit: role.lineCount,
    });
  const checked = options.lines.filter((l) => l.accuracy !== null);
  const accuracy = checked.length
    ? checked.reduce((sum, l) => sum + l.accuracy!, 0) / checked.length
    : null;
  const row = {
    id: newId(),
    user_id: options.userId,
    script_id: options.scriptId,
    role: options.role,
    started_at: options.startedAt,
    duration_ms: options.durationMs,
    line_count: options.lines.length,
    checked_count: checked.length,
    accuracy: accuracy === null ? null : Math.round(accuracy * 10_000) / 10_000,
    lines: JSON.stringify(options.lines),
    created_at: ctx.clock.now().toISOString(),
  };
  await transaction(ctx.db, async (trx) => {
    await insertRun(trx, row);
    await trimRuns(trx, {
      userId: options.userId,
      scriptId: options.scriptId,
      keep: MAX_RUNS_PER_SCRIPT,
    });
    await trimRuns(trx, { userId: options.userId, keep: MAX_RUNS_PER_USER });
  });
  return toSummary(row);
}

export async function listScriptRuns(
  ctx: RunsCtx,
  options: { userId: string; scriptId: string; limit: number; cursor?: string },
): Promise<RunList> {
  // Another user's script reads as missing, not as a script without runs.
  await getScriptCharacters(ctx, { userId: options.userId, id: options.scriptId });
  const rows = await listRuns(ctx.db.kysely, {
    userId: options.userId,
    scriptId: options.scriptId,
    limit: options.limit + 1,
    after: options.cursor === undefined ? undefined : cursorAt(options.cursor),
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    runs: page.map(toSummary),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

const storedLinesSchema = runLineSchema.array().catch([]);

/**
 * The actor's lines most often missed over the latest runs in that role: a line is missed in a
 * run when it was prompted or said below full accuracy. Reads at most 10 runs of at most 2,000
 * lines each.
 */
export async function troubleSpots(
  ctx: RunsCtx,
  options: { userId: string; scriptId: string; role: string },
): Promise<TroubleSpots> {
  await getScriptCharacters(ctx, { userId: options.userId, id: options.scriptId });
  const runs = await latestRunLines(ctx.db.kysely, { ...options, limit: TROUBLE_SPOT_RUNS });
  const byLine = new Map<string, { misses: number; runs: number; sum: number; checked: number }>();
  for (const run of runs) {
    for (const line of storedLinesSchema.parse(JSON.parse(run.lines))) {
      const entry = byLine.get(line.lineId) ?? { misses: 0, runs: 0, sum: 0, checked: 0 };
      entry.runs++;
      if (line.prompted || (line.accuracy !== null && line.accuracy < 1)) entry.misses++;
      if (line.accuracy !== null) {
        entry.sum += line.accuracy;
        entry.checked++;
      }
      byLine.set(line.lineId, entry);
    }
  }
  const spots = [...byLine.entries()]
    .filter(([, e]) => e.misses > 0)
    .map(([lineId, e]) => ({
      lineId,
      misses: e.misses,
      runs: e.runs,
      averageAccuracy: e.checked ? Math.round((e.sum / e.checked) * 10_000) / 10_000 : null,
    }))
    .sort(
      (a, b) =>
        b.misses / b.runs - a.misses / a.runs ||
        (a.averageAccuracy ?? 1) - (b.averageAccuracy ?? 1) ||
        lineNumber(a.lineId) - lineNumber(b.lineId),
    )
    .slice(0, MAX_TROUBLE_SPOTS);
  return { spots, runsRead: runs.length };
}

const lineNumber = (id: string) => Number(id.slice(1));

export async function removeRun(ctx: RunsCtx, options: { userId: string; id: string }) {
  if (!(await deleteRun(ctx.db.kysely, options))) throw new AppError('not-found', RUN_NOT_FOUND);
}

export async function removeScriptRuns(
  ctx: RunsCtx,
  options: { userId: string; scriptId: string },
): Promise<void> {
  await getScriptCharacters(ctx, { userId: options.userId, id: options.scriptId });
  await deleteScriptRuns(ctx.db.kysely, options);
}
