import {
  HEADING,
  MAX_LINES,
  TRANSITION,
  action,
  dialogue,
  isUpperCue,
  plain,
  type Draft,
} from './lines';

/**
 * Fountain (https://fountain.io/syntax), also how any screenplay pasted as plain text reads
 * (upper-case cue, speech under it), and the canonical text stored for FDX and PDF imports.
 * Linear: comments are cut with indexOf, blocks are built line by line.
 */
export function parseFountain(text: string): Draft[] {
  const body = stripTitlePage(cutBetween(cutBetween(text, '/*', '*/'), '[[', ']]'));
  const out: Draft[] = [];
  for (const block of blocks(body)) {
    if (out.length >= MAX_LINES) break;
    const first = block[0]!.trim();
    if (/^={3,}$/.test(first) || first.startsWith('#') || /^=(?!=)/.test(first)) continue;
    if (first.startsWith('!')) {
      out.push(action(block.map((l) => plain(l.trim().replace(/^!/, ''))).join('\n')));
      continue;
    }
    if (first.startsWith('>') && first.endsWith('<')) {
      // Centred text is printed, never spoken and never a cue.
      out.push(action(block.map((l) => plain(l.trim().replace(/^>|<$/g, ''))).join('\n')));
      continue;
    }
    if ((first.startsWith('.') && !first.startsWith('..')) || HEADING.test(first)) {
      out.push(action(stripSceneNumber(first.replace(/^\./, '')), 'heading'));
      if (block.length > 1) out.push(action(block.slice(1).map(plain).join('\n')));
      continue;
    }
    if (
      first.startsWith('>') ||
      (block.length === 1 && first === first.toUpperCase() && TRANSITION.test(first))
    ) {
      out.push(action(first.replace(/^>\s*/, ''), 'transition'));
      continue;
    }
    if (block.length >= 2 && (first.startsWith('@') || isUpperCue(first))) {
      dialogueBlock(block, out);
      continue;
    }
    out.push(action(block.map((l) => plain(l)).join('\n')));
  }
  markDual(out);
  return out;
}

/** Removes every "open ... close" span (boneyard, notes); an unclosed one runs to the end. */
function cutBetween(text: string, open: string, close: string): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const start = text.indexOf(open, pos);
    if (start < 0) return out + text.slice(pos);
    out += text.slice(pos, start);
    const end = text.indexOf(close, start + open.length);
    if (end < 0) return out;
    pos = end + close.length;
  }
}

/**
 * Blocks separated by blank lines. A line of two or more spaces inside dialogue is Fountain's
 * way of keeping a blank line in a speech, so it does not end the block.
 */
function blocks(text: string): string[][] {
  const lines = text.split('\n');
  const out: string[][] = [];
  let block: string[] = [];
  let speaking: boolean | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    if (line) {
      block.push(line);
      continue;
    }
    const raw = lines[i]!;
    const next = lines[i + 1];
    if (raw.length >= 2 && block.length >= 2 && next !== undefined && next.trim() !== '') {
      const first = block[0]!.trim();
      speaking ??= first.startsWith('@') || isUpperCue(first);
      if (speaking) continue;
    }
    if (block.length) out.push(block);
    block = [];
    speaking = null;
  }
  if (block.length) out.push(block);
  return out;
}

/** "INT. HOUSE - DAY #1A#" -> "INT. HOUSE - DAY". */
function stripSceneNumber(heading: string): string {
  const h = heading.trim();
  if (!h.endsWith('#')) return h;
  const open = h.lastIndexOf('#', h.length - 2);
  return open > 0 && /\s/.test(h[open - 1]!) ? h.slice(0, open).trim() : h;
}

/**
 * A cue with its speech. Inside the block an upper-case line followed by more text starts the
 * next speaker (cues pasted without blank lines); a transition line ends the speech.
 */
function dialogueBlock(block: string[], out: Draft[]): void {
  let cue = block[0]!.trim();
  let speech: string[] = [];
  let i = 1;
  for (; i < block.length && out.length < MAX_LINES; i++) {
    const line = block[i]!.trim().replace(/^~\s*/, '');
    if (line === line.toUpperCase() && TRANSITION.test(line) && /[A-Z]/.test(line)) break;
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
  if (i < block.length) {
    out.push(action(block[i]!.trim(), 'transition'));
    if (i + 1 < block.length)
      out.push(
        action(
          block
            .slice(i + 1)
            .map(plain)
            .join('\n'),
        ),
      );
  }
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

const TITLE_KEY = /^(Title|Credit|Author|Authors|Source|Draft date|Contact|Copyright|Notes)\s*:/i;

/**
 * The Title of a Fountain title page ("Title: _**BRICK & STEEL**_", or its value on indented
 * lines below the key), without emphasis markers; null when the text has no title page or no
 * Title. Reads only the title page's first 100 lines.
 */
export function fountainTitle(text: string): string | null {
  const head = text
    .slice(0, 20_000)
    .replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n');
  const trimmed = head.replace(/^\s+/, '');
  if (!TITLE_KEY.test(trimmed)) return null;
  const lines = trimmed.split('\n', 100);
  for (let i = 0; i < lines.length && lines[i]!.trim(); i++) {
    const m = /^Title\s*:(.*)$/i.exec(lines[i]!);
    if (!m) continue;
    const parts = [m[1]!.trim()];
    for (let j = i + 1; j < lines.length && /^(?:\s{2,}|\t)\S/.test(lines[j]!); j++)
      parts.push(lines[j]!.trim());
    const title = plain(parts.filter(Boolean).join(' ')).slice(0, 200).trim();
    return title || null;
  }
  return null;
}

function stripTitlePage(text: string): string {
  const trimmed = text.replace(/^\s+/, '');
  if (!TITLE_KEY.test(trimmed)) return text;
  const end = trimmed.search(/\n[ \t]*\n/);
  return end < 0 ? '' : trimmed.slice(end);
}
