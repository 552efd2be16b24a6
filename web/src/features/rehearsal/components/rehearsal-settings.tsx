import { useEffect, useId, useState, type Dispatch } from 'react';
import { REHEARSAL_SPEEDS, RESPONSE_DELAYS, type CueMode } from '@doublecast/common/rehearsal';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import type { Listener, RehearsalAction, RehearsalState, RunDisplay } from '../engine/run-state';

const CUE_LABELS: Record<CueMode, string> = {
  tap: 'Tap or Space',
  timed: 'Timed pause',
  voice: 'When I finish my line',
};
const DISPLAY_LABELS: Record<RunDisplay, string> = {
  shown: 'Shown',
  initials: 'First letters',
  hidden: 'Hidden',
  ladder: 'Ladder: learn as I go',
};
const narrowSelect =
  'min-h-11 rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm sm:min-h-0';

/**
 * The run's choices: speed, how the scene goes on at my lines (and, listening, after how long
 * and with what), how my lines show, a loop. Remembered per script (settings-store.ts).
 */
export function RehearsalSettings({
  state,
  lineCount,
  microphone,
  recognition,
  dispatch,
  loop = true,
}: {
  state: RehearsalState;
  lineCount: number;
  microphone: { readLevel: () => number; listener: Listener };
  recognition: { allowed: boolean; available: boolean; set: (allowed: boolean) => void };
  dispatch: Dispatch<RehearsalAction>;
  /** Offers the loop (a self-tape is the scene once, so it does not). */
  loop?: boolean;
}) {
  const ids = { loopFrom: useId(), loopTo: useId() };
  const lineNumbers = Array.from({ length: lineCount }, (_x, i) => i);
  const voice = state.cueMode === 'voice';
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
        onChange={(v) => dispatch({ type: 'set-display', display: v as RunDisplay })}
      />
      {voice && (
        <div className="grid gap-3 sm:col-span-3 sm:grid-cols-3">
          <Choice
            label="Partner answers after"
            value={String(state.delay)}
            options={RESPONSE_DELAYS.map((d) => [String(d), d === 0 ? 'No delay' : `${d} s`])}
            onChange={(v) => dispatch({ type: 'set-delay', delay: Number(v) })}
          />
          <CheckboxField
            className="sm:col-span-2"
            label="Follow my words with the browser's speech recognition"
            checked={recognition.allowed}
            disabled={!recognition.available}
            onChange={recognition.set}
            note={
              recognition.available
                ? 'Some browsers send speech to their maker’s service to recognise it; Doublecast never uploads your audio. Turn this off to listen on this device only, for when you stop speaking.'
                : 'This browser has no speech recognition: the partner listens on this device for when you stop speaking.'
            }
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        {loop && (
          <>
            <label className="flex min-h-11 items-center gap-2 text-sm text-zinc-300 sm:min-h-0">
              <input
                type="checkbox"
                checked={state.loopOn}
                onChange={(e) => dispatch({ type: 'set-loop', loopOn: e.target.checked })}
                className="h-5 w-5 accent-brand-500"
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
          </>
        )}
        {voice && <MicrophoneMeter {...microphone} />}
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
        className="min-h-11 w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1.5 text-sm"
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

const LISTENER_LABELS: Record<Listener, string> = {
  off: '',
  starting: 'starting…',
  recognition: 'following your words',
  detector: 'listening',
};

function MicrophoneMeter({ readLevel, listener }: { readLevel: () => number; listener: Listener }) {
  // Steps of the bar, so an unchanged step renders nothing.
  const [step, setStep] = useState(0);
  const hearing = listener === 'recognition' || listener === 'detector';
  useEffect(() => {
    if (!hearing) return setStep(0);
    const id = window.setInterval(() => setStep(meterStep(readLevel())), 100);
    return () => window.clearInterval(id);
  }, [hearing, readLevel]);
  return (
    <span className="ml-auto flex items-center gap-2 text-xs text-zinc-400">
      Microphone
      <span className="h-2 w-24 overflow-hidden rounded-full bg-zinc-800" aria-hidden="true">
        <span className={`block h-full bg-emerald-400 transition-[width] ${WIDTHS[step]}`} />
      </span>
      <span>{LISTENER_LABELS[listener]}</span>
    </span>
  );
}

/** The meter's width as a class (the CSP allows no inline style): tenths of the bar. */
const WIDTHS = [
  'w-0',
  'w-1/12',
  'w-2/12',
  'w-3/12',
  'w-4/12',
  'w-5/12',
  'w-6/12',
  'w-7/12',
  'w-8/12',
  'w-9/12',
  'w-10/12',
  'w-11/12',
  'w-full',
];
const meterStep = (level: number) => Math.max(0, Math.min(12, Math.round(level * 12)));
