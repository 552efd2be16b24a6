import type { ScriptLine } from '@doublecast/common/scripts';
import { Button } from '../../../components/ui/button';
import { useTroubleSpots } from '../api/get-trouble-spots';
import type { RehearsalState } from '../engine/run-state';

/**
 * The end of a run: its accuracy over the lines recognition checked, and the trouble spots (the
 * lines most often missed in the latest runs), each one tap from a loop, with a run of them all.
 */
export function RunSummary({
  scriptId,
  lines,
  role,
  state,
  saved,
  onLoop,
  onRunTroubleSpots,
}: {
  scriptId: string;
  lines: readonly ScriptLine[];
  role: string;
  state: RehearsalState;
  /** The run is stored (the trouble spots include it). */
  saved: boolean;
  onLoop: (from: number, to: number) => void;
  onRunTroubleSpots: (indexes: number[]) => void;
}) {
  const spots = useTroubleSpots(scriptId, role, saved);
  const checks = Object.values(state.run.checks);
  const accuracy = checks.length
    ? checks.reduce((sum, c) => sum + c.accuracy, 0) / checks.length
    : null;
  const indexOf = new Map(lines.map((l, i) => [l.id, i]));
  const found = (spots.data?.spots ?? []).filter((s) => indexOf.has(s.lineId));
  // A trouble spot plays with the partner's cue line before it.
  const span = (i: number) => ({
    from: i > 0 && lines[i - 1]!.character !== role ? i - 1 : i,
    to: i,
  });
  return (
    <section
      aria-labelledby="run-summary-heading"
      className="space-y-3 rounded-xl border border-brand-500/30 bg-brand-500/5 p-4"
    >
      <h3 id="run-summary-heading" className="text-lg font-semibold text-white">
        This run
      </h3>
      <p className="text-sm text-zinc-300" role="status">
        {accuracy === null
          ? `${state.run.reached.length} of your lines. With the voice cue and speech recognition, each line is checked word by word.`
          : `Accuracy ${Math.round(accuracy * 100)}% over ${checks.length} checked ${checks.length === 1 ? 'line' : 'lines'}.`}
      </p>
      {found.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-zinc-200">Trouble spots</h4>
          <ul className="mt-2 space-y-2">
            {found.map((s) => {
              const i = indexOf.get(s.lineId)!;
              const { from, to } = span(i);
              return (
                <li
                  key={s.lineId}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2"
                >
                  <span className="min-w-0 flex-1 text-sm text-zinc-200">
                    <span className="text-zinc-500 tabular-nums">Line {i + 1}: </span>
                    {lines[i]!.text}
                    <span className="block text-xs text-zinc-400">
                      {s.runs === 1
                        ? 'Missed in your last run'
                        : `Missed in ${s.misses} of your last ${s.runs} runs`}
                      {s.averageAccuracy !== null &&
                        `, ${Math.round(s.averageAccuracy * 100)}% on average`}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="md"
                    className="min-h-11"
                    onClick={() => onLoop(from, to)}
                    aria-label={`Loop line ${i + 1}`}
                  >
                    Loop
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button
            size="md"
            className="mt-3 min-h-11"
            onClick={() =>
              onRunTroubleSpots(
                [
                  ...new Set(
                    found.flatMap((s) => {
                      const { from, to } = span(indexOf.get(s.lineId)!);
                      return from === to ? [to] : [from, to];
                    }),
                  ),
                ].sort((a, b) => a - b),
              )
            }
          >
            Run the trouble spots
          </Button>
        </div>
      )}
    </section>
  );
}
