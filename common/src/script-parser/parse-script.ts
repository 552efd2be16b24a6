import { normaliseCue, type ScriptAnalysis, type ScriptFormat, type ScriptLine } from '../scripts';

/**
 * Splits a script into lines: who speaks, what they say, and what is not spoken (scene
 * headings, action, transitions, parentheticals). Four text layouts are understood:
 * - Fountain (and any screenplay pasted as plain text: upper-case cue, speech under it),
 * - "NAME: line" (the layout of most sides sent by e-mail and of play transcripts),
 * - the centred-cue layout of a screenplay page (text copied from a PDF, `pdftotext -layout`),
 * - Final Draft XML (.fdx), in parse-fdx.ts.
 * See docs/decisions/060-script-parsing.md.
 */

type Draft = Omit<ScriptLine, 'id'>;

export function parseScript(
  text: string,
  format: 'auto' | 'fountain' | 'colon' | 'layout' = 'auto',
): ScriptAnalysis {
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/\u00a0/g, ' ');
  const chosen = format === 'auto' ? detectFormat(clean) : format;
  const drafts =
    chosen === 'colon'
      ? parseColon(clean)
      : chosen === 'layout'
        ? parseLayout(clean)
        : parseFountain(clean);
  return { format: chosen, lines: numberLines(drafts) };
}

export function numberLines(drafts: Draft[]): ScriptLine[] {
  return drafts
    .filter((d) => d.text.trim().length > 0 || d.kind === 'dialogue')
    .map((d, i) => ({ ...d, id: `l${i + 1}` }));
}

const COLON_LINE = /^\s*([A-Za-z][A-Za-z0-9 .'’-]{0,29}?(?:\s*\([^)]{1,20}\))?)\s*:\s*(.*)$/;
const NOT_A_SPEAKER =
  /^(int|ext|est|i\/e|note|notes|scene|act|title|author|authors|draft|draft date|credit|source|contact|copyright|time|place|setting|characters?|cast|page)$/i;
const HEADING = /^(?:\d+[A-Z]?\s+)?(INT|EXT|EST|INT\.?\/EXT|I\/E)[.\s]/i;

export function detectFormat(text: string): 'fountain' | 'colon' | 'layout' {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length === 0) return 'fountain';
  const colon = lines.filter((l) => isColonLine(l)).length;
  if (colon >= 2 && colon / lines.length >= 0.4) return 'colon';
  const indented = lines.filter((l) => /^ {10,}\S/.test(l)).length;
  if (indented >= 2 && indented / lines.length >= 0.3) return 'layout';
  return 'fountain';
}

function isColonLine(line: string): boolean {
  const m = COLON_LINE.exec(line);
  if (!m) return false;
  const name = m[1]!.replace(/\([^)]*\)/, '').trim();
  return !NOT_A_SPEAKER.test(name) && name.split(/\s+/).length <= 4 && !HEADING.test(line.trim());
}

/** Removes Fountain emphasis markers and escapes from text that is read aloud. */
function plain(text: string): string {
  return text
    .replace(/\\\*/g, '\ue000')
    .replace(/\\_/g, '\ue001')
    .replace(/\*{1,3}|_/g, '')
    .replace(/\ue000/g, '*')
    .replace(/\ue001/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits speech from its parentheticals: "(quietly) Go. (beat) Now." -> speech "Go. Now." */
function splitDirections(speech: string): { text: string; direction: string | null } {
  const directions: string[] = [];
  const text = speech.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    directions.push(`(${inner.trim()})`);
    return ' ';
  });
  return { text: plain(text), direction: directions.length ? directions.join(' ') : null };
}

const TRANSITION =
  /^(?:FADE (?:IN|OUT)|FADE TO BLACK|CUT TO|SMASH CUT|MATCH CUT|DISSOLVE TO|JUMP CUT|THE END)\b|\bTO:$/;

function isUpperCue(line: string): boolean {
  const name = line
    .replace(/\([^)]*\)/g, '')
    .replace(/\^\s*$/, '')
    .trim();
  if (!name || name.length > 40 || !/[A-Z]/.test(name)) return false;
  if (name !== name.toUpperCase()) return false;
  // "MR. GRANT" and "J.J." are names; "NO!" and "WAIT." are shouted speech.
  const bare = name.replace(/\b(MR|MRS|MS|DR|ST|JR|SR)\./g, '$1').replace(/\b([A-Z])\./g, '$1');
  if (/[.!?,;:]/.test(bare)) return false;
  if (HEADING.test(name) || TRANSITION.test(name)) return false;
  return name.split(/\s+/).length <= 5;
}

