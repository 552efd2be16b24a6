import {
  HEADING,
  MAX_LINES,
  TRANSITION,
  action,
  dialogue,
  extendSpeech,
  indentOf,
  isUpperCue,
  type Draft,
} from './lines';
import { isPageNumber, runningLines } from './pages';

/**
 * The printed screenplay page as text (pdftotext -layout, or pasted from a PDF): cues indented
 * right of their speech, speech right of the action. pdftotext measures each page from its own
 * leftmost text, so no column is fixed for the document: a cue is recognised by where its speech
 * starts relative to it (10 or so columns to the left, on the next line), which holds on a page
 * made only of dialogue as on any other. Two cues on one line start side-by-side dual dialogue.
 * See docs/decisions/121-reading-screenplay-pages.md.
 */

interface Row {
  text: string;
  indent: number;
}

export interface LayoutResult {
  drafts: Draft[];
  pages: number;
  /** Pages with text whose lines hold no speech (the import summary shows them). */
  pagesWithoutDialogue: number;
}

/** Screenplay page furniture: "(MORE)", "CONTINUED:", "(CONTINUED)", "CONT'D", page numbers. */
function isFurniture(t: string): boolean {
  return (
    /^\((MORE|CONTINUED)\)$/i.test(t) ||
    /^(CONTINUED:?|CONT['’]D:?|\(CONT['’]D\))$/i.test(t) ||
    /^\d+[A-Z]?\s*CONTINUED:?(\s*\(\d+\))?$/i.test(t) ||
    isPageNumber(t)
  );
}

/** "12   INT. HOUSE - DAY   12" -> "INT. HOUSE - DAY"; scene numbers at both margins go. */
function withoutSceneNumbers(text: string): string {
  let t = text;
  const lead = /^\d{1,4}[A-Z]{0,2}\.?\s{2,}/.exec(t);
  if (lead) t = t.slice(lead[0].length);
  const tail = t.lastIndexOf('  ');
  if (tail > 0 && /^\s*\d{1,4}[A-Z]{0,2}\.?$/.test(t.slice(tail))) t = t.slice(0, tail).trimEnd();
  return t;
}

/** Where the line's text runs: [start column, text] pieces split at gaps of 3+ spaces. */
function pieces(line: string): [number, string][] {
  const out: [number, string][] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && line[i] === ' ') i++;
    if (i >= n) break;
    const start = i;
    let gap = 0;
    let end = i;
    while (i < n) {
      if (line[i] === ' ') gap++;
      else {
        if (gap >= 3) break;
        gap = 0;
        end = i + 1;
      }
      i++;
    }
    out.push([start, line.slice(start, end)]);
    i = end;
    while (i < n && line[i] === ' ') i++;
  }
  return out;
}

/**
 * A cue printed as the last line of a page, its speech on the next page (browsers do not keep
 * them together): the cue moves to the top of the next page.
 */
function keepCuesWithSpeech(pages: string[][]): void {
  for (let p = 0; p + 1 < pages.length; p++) {
    const page = pages[p]!;
    let last = page.length - 1;
    while (last >= 0 && !page[last]!.trim()) last--;
    if (last < 0) continue;
    const t = page[last]!.trim();
    if (!isCue(t) || isFurniture(t) || HEADING.test(t) || TRANSITION.test(t)) continue;
    if (indentOf(page[last]!) < 10) continue;
    pages[p + 1]!.unshift(page[last]!);
    page.splice(last, 1);
  }
}

/** Two cues side by side on one line (dual dialogue): their [column, cue] pieces, or null. */
function dualCues(line: string): [number, string][] | null {
  const two = pieces(line.trimEnd());
  return two.length === 2 && isCue(two[0]![1]) && isCue(two[1]![1]) && two[1]![0] - two[0]![0] >= 15
    ? two
    : null;
}

/**
 * A cue as a screenplay tool prints it: in capitals, or with a name that keeps its lower-case
 * prefix ("McCABE", "MacDONALD", "DeVITO").
 */
