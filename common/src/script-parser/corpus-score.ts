import type { ScriptAnalysis } from '../scripts';

/** Speeches per speaking character: dialogue lines that are read aloud, by speaker. */
export function speechesByCharacter(analysis: ScriptAnalysis): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of analysis.lines) {
    if (line.kind !== 'dialogue' || !line.spoken || !line.character) continue;
    const name = comparable(line.character);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** Words read aloud: spoken dialogue split at anything but letters and digits. */
export function spokenWords(analysis: ScriptAnalysis): number {
  let words = 0;
  for (const line of analysis.lines) {
    if (line.kind !== 'dialogue' || !line.spoken) continue;
    words += line.text.match(/[A-Za-z0-9]+/g)?.length ?? 0;
  }
  return words;
}

/** Names compared as the truth file writes them: upper case, straight apostrophes, no end stop. */
export function comparable(name: string): string {
  return name
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .replace(/[ .:]+$/, '');
}

export interface FileScore {
  file: string;
  layout: string;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Truth characters whose speech count the parser got exactly. */
  exact: number;
  characters: number;
  speechesTrue: number;
  speechesFound: number;
  /** Spoken words in the truth (when a Final Draft file gives them) and found. */
  wordsTrue: number | null;
  wordsFound: number;
  /** What differs, for the failure message: "NAME truth/found". */
  misses: string[];
}

export function scoreFile(
  file: string,
  layout: string,
  truth: Record<string, number>,
  found: Map<string, number>,
  words: { truth: number | null; found: number } = { truth: null, found: 0 },
): FileScore {
  const truthNames = new Map(Object.entries(truth).map(([k, v]) => [comparable(k), v]));
  let tp = 0;
  let exact = 0;
  const misses: string[] = [];
  for (const [name, count] of truthNames) {
    const got = found.get(name) ?? 0;
    if (got > 0) tp++;
    if (got === count) exact++;
    else misses.push(`${name} ${count}/${got}`);
  }
  let fp = 0;
  for (const [name, count] of found) {
    if (!truthNames.has(name)) {
      fp++;
      misses.push(`${name} 0/${count}`);
    }
  }
  return {
    file,
    layout,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: truthNames.size - tp,
    exact,
    characters: truthNames.size,
    speechesTrue: [...truthNames.values()].reduce((a, b) => a + b, 0),
    speechesFound: [...found.values()].reduce((a, b) => a + b, 0),
    wordsTrue: words.truth,
    wordsFound: words.found,
    misses,
  };
}

export interface LayoutScore {
  layout: string;
  files: number;
  characters: number;
  f1: number;
  exactShare: number;
  speechesTrue: number;
  speechesFound: number;
  /** Spoken words found / truth over the layout's files that have a word truth; else null. */
  wordRatio: number | null;
}

/** Per layout: F1 of speaking characters over all its files, share of exact speech counts. */
export function byLayout(scores: FileScore[]): LayoutScore[] {
  const layouts = [...new Set(scores.map((s) => s.layout))];
  return layouts.map((layout) => {
    const mine = scores.filter((s) => s.layout === layout);
    const sum = (f: (s: FileScore) => number) => mine.reduce((a, s) => a + f(s), 0);
    const tp = sum((s) => s.truePositives);
    const fp = sum((s) => s.falsePositives);
    const fn = sum((s) => s.falseNegatives);
    const characters = sum((s) => s.characters);
    return {
      layout,
      files: mine.length,
      characters,
      f1: tp + fp + fn === 0 ? 1 : (2 * tp) / (2 * tp + fp + fn),
      exactShare: characters === 0 ? 1 : sum((s) => s.exact) / characters,
      speechesTrue: sum((s) => s.speechesTrue),
      speechesFound: sum((s) => s.speechesFound),
      wordRatio: wordRatio(mine.filter((s) => s.wordsTrue !== null)),
    };
  });
}

function wordRatio(withTruth: FileScore[]): number | null {
  if (!withTruth.length) return null;
  const truth = withTruth.reduce((a, s) => a + (s.wordsTrue ?? 0), 0);
  return withTruth.reduce((a, s) => a + s.wordsFound, 0) / Math.max(1, truth);
}

export function formatTable(rows: LayoutScore[]): string {
  const header =
    '| layout | files | characters | F1 | exact counts | speeches (truth / found) | spoken words found |';
  const rule = '| --- | --- | --- | --- | --- | --- | --- |';
  const body = rows.map(
    (r) =>
      `| ${r.layout} | ${r.files} | ${r.characters} | ${r.f1.toFixed(3)} | ${(r.exactShare * 100).toFixed(1)}% | ${r.speechesTrue} / ${r.speechesFound} | ${r.wordRatio === null ? '-' : `${(r.wordRatio * 100).toFixed(1)}%`} |`,
  );
  return [header, rule, ...body].join('\n');
}