function dialogue(cue: string, speech: string[], dual = false): Draft {
  const { text, direction } = splitDirections(speech.join(' '));
  return {
    kind: 'dialogue',
    character: normaliseCue(cue),
    text,
    direction,
    spoken: text.length > 0,
    dual,
  };
}

function action(text: string, kind: 'action' | 'heading' | 'transition' = 'action'): Draft {
  return { kind, character: null, text, direction: null, spoken: false, dual: false };
}

// ---------------------------------------------------------------------------------------------
// Fountain (https://fountain.io/syntax), also the canonical text we store for FDX and PDF imports.

export function parseFountain(text: string): Draft[] {
  let body = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\[\[[\s\S]*?\]\]/g, '');
  body = stripTitlePage(body);
  const blocks = body
    .split(/\n[ \t]*\n/)
    .map((b) =>
      b
        .split('\n')
        .map((l) => l.replace(/\s+$/, ''))
        .filter((l) => l.trim() !== ''),
    )
    .filter((b) => b.length > 0);

  const out: Draft[] = [];
  for (const block of blocks) {
    const first = block[0]!.trim();
    if (/^={3,}$/.test(first) || first.startsWith('#') || /^=[^=]/.test(first)) continue;
    if (first.startsWith('!')) {
      out.push(action(block.map((l) => plain(l.trim().replace(/^!/, ''))).join('\n')));
      continue;
    }
    if ((first.startsWith('.') && !first.startsWith('..')) || HEADING.test(first)) {
      out.push(
        action(
          first
            .replace(/^\./, '')
            .replace(/\s+#[^#]+#$/, '')
            .trim(),
          'heading',
        ),
      );
      if (block.length > 1)
        out.push(
          action(
            block
              .slice(1)
              .map((l) => plain(l))
              .join('\n'),
          ),
        );
      continue;
    }
    if (
      (first.startsWith('>') && !first.endsWith('<')) ||
      (first === first.toUpperCase() && TRANSITION.test(first) && block.length === 1)
    ) {
      out.push(action(first.replace(/^>\s*/, ''), 'transition'));
      continue;
    }
    if (block.length >= 2 && (first.startsWith('@') || isUpperCue(first))) {
      out.push(...dialogueBlock(block));
      continue;
    }
    out.push(action(block.map((l) => plain(l.replace(/^>\s*|\s*<$/g, ''))).join('\n')));
  }
  markDual(out);
  return out;
}

/** A cue with its speech; an upper-case line followed by more text inside the block starts the next speaker. */
function dialogueBlock(block: string[]): Draft[] {
  const out: Draft[] = [];
  let cue = block[0]!.trim();
  let speech: string[] = [];
  for (let i = 1; i < block.length; i++) {
    const line = block[i]!.trim().replace(/^~\s*/, '');
    const next = block[i + 1];
    if (
      next !== undefined &&
      speech.length > 0 &&
      !line.startsWith('(') &&
      isUpperCue(line) &&
      !/^[A-Z]$/.test(line)
    ) {
      out.push(dialogue(cue, speech, /\^\s*$/.test(cue)));
      cue = line;
      speech = [];
      continue;
    }
    speech.push(line);
  }
  out.push(dialogue(cue, speech, /\^\s*$/.test(cue)));
  return out;
}

/** The line marked with ^ speaks at the same time as the dialogue just before it. */
function markDual(lines: Draft[]): void {
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.dual) continue;
    const prev = lines[i - 1];
    if (prev?.kind === 'dialogue') prev.dual = true;
    else lines[i]!.dual = false;
  }
}

