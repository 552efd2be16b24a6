import type { LineDisplay } from '@doublecast/common/rehearsal';

/**
 * The memorisation ladder: each of the actor's lines climbs from shown to first letters to
 * hidden after two right answers in a row, and steps back one on a miss.
 */
export const LADDER_STEPS: readonly LineDisplay[] = ['shown', 'initials', 'hidden'];
/** Right answers in a row that move a line one step down the ladder. */
export const RIGHTS_TO_CLIMB = 2;
/** A line said at least this accurately, without asking for it, is a right answer. */
export const RIGHT_ACCURACY = 0.9;

export interface Rung {
  step: number;
  streak: number;
}
export type Ladder = Readonly<Record<string, Rung>>;

export const rungOf = (ladder: Ladder, lineId: string): Rung =>
  ladder[lineId] ?? { step: 0, streak: 0 };

export function isRight(check: { accuracy: number | null; prompted: boolean }): boolean {
  return !check.prompted && check.accuracy !== null && check.accuracy >= RIGHT_ACCURACY;
}

/** The ladder after one answer of a line. */
export function climb(ladder: Ladder, lineId: string, right: boolean): Ladder {
  const { step, streak } = rungOf(ladder, lineId);
  const last = LADDER_STEPS.length - 1;
  const next: Rung = right
    ? streak + 1 >= RIGHTS_TO_CLIMB
      ? { step: Math.min(last, step + 1), streak: 0 }
      : { step, streak: streak + 1 }
    : { step: Math.max(0, step - 1), streak: 0 };
  return { ...ladder, [lineId]: next };
}

export const displayOnLadder = (ladder: Ladder, lineId: string): LineDisplay =>
  LADDER_STEPS[rungOf(ladder, lineId).step]!;