export function isCue(text: string): boolean {
  if (isUpperCue(text)) return true;
  const masked = text.replace(/\b(Mc|Mac|De|Di|Da|Du|La|Le|Van|Von)(?=[A-Z]{2})/g, (p) =>
    p.toUpperCase(),
  );
  return masked !== text && isUpperCue(masked);
}

/** "HOT-BLOODED SHOTGUN" / "TOTER" at one indent, the speech under the last line. */
function wrappedCue(rows: (Row | null)[], i: number): { end: number; text: string } | null {
  const first = rows[i];
  if (!first || !isCue(first.text)) return null;
  let k = i;
  let text = first.text;
  while (k < i + 2) {
    const nxt = rows[k + 1];
    if (!nxt || Math.abs(nxt.indent - first.indent) > 1 || !isCue(nxt.text)) break;
    if (isSpeechFor(rows[k]!, nxt)) break;
    text = `${text} ${nxt.text}`;
    k++;
  }
  return k > i && isCue(text) && isSpeechFor(rows[k]!, rows[k + 1] ?? undefined)
    ? { end: k, text }
    : null;
}

function isSpeechFor(cue: Row, next: Row | undefined): boolean {
  if (!next) return false;
  const d = cue.indent - next.indent;
  // Speech sits some 8-14 columns left of its cue, a parenthetical some 4-8.
  return d >= 3 && d <= 18;
}

