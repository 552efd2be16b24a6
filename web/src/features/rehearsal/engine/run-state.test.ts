import { describe, expect, it } from 'vitest';
import type { ScriptLine } from '@doublecast/common/scripts';
import {
  canRevealLine,
  firstLine,
  initialRehearsalState,
  lineAfter,
  rehearsalReducer,
  shownText,
  statusText,
  type RehearsalAction,
  type RehearsalState,
} from './run-state';

const line = (id: string, character: string, text: string): ScriptLine =>
  ({ id, character, text, direction: null }) as unknown as ScriptLine;
const lines = [
  line('a1', 'ANNA', 'You are late.'),
  line('b1', 'BEN', 'I know.'),
  line('a2', 'ANNA', 'Sit down, please.'),
];
const run = (...actions: RehearsalAction[]): RehearsalState =>
  actions.reduce(rehearsalReducer, initialRehearsalState(lines.length));

describe('rehearsalReducer', () => {
  it('starts ready at line 1 with the whole scene as the loop', () => {
    const s = initialRehearsalState(3);
    expect(s).toMatchObject({ index: 0, status: 'ready', loopFrom: 0, loopTo: 2, speed: 1 });
    expect(initialRehearsalState(0).loopTo).toBe(0);
  });

  it('moves through speaking, waiting and the end, clearing errors and the pause', () => {
    let s = run({ type: 'speak', index: 0 }, { type: 'fail', error: 'boom' });
    expect(s).toMatchObject({ status: 'paused', error: 'boom' });
    s = rehearsalReducer(s, { type: 'wait', index: 1, waitMs: 900 });
    expect(s).toMatchObject({ index: 1, status: 'waiting', error: null, waitMs: 900 });
    s = rehearsalReducer(s, { type: 'speak', index: 2 });
    expect(s).toMatchObject({ index: 2, status: 'playing', waitMs: null });
    s = rehearsalReducer(s, { type: 'finish' });
    expect(s).toMatchObject({ index: 2, status: 'done', error: null });
  });

  it('pauses (dropping the timed pause) and resumes; a warning keeps the status', () => {
    let s = run({ type: 'wait', index: 1, waitMs: 500 }, { type: 'pause' });
    expect(s).toMatchObject({ status: 'paused', waitMs: null });
    s = rehearsalReducer(s, { type: 'resume' });
    expect(s.status).toBe('playing');
    s = rehearsalReducer(s, { type: 'warn', error: 'mic' });
    expect(s).toMatchObject({ status: 'playing', error: 'mic' });
  });

  it('keeps the choices, reveals lines and records durations without mutating', () => {
    const before = run();
    const s = [
      { type: 'set-speed', speed: 1.5 },
      { type: 'set-cue-mode', cueMode: 'timed' },
      { type: 'set-display', display: 'hidden' },
      { type: 'reveal', lineId: 'b1' },
      { type: 'measured', lineId: 'a1', seconds: 1.2 },
    ].reduce((x, a) => rehearsalReducer(x, a as RehearsalAction), before);
    expect(s).toMatchObject({ speed: 1.5, cueMode: 'timed', display: 'hidden' });
    expect([...s.revealed]).toEqual(['b1']);
    expect(s.durations).toEqual({ a1: 1.2 });
    expect(before.revealed.size).toBe(0);
    expect(before.durations).toEqual({});
  });
});

describe('loop and start', () => {
  it('goes back to the loop start after its last line, and on otherwise', () => {
    const s = run(
      { type: 'set-loop', loopOn: true },
      { type: 'set-loop-from', line: 1 },
      { type: 'set-loop-to', line: 2 },
    );
    expect(lineAfter(s, 2)).toBe(1);
    expect(lineAfter(s, 1)).toBe(2);
    expect(firstLine(s)).toBe(1);
    const off = rehearsalReducer(s, { type: 'set-loop', loopOn: false });
    expect(lineAfter(off, 2)).toBe(3);
    expect(firstLine(off)).toBe(0);
  });
});

describe('what the actor sees', () => {
  it("shows partners' lines always and mine as chosen", () => {
    const s = run({ type: 'set-display', display: 'initials' });
    expect(shownText(lines[0]!, 'BEN', s)).toBe('You are late.');
    expect(shownText(lines[1]!, 'BEN', s)).toBe('I k.');
    const hidden = rehearsalReducer(s, { type: 'set-display', display: 'hidden' });
    expect(shownText(lines[1]!, 'BEN', hidden)).toBeNull();
    const revealed = rehearsalReducer(hidden, { type: 'reveal', lineId: 'b1' });
    expect(shownText(lines[1]!, 'BEN', revealed)).toBe('I know.');
  });

  it('offers "Line?" only on my current line while it is not shown in full', () => {
    const atMine = run({ type: 'wait', index: 1, waitMs: null });
    expect(canRevealLine(atMine, lines, 'BEN')).toBe(false);
    const hidden = rehearsalReducer(atMine, { type: 'set-display', display: 'hidden' });
    expect(canRevealLine(hidden, lines, 'BEN')).toBe(true);
    expect(canRevealLine(hidden, lines, 'ANNA')).toBe(false);
    expect(
      canRevealLine(rehearsalReducer(hidden, { type: 'reveal', lineId: 'b1' }), lines, 'BEN'),
    ).toBe(false);
  });

  it('says where the run is', () => {
    expect(statusText(run(), lines, 'BEN')).toBe('Ready: 3 lines. You play BEN.');
    expect(statusText(run({ type: 'speak', index: 2 }), lines, 'BEN')).toBe(
      'ANNA is speaking (line 3 of 3)',
    );
    const waiting = run({ type: 'wait', index: 1, waitMs: null });
    expect(statusText(waiting, lines, 'BEN')).toBe(
      'Your line. Tap Continue or press Space when you are done.',
    );
    expect(
      statusText(
        rehearsalReducer(waiting, { type: 'set-cue-mode', cueMode: 'timed' }),
        lines,
        'BEN',
      ),
    ).toBe('Your line. The scene goes on after the pause.');
    expect(
      statusText(
        rehearsalReducer(waiting, { type: 'set-cue-mode', cueMode: 'voice' }),
        lines,
        'BEN',
      ),
    ).toBe('Your line. The scene goes on when you stop speaking.');
    expect(statusText(run({ type: 'pause' }), lines, 'BEN')).toBe('Paused');
    expect(statusText(run({ type: 'finish' }), lines, 'BEN')).toBe('End of scene');
  });
});
