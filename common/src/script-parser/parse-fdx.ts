import { normaliseCue, type ScriptAnalysis } from '../scripts';
import { numberLines } from './parse-script';

export class FdxError extends Error {}

type Draft = Parameters<typeof numberLines>[0][number];

/** Elements whose whole subtree is not part of the script's text. */
const SKIPPED = new Set([
  'ScriptNote',
  'ScriptNotes',
  'SceneProperties',
  'OmittedScene',
  'TitlePage',
  'DynamicLabel',
  'SmartType',
  'ElementSettings',
]);

interface Frame {
  name: string;
  /** Inside the script body (FinalDraft > Content, through Paragraph and DualDialogue only). */
  body: boolean;
  skipped: boolean;
  dual: boolean;
  paragraph: { type: string; text: string; container: boolean } | null;
  /** This is a <Text> run of a body paragraph: its characters are collected. */
  collect: boolean;
}

/**
 * Final Draft's XML (.fdx), read in one linear pass over its tags (no regular expression runs
 * over the document, so hostile input cannot make it backtrack). Only the script body is read:
 * the <Content> that is a direct child of <FinalDraft>, never the title page's <Content>.
 * Paragraphs are the <Paragraph> elements inside it; a paragraph that holds other paragraphs
 * (Final Draft wraps <DualDialogue> in one) is a container and only its children count. Script
 * notes, scene properties and omitted scenes inside paragraphs are skipped. Entities: the five
 * predefined ones and numeric references; there is no DTD to expand.
 * See docs/decisions/120-reading-final-draft-files.md.
 */
export function parseFdx(xml: string): ScriptAnalysis {
  const paragraphs = readParagraphs(xml);
  const drafts: Draft[] = [];
  let pending: Draft | null = null;
  const flush = () => {
    if (pending) drafts.push(pending);
    pending = null;
  };
  let lastDual = false;
  for (const p of paragraphs) {
    const text = p.text;
    if (p.dual !== lastDual) flush();
    lastDual = p.dual;
    switch (p.type) {
      case 'Character':
        flush();
        if (!text) break;
        pending = {
          kind: 'dialogue',
          character: normaliseCue(text) || text.toUpperCase().slice(0, 60),
          text: '',
          direction: null,
          spoken: false,
          dual: p.dual,
        };
        break;
      case 'Parenthetical':
        if (pending) pending.direction = [pending.direction, text].filter(Boolean).join(' ');
        break;
      case 'Dialogue':
      case 'Lyrics':
        if (pending) {
          pending.text = [pending.text, text].filter(Boolean).join(' ');
          pending.spoken = pending.text.length > 0;
        } else if (text) drafts.push(unspoken('action', text));
        break;
      default: {
        flush();
        if (!text) break;
        drafts.push(
          unspoken(
            p.type === 'Scene Heading'
              ? 'heading'
              : p.type === 'Transition'
                ? 'transition'
                : 'action',
            text,
          ),
        );
      }
    }
  }
  flush();
  return { format: 'fdx', lines: numberLines(drafts) };
}

function unspoken(kind: 'action' | 'heading' | 'transition', text: string): Draft {
  return { kind, character: null, text, direction: null, spoken: false, dual: false };
}

interface Paragraph {
  type: string;
  text: string;
  dual: boolean;
}

