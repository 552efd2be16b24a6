import { useId, type Dispatch } from 'react';
import { REHEARSAL_SPEEDS, type CueMode, type LineDisplay } from '@doublecast/common/rehearsal';
import type { RehearsalAction, RehearsalState } from './rehearsal-state';

const CUE_LABELS: Record<CueMode, string> = {
  tap: 'Tap or Space',
  timed: 'Timed pause',
  voice: 'When I stop speaking',
};
const DISPLAY_LABELS: Record<LineDisplay, string> = {
  shown: 'Shown',
  initials: 'First letters',
  hidden: 'Hidden',
};
const narrowSelect = 'rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm';

/** The run's choices: speed, how the scene goes on at my lines, how my lines show, a loop. */
export function RehearsalSettings({
  state,
  lineCount,
  microphone,
  dispatch,
}: {
  state: RehearsalState;
  lineCount: number;
  microphone: { level: number; state: 'off' | 'starting' | 'on' | 'denied' };
  dispatch: Dispatch<RehearsalAction>;
}) {
  const ids = { loopFrom: useId(), loopTo: useId() };
  const lineNumbers = Array.from({ length: lineCount }, (_x, i) => i);
  return (
    <div className="grid gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:grid-cols-3">
      <Choice
        label="Speed"
        value={String(state.speed)}
        options={REHEARSAL_SPEEDS.map((s) => [String(s), `${s}x`])}
        onChange={(v) => dispatch({ type: 'set-speed', speed: Number(v) })}
      />
      <Choice
        label="At my lines, go on"
        value={state.cueMode}
        options={Object.entries(CUE_LABELS)}
        onChange={(v) => dispatch({ type: 'set-cue-mode', cueMode: v as CueMode })}
      />
      <Choice
        label="My lines"
        value={state.display}
        options={Object.entries(DISPLAY_LABELS)}
        onChange={(v) => dispatch({ type: 'set-display', display: v as LineDisplay })}
      />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input
            type="checkbox"
            checked={state.loopOn}
            onChange={(e) => dispatch({ type: 'set-loop', loopOn: e.target.checked })}
            className="h-4 w-4 accent-brand-500"
          />
          Loop
        </label>
        <label htmlFor={ids.loopFrom} className="text-sm text-zinc-400">
          <span className="sr-only">Loop </span>from line
        </label>
        <select
          id={ids.loopFrom}
          value={state.loopFrom}
          onChange={(e) => dispatch({ type: 'set-loop-from', line: Number(e.target.value) })}
          className={narrowSelect}
        >
          {lineNumbers.map((i) => (
            <option key={i} value={i} disabled={i > state.loopTo}>
              {i + 1}
            </option>
          ))}
        </select>
        <label htmlFor={ids.loopTo} className="text-sm text-zinc-400">
          <span className="sr-only">Loop </span>to<span className="sr-only"> line</span>
        </label>
        <select
          id={ids.loopTo}
          value={state.loopTo}
          onChange={(e) => dispatch({ type: 'set-loop-to', line: Number(e.target.value) })}
          className={narrowSelect}
        >
          {lineNumbers.map((i) => (
            <option key={i} value={i} disabled={i < state.loopFrom}>
              {i + 1}
            </option>
          ))}
        </select>
        {state.cueMode === 'voice' && <MicrophoneMeter {...microphone} />}
      </div>
    </div>
  );
}

/** One labelled drop-down of the run's choices; options are [value, label] pairs. */
function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-400">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1.5 text-sm"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function MicrophoneMeter({ level, state }: { level: number; state: string }) {
  return (
    <span className="ml-auto flex items-center gap-2 text-xs text-zinc-400">
      Microphone
      <span className="h-2 w-24 overflow-hidden rounded-full bg-zinc-800" aria-hidden="true">
        <span
          className="block h-full bg-emerald-400 transition-[width]"
          style={{ width: `${Math.round(level * 100)}%` }}
        />
      </span>
      {state === 'denied' ? 'blocked' : state === 'on' ? 'listening' : ''}
    </span>
  );
}