function stripTitlePage(text: string): string {
  const trimmed = text.replace(/^\s*\n/, '');
  const firstBlock = trimmed.split(/\n[ \t]*\n/)[0] ?? '';
  if (
    /^(Title|Credit|Author|Authors|Source|Draft date|Contact|Copyright|Notes)\s*:/i.test(
      firstBlock.trim(),
    )
  ) {
    return trimmed.slice(firstBlock.length);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// "NAME: line"

export function parseColon(text: string): Draft[] {
  const out: Draft[] = [];
  let last: Draft | null = null;
  let blank = true;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) {
      blank = true;
      continue;
    }
    const m = isColonLine(line) ? COLON_LINE.exec(line) : null;
    if (m) {
      last = dialogue(m[1]!, [m[2]!]);
      out.push(last);
    } else if (HEADING.test(line)) {
      out.push(action(line, 'heading'));
      last = null;
    } else if (/^[[(].*[\])]$/.test(line)) {
      out.push(action(line.replace(/^[[(]\s*|\s*[\])]$/g, '')));
      last = null;
    } else if (last && !blank && last.kind === 'dialogue') {
      const merged = splitDirections(`${last.direction ?? ''} ${last.text} ${line}`);
      last.text = merged.text;
      last.direction = merged.direction;
      last.spoken = merged.text.length > 0;
    } else if (last && !blank && last.kind === 'action') {
      last.text += `\n${line}`;
    } else {
      last = action(line);
      out.push(last);
    }
    blank = false;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Centred-cue page layout (text from a PDF): cues far right of the margin, speech between.

export function parseLayout(text: string): Draft[] {
  const rows = text
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter(
      (l) =>
        !/^\s*\d+[A-Z]?\.?\s*$/.test(l) &&
        !/^\s*\((MORE|CONTINUED)\)\s*$/i.test(l) &&
        !/^\s*(CONTINUED:?|CONT['’]D:?)\s*$/i.test(l),
    );
  const indents = rows.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const margin = indents.length ? percentile(indents, 0.1) : 0;
  const indentOf = (l: string) => l.length - l.trimStart().length - margin;

  const out: Draft[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    const line = row.trim().replace(/^\d+[A-Z]?\s{2,}|\s{2,}\d+[A-Z]?$/g, '');
    if (!line) {
      i++;
      continue;
    }
    const indent = indentOf(row);
    const next = rows[i + 1];
    if (indent >= 30 && line === line.toUpperCase() && (TRANSITION.test(line) || /:$/.test(line))) {
      out.push(action(line, 'transition'));
      i++;
    } else if (
      indent >= 12 &&
      isUpperCue(line) &&
      next !== undefined &&
      next.trim() &&
      indentOf(next) >= 5
    ) {
      const speech: string[] = [];
      i++;
      while (
        i < rows.length &&
        rows[i]!.trim() &&
        indentOf(rows[i]!) >= 5 &&
        !(isUpperCue(rows[i]!.trim()) && indentOf(rows[i]!) >= indent - 2 && speech.length > 0)
      ) {
        speech.push(rows[i]!.trim());
        i++;
      }
      const previous = out[out.length - 1];
      const said = dialogue(line, speech, false);
      // A speech broken by a page end, "(MORE)" ... "NAME (CONT'D)", is one line.
      if (
        previous?.kind === 'dialogue' &&
        previous.character === said.character &&
        /CONT/i.test(line)
      ) {
        previous.text = [previous.text, said.text].filter(Boolean).join(' ');
        previous.direction = [previous.direction, said.direction].filter(Boolean).join(' ') || null;
        previous.spoken = previous.text.length > 0;
      } else out.push(said);
    } else if (indent < 5 && HEADING.test(line)) {
      out.push(action(line, 'heading'));
      i++;
    } else {
      const parts: string[] = [line];
      i++;
      while (
        i < rows.length &&
        rows[i]!.trim() &&
        indentOf(rows[i]!) < 5 &&
        !HEADING.test(rows[i]!.trim())
      ) {
        parts.push(rows[i]!.trim());
        i++;
      }
      out.push(action(parts.join(' ')));
    }
  }
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

// ---------------------------------------------------------------------------------------------

/** The canonical Fountain text of an analysis; parsing it again gives the same lines. */
export function analysisToFountain(analysis: Pick<ScriptAnalysis, 'lines'>): string {
  const blocks: string[] = [];
  for (const line of analysis.lines) {
    if (line.kind === 'heading')
      blocks.push(
        HEADING.test(line.text) ? line.text.toUpperCase() : `.${line.text.toUpperCase()}`,
      );
    else if (line.kind === 'transition') blocks.push(`> ${line.text}`);
    else if (line.kind === 'action') {
      const needsForce =
        line.text.split('\n').length > 1
          ? isUpperCue(line.text.split('\n')[0]!)
          : HEADING.test(line.text);
      blocks.push(needsForce || line.text.startsWith('>') ? `!${line.text}` : line.text);
    } else {
      const cue = line.character ?? 'UNKNOWN';
      const dualSecond = line.dual && blocks.length > 0 && isDualSecond(analysis.lines, line);
      const speech = [line.direction, line.text].filter(Boolean).join('\n');
      blocks.push(`${isUpperCue(cue) ? cue : `@${cue}`}${dualSecond ? ' ^' : ''}\n${speech}`);
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

function isDualSecond(lines: readonly ScriptLine[], line: ScriptLine): boolean {
  const i = lines.indexOf(line);
  const prev = lines[i - 1];
  return !!prev && prev.kind === 'dialogue' && prev.dual && !isDualSecond(lines, prev);
}

export type { ScriptFormat };