export function parseLayout(text: string): LayoutResult {
  // Pages with no text at all are skipped before they are split into lines.
  const pages = text.split('\f').map((page) => (/\S/.test(page) ? page.split('\n') : null));
  const withText = pages.filter((page): page is string[] => page !== null);
  keepCuesWithSpeech(withText);
  const running = runningLines(withText);
  const out: Draft[] = [];
  let pagesWithText = 0;
  let pagesWithDialogue = 0;
  /** The last speech ended with "(MORE)": a cue "NAME (CONT'D)" on the next page goes on with it. */
  let more: Draft | null = null;

  for (const page of withText) {
    if (out.length >= MAX_LINES) break;
    const rows: (Row | null)[] = page.map((raw) => {
      const line = raw.trimEnd();
      const t = line.trim();
      if (!t || running.has(t)) return null;
      return { text: t, indent: indentOf(line) };
    });
    if (rows.some((r) => r && !isFurniture(r.text))) pagesWithText++;
    const before = out.length;
    let hadSpeech = false;
    let i = 0;
    while (i < rows.length && out.length < MAX_LINES) {
      const row = rows[i];
      if (!row) {
        i++;
        continue;
      }
      if (isFurniture(row.text)) {
        i++;
        continue;
      }
      const bare = withoutSceneNumbers(row.text);
      const next = rows[i + 1] ?? undefined;

      // Side-by-side dual dialogue: two cues on one line, speeches in two columns below.
      const two = dualCues(page[i]!);
      if (two && next) {
        const mid = (two[0]![0] + two[1]![0]) / 2 - 2;
        const left: string[] = [];
        const right: string[] = [];
        i++;
        // The columns end at a blank line, or (a browser prints no blank line after them) at a
        // new cue, a heading or transition, or a line that runs across both columns.
        while (i < rows.length && rows[i] && !isFurniture(rows[i]!.text)) {
          const r = rows[i]!;
          const parts = pieces(page[i]!.trimEnd());
          if (
            dualCues(page[i]!) ||
            (isCue(r.text) && isSpeechFor(r, rows[i + 1] ?? undefined)) ||
            HEADING.test(withoutSceneNumbers(r.text)) ||
            parts.some(([start, piece]) => start < mid && start + piece.length > two[1]![0] - 4)
          )
            break;
          for (const [start, piece] of parts) {
            if (/^[a-z]{1,2}(?:\s+[a-z]{1,2})*$/.test(piece)) continue; // clipped descenders
            (start >= mid ? right : left).push(piece);
          }
          i++;
        }
        out.push(dialogue(two[0]![1], left, true), dialogue(two[1]![1], right, true));
        hadSpeech = true;
        more = null;
        continue;
      }

      // A cue wrapped over two or three lines: the last line takes the whole name.
      const wrapped = wrappedCue(rows, i);
      if (wrapped) {
        for (let k = i; k < wrapped.end; k++) rows[k] = null;
        rows[wrapped.end] = { text: wrapped.text, indent: rows[wrapped.end]!.indent };
        i = wrapped.end;
        continue;
      }

      if (isCue(bare) && next && isSpeechFor(row, next) && !HEADING.test(bare)) {
        const speech: string[] = [];
        let column: number | null = null;
        let endsWithMore = false;
        let inParenthetical = false;
        i++;
        while (i < rows.length) {
          const r = rows[i];
          if (!r) break;
          if (isFurniture(r.text)) {
            i++;
            if (/^\(MORE\)$/i.test(r.text)) {
              endsWithMore = true;
              break;
            }
            continue;
          }
          // A parenthetical may wrap: "(trying to hide her" / "embarrassment)".
          const paren: boolean = r.text.startsWith('(') || inParenthetical;
          inParenthetical = paren && !r.text.includes(')');
          if (column === null && !paren) column = r.indent;
          const inSpeech =
            column === null || paren
              ? r.indent >= row.indent - 18
              : r.indent >= column - 2 && r.indent <= column + 9;
          if (!inSpeech) break;
          if (
            r.indent >= row.indent - 2 &&
            isCue(r.text) &&
            isSpeechFor(r, rows[i + 1] ?? undefined)
          )
            break;
          if (r.text === r.text.toUpperCase() && TRANSITION.test(r.text) && /[A-Z]/.test(r.text))
            break;
          if (dualCues(page[i]!)) break;
          speech.push(r.text);
          i++;
        }
        const said = dialogue(row.text, speech);
        if (more && more.character === said.character && /CONT/i.test(row.text)) {
          // The same speech, broken by a page end: "(MORE)" ... "NAME (CONT'D)".
          extendSpeech(more, speech.join(' '));
          if (!endsWithMore) more = null;
        } else {
          out.push(said);
          more = endsWithMore ? said : null;
        }
        hadSpeech = true;
        continue;
      }

      more = null;
      if (HEADING.test(bare)) {
        out.push(action(bare.replace(/\s+/g, ' '), 'heading'));
        i++;
        continue;
      }
      if (
        bare === bare.toUpperCase() &&
        /[A-Z]/.test(bare) &&
        (TRANSITION.test(bare) || /:$/.test(bare))
      ) {
        // A transition may be split over two right-aligned lines: "RETURNING BACK" / "TO:".
        const last = out[out.length - 1];
        if (last?.kind === 'transition' && out.length > before && /^[A-Z ]+$/.test(last.text)) {
          last.text = `${last.text} ${bare}`;
        } else out.push(action(bare, 'transition'));
        i++;
        continue;
      }
      const parts: string[] = [bare];
      const startIndent = row.indent;
      i++;
      while (i < rows.length) {
        const r = rows[i];
        if (!r || isFurniture(r.text)) break;
        if (Math.abs(r.indent - startIndent) > 2) break;
        if (HEADING.test(withoutSceneNumbers(r.text))) break;
        if (isCue(r.text) && isSpeechFor(r, rows[i + 1] ?? undefined)) break;
        if (wrappedCue(rows, i)) break;
        parts.push(r.text);
        i++;
      }
      const joined = parts.join(' ').replace(/\s+/g, ' ');
      const isRightTransitionStart =
        joined === joined.toUpperCase() && startIndent > 30 && /^[A-Z ]+$/.test(joined);
      out.push(action(joined, isRightTransitionStart ? 'transition' : 'action'));
    }
    if (hadSpeech || out.slice(before).some((d) => d.kind === 'dialogue')) pagesWithDialogue++;
  }
  // pdftotext ends the last page with a form feed too: trailing empty pages are not pages.
  let last = pages.length;
  while (last > 0 && pages[last - 1] === null) last--;
  return {
    drafts: out,
    pages: last,
    pagesWithoutDialogue: Math.max(0, pagesWithText - pagesWithDialogue),
  };
}
