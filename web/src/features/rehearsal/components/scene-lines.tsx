import { useRef, useState, type RefObject } from 'react';
import type { ScriptLine } from '@doublecast/common/scripts';
import { rungOf } from '../engine/ladder';
import { shownText, type RehearsalState } from '../engine/run-state';
import { LineMenu } from './line-menu';

/** What a partner line's menu reads and changes (see useRehearsal's `direct`). */
export interface LineDirecting {
  scriptId: string;
  voices: Record<string, string>;
  notes: Record<string, string>;
  takes: Record<string, number>;
  direct: (lineId: string, change: { note?: string; take?: number }) => void;
  respelled: () => void;
}

const RUNG_LABELS = ['shown', 'first letters', 'hidden'];

/**
 * The scene as a list: the current line marked, the actor's lines as they chose to see them, and
 * a menu on each partner line (one open at a time).
 */
export function SceneLines({
  lines,
  role,
  state,
  currentLineRef,
  onJump,
  directing,
}: {
  lines: readonly ScriptLine[];
  role: string;
  state: RehearsalState;
  currentLineRef: RefObject<HTMLLIElement | null>;
  onJump: (index: number) => void;
  directing?: LineDirecting;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const toggles = useRef(new Map<string, HTMLButtonElement>());
  const close = (lineId: string) => {
    setOpen(null);
    toggles.current.get(lineId)?.focus();
  };
  // An open menu needs the room: the list then grows with the page instead of scrolling.
  return (
    <ol
      aria-label="Scene"
      className={`${open ? '' : 'max-h-[55vh] overflow-y-auto'} space-y-2 rounded-xl border border-zinc-800 bg-zinc-950/60 p-3 sm:p-4`}
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
            <div className="flex items-start gap-1">
              <button
                type="button"
                onClick={() => onJump(i)}
                className={`min-w-0 flex-1 rounded-lg border px-3 py-2.5 text-left transition-colors ${
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
                  {directing?.notes[line.id] && (
                    <span className="font-normal text-brand-300/90">
                      note: {directing.notes[line.id]}
                    </span>
                  )}
                  {directing?.takes[line.id] && (
                    <span className="font-normal text-brand-300/90">
                      take {directing.takes[line.id]}
                    </span>
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
              {directing && !mine && (
                <button
                  type="button"
                  ref={(el) => {
                    if (el) toggles.current.set(line.id, el);
                    else toggles.current.delete(line.id);
                  }}
                  aria-expanded={open === line.id}
                  aria-controls={open === line.id ? `line-menu-${line.id}` : undefined}
                  aria-label={`Menu for line ${i + 1}`}
                  title={`Menu for line ${i + 1}`}
                  onClick={() => setOpen(open === line.id ? null : line.id)}
                  className={`grid h-11 w-11 shrink-0 place-items-center rounded-lg border text-lg leading-none transition-colors ${
                    open === line.id
                      ? 'border-brand-400 bg-brand-500/15 text-white'
                      : 'border-zinc-800 text-zinc-400 hover:border-zinc-600 hover:text-white'
                  }`}
                >
                  <span aria-hidden="true">⋯</span>
                </button>
              )}
            </div>
            {directing && !mine && open === line.id && (
              <LineMenu
                id={`line-menu-${line.id}`}
                scriptId={directing.scriptId}
                line={line}
                number={i + 1}
                voiceId={directing.voices[line.character!]!}
                note={directing.notes[line.id] ?? ''}
                keptTake={directing.takes[line.id] ?? 1}
                onNote={(note) => directing.direct(line.id, { note })}
                onKeep={(take) => directing.direct(line.id, { take })}
                onRespelled={directing.respelled}
                onClose={() => close(line.id)}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