/** The body's paragraphs in document order, each with its type, plain text and dual flag. */
function readParagraphs(xml: string): Paragraph[] {
  const out: Paragraph[] = [];
  const stack: Frame[] = [];
  let sawRoot = false;
  let sawBody = false;
  let pos = 0;
  const n = xml.length;
  const top = () => stack[stack.length - 1];

  const addText = (raw: string) => {
    const t = top();
    if (!t?.collect) return;
    const p = stack[stack.length - 2]?.paragraph;
    if (p) p.text += raw;
  };

  while (pos < n) {
    const lt = xml.indexOf('<', pos);
    if (lt < 0) {
      addText(decodeXml(xml.slice(pos)));
      break;
    }
    if (lt > pos) addText(decodeXml(xml.slice(pos, lt)));
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      pos = end < 0 ? n : end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      addText(xml.slice(lt + 9, end < 0 ? n : end));
      pos = end < 0 ? n : end + 3;
      continue;
    }
    if (xml.startsWith('<?', lt) || xml.startsWith('<!', lt)) {
      const end = xml.indexOf('>', lt + 2);
      pos = end < 0 ? n : end + 1;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0) break;
    pos = gt + 1;
    const closing = xml.charCodeAt(lt + 1) === 47; /* / */
    const selfClosing = !closing && xml.charCodeAt(gt - 1) === 47;
    const nameStart = closing ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    while (nameEnd < gt && !isNameEnd(xml.charCodeAt(nameEnd))) nameEnd++;
    const name = xml.slice(nameStart, nameEnd);
    if (!name) continue;

    if (closing) {
      // Pop to the matching open element; a stray closing tag is ignored.
      let i = stack.length - 1;
      const floor = Math.max(0, stack.length - 64);
      while (i >= floor && stack[i]!.name !== name) i--;
      if (i < floor) continue;
      while (stack.length > i) closeFrame(stack.pop()!, out);
      continue;
    }

    const parent = top();
    if (!sawRoot) {
      if (name !== 'FinalDraft') throw new FdxError('Not a Final Draft document');
      sawRoot = true;
    }
    const skipped = (parent?.skipped ?? false) || SKIPPED.has(name);
    const isBodyRoot =
      !skipped && name === 'Content' && parent?.name === 'FinalDraft' && stack.length === 1;
    if (isBodyRoot) sawBody = true;
    const body =
      !skipped &&
      (isBodyRoot ||
        ((parent?.body ?? false) && (name === 'Paragraph' || name === 'DualDialogue')));
    if (body && parent?.paragraph) parent.paragraph.container = true;
    const frame: Frame = {
      name,
      body,
      skipped,
      dual: (parent?.dual ?? false) || (body && name === 'DualDialogue'),
      paragraph:
        body && name === 'Paragraph'
          ? {
              type: attribute(xml.slice(nameEnd, gt), 'Type') ?? 'Action',
              text: '',
              container: false,
            }
          : null,
      collect: !skipped && name === 'Text' && (parent?.paragraph ?? null) !== null,
    };
    if (selfClosing) closeFrame(frame, out);
    else stack.push(frame);
  }
  if (!sawRoot) throw new FdxError('Not a Final Draft document');
  if (!sawBody) throw new FdxError('Final Draft document without content');
  while (stack.length) closeFrame(stack.pop()!, out);
  return out;

  function closeFrame(frame: Frame, list: Paragraph[]) {
    const p = frame.paragraph;
    if (!p || p.container) return;
    list.push({ type: p.type, text: collapse(p.text), dual: frame.dual });
  }
}

function isNameEnd(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62;
}

/** One attribute's value from a tag's attribute text (the part after its name). */
function attribute(attrs: string, key: string): string | null {
  let from = 0;
  for (;;) {
    const i = attrs.indexOf(key, from);
    if (i < 0) return null;
    from = i + key.length;
    const before = i === 0 ? ' ' : attrs[i - 1]!;
    if (!/\s/.test(before)) continue;
    let j = from;
    while (attrs[j] === ' ') j++;
    if (attrs[j] !== '=') continue;
    j++;
    while (attrs[j] === ' ') j++;
    const quote = attrs[j];
    if (quote !== '"' && quote !== "'") return null;
    const end = attrs.indexOf(quote, j + 1);
    return end < 0 ? null : decodeXml(attrs.slice(j + 1, end));
  }
}

/** Whitespace runs to one space, trimmed; one pass. */
function collapse(s: string): string {
  let out = '';
  let space = false;
  for (const ch of s) {
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\u00a0') space = true;
    else {
      if (space && out) out += ' ';
      space = false;
      out += ch;
    }
  }
  return out;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|quot|apos|amp);/g, (_m, e: string) => {
    if (e.startsWith('#x')) return safeChar(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return safeChar(parseInt(e.slice(1), 10));
    return NAMED[e] ?? '';
  });
}

function safeChar(code: number): string {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
