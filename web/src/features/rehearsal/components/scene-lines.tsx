import type { RefObject } from 'react';
import type { ScriptLine } from '@doublecast/common/scripts';
import { rungOf } from '../engine/ladder';
import { shownText, type RehearsalState } from '../engine/run-state';

const RUNG_LABELS = ['shown', 'first letters', 'hidden'];

/** The scene as a list: the current line marked, the actor's lines as they chose to see them. */
export function SceneLines({
  lines,
  role,
  state,
  currentLineRef,
  onJump,
}: {
  lines: readonly ScriptLine[];
  role: string;
  state: RehearsalState;
  currentLineRef: RefObject<HTMLLIElement | null>;
  onJump: (index: number) => void;
}) {
  return (
    <ol
      aria-label="Scene"
      className="max-h-[55vh] space-y-2 overflow-y-auto rounded-xl border border-zinc-800 bg-zinc-950/60 p-3 sm:p-4"
    >
      {lines.map((line, i) => {
        const mine = line.character === role;
        const active = i === state.index && state.status !== 'ready';
        const text = shownText(line, role, state);
        const check = state.run.checks[line.id];
        return (
          <li
            key={line.id}
            ref={i === state.index ? currentLineRef : undefined}
            aria-current={active ? 'step' : undefined}
            data-line-id={line.id}
            data-audio-seconds={state.durations[line.id]}
          >
            <button
              type="button"
              onClick={() => onJump(i)}
              className={`w-full rounded-lg border px-3 py-2.5 text-left transition-colors ${
                active
                  ? 'border-brand-400 bg-brand-500/15'
                  : mine
                    ? 'border-zinc-800 bg-zinc-900/80 hover:border-zinc-600'
                    : 'border-transparent hover:border-zinc-700'
              }`}
            >
              <span className="flex flex-wrap items-baseline gap-2 text-xs font-semibold tracking-wide">
                <span className="text-zinc-500 tabular-nums">{i + 1}</span>
                <span className={mine ? 'text-brand-300' : 'text-zinc-300'}>
                  {line.character}
                  {mine && ' (you)'}
                </span>
                {line.direction && (
                  <span className="font-normal text-zinc-500 italic">{line.direction}</span>
                )}
                {mine && state.display === 'ladder' && (
                  <span className="font-normal text-zinc-500">
                    · ladder: {RUNG_LABELS[rungOf(state.ladder, line.id).step]}
                  </span>
                )}
                {check && (
                  <span className="ml-auto font-normal text-zinc-400 tabular-nums">
                    {Math.round(check.accuracy * 100)}%
                  </span>
                )}
              </span>
              <span
                className={`mt-1 block text-base leading-relaxed ${mine ? 'text-white' : 'text-zinc-200'}`}
              >
                {text ?? <span className="text-zinc-500 italic">Your line (hidden)</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
