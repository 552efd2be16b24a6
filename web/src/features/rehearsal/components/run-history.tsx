import { useId } from 'react';
import type { RunSummary } from '@doublecast/common/rehearsal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { userMessage } from '../../../lib/user-message';
import { useDeleteRuns } from '../api/delete-runs';
import { useRuns } from '../api/list-runs';

const DELETE_FAILED = 'Failed to delete. Please try again.';

/** The script's runs, kept on the server: accuracy over runs as a chart, and each run to delete. */
export function RunHistory({ scriptId }: { scriptId: string }) {
  const runs = useRuns(scriptId);
  const remove = useDeleteRuns(scriptId);
  const headingId = useId();
  const list = runs.data?.runs ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          Your runs of this scene
        </h2>
        {list.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm('Delete every run of this scene?')) remove.mutate(null);
            }}
          >
            Delete all runs
          </Button>
        )}
      </div>
      {runs.isError ? (
        <Alert tone="error">Failed to load your runs.</Alert>
      ) : runs.isPending ? (
        <p className="text-sm text-zinc-400">Loading your runs…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-zinc-400">
          No runs yet. Each run you finish is kept here with how well you knew your lines.
        </p>
      ) : (
        <>
          <AccuracyChart runs={list} />
          <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
            {list.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 text-zinc-300">
                  {new Date(run.startedAt).toLocaleString(undefined, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                  <span className="text-zinc-500">
                    {' '}
                    · {run.role} · {formatLength(run.durationMs)} · {run.lineCount}{' '}
                    {run.lineCount === 1 ? 'line' : 'lines'}
                  </span>
                </span>
                <span className="tabular-nums text-zinc-200">
                  {run.accuracy === null ? 'not checked' : `${Math.round(run.accuracy * 100)}%`}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="min-h-11 sm:min-h-0"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(run.id)}
                  aria-label={`Delete the run of ${new Date(run.startedAt).toLocaleString()}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {remove.isError && <Alert tone="error">{userMessage(remove.error, DELETE_FAILED)}</Alert>}
    </section>
  );
}

function formatLength(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

const W = 320;
const H = 96;
const PAD = 8;

/**
 * Accuracy over the checked runs, oldest to newest, as a small line chart (SVG, no library: a
 * few dozen points), with the same figures in a table for screen readers.
 */
export function AccuracyChart({ runs }: { runs: readonly RunSummary[] }) {
  const points = runs.filter((r) => r.accuracy !== null).toReversed();
  if (points.length === 0) return null;
  const x = (i: number) =>
    points.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (points.length - 1);
  const y = (a: number) => H - PAD - a * (H - 2 * PAD);
  const path = points.map((r, i) => `${i ? 'L' : 'M'}${x(i)},${y(r.accuracy!)}`).join(' ');
  const first = Math.round(points[0]!.accuracy! * 100);
  const last = Math.round(points.at(-1)!.accuracy! * 100);
  return (
    <figure className="rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <figcaption className="mb-2 text-xs text-zinc-400">
        Accuracy over your last {points.length} checked {points.length === 1 ? 'run' : 'runs'}:{' '}
        {first}% to {last}%
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-24 w-full"
        role="img"
        aria-label={`Accuracy from ${first}% to ${last}% over ${points.length} runs`}
      >
        {[0, 0.5, 1].map((g) => (
          <line
            key={g}
            x1={PAD}
            x2={W - PAD}
            y1={y(g)}
            y2={y(g)}
            className="stroke-zinc-800"
            strokeWidth={1}
          />
        ))}
        <path d={path} fill="none" className="stroke-brand-400" strokeWidth={2} />
        {points.map((r, i) => (
          <circle key={r.id} cx={x(i)} cy={y(r.accuracy!)} r={3} className="fill-brand-300" />
        ))}
      </svg>
      <table className="sr-only">
        <caption>Accuracy per run</caption>
        <tbody>
          {points.map((r) => (
            <tr key={r.id}>
              <th scope="row">{new Date(r.startedAt).toLocaleString()}</th>
              <td>{Math.round(r.accuracy! * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
