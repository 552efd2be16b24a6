import { SaxesParser } from 'saxes';
import { MAX_BEATS_PER_LINE, normaliseCue, type ScriptAnalysis } from '../scripts';
import { beatSeconds } from './lines';
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

/**
 * Final Draft's XML (.fdx), read by saxes, a streaming parser: one linear pass, no tree kept.
 * Only the script body is read: the <Content> that is a direct child of <FinalDraft>, never the
 * title page's <Content>. Paragraphs are the <Paragraph> elements inside it; a paragraph that
 * holds other paragraphs (Final Draft wraps <DualDialogue> in one) is a container and only its
 * children count. Script notes, scene properties and omitted scenes inside paragraphs are
 * skipped. Entities: the five predefined ones and numeric references; a document with a DOCTYPE
 * or that is not well-formed is refused. Decision 360.
 */
export function parseFdx(xml: string): ScriptAnalysis {
  const paragraphs = readParagraphs(xml);
  const drafts: Draft[] = [];
  let pending: Draft | null = null;
  /** Words in pending's text so far: where a beat in a parenthetical falls. */
  let pendingWords = 0;
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
        pendingWords = 0;
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
        if (pending) {
          pending.direction = [pending.direction, text].filter(Boolean).join(' ');
          const seconds = beatSeconds(text);
          if (seconds && (pending.beats ??= []).length < MAX_BEATS_PER_LINE)
            pending.beats.push({ at: pendingWords, seconds });
        }
        break;
      case 'Dialogue':
      case 'Lyrics':
        if (pending) {
          pending.text = [pending.text, text].filter(Boolean).join(' ');
          pendingWords += text.split(/\s+/).filter(Boolean).length;
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
 * Errors about one reference or character, after which saxes keeps the text as written
 * (`&unknown;` stays `&unknown;`). Any other error, or more than MAX_RECOVERED of these (each
 * costs an Error with its stack), is a broken document and refuses it.
 */
const RECOVERABLE = new Set([
  'undefined entity.',
  'malformed character entity.',
  'disallowed character in entity name.',
  'disallowed character.',
]);
const MAX_RECOVERED = 100;

/** The body's paragraphs in document order, each with its type, plain text and dual flag. */
function readParagraphs(xml: string): Paragraph[] {
  const out: Paragraph[] = [];
  const stack: Frame[] = [];
  let sawBody = false;
  let recovered = 0;
  const parser = new SaxesParser({ position: false });
  const top = () => stack[stack.length - 1];
  const addText = (text: string) => {
    if (!top()?.collect) return;
    const p = stack[stack.length - 2]?.paragraph;
    if (p) p.text += text;
  };

  parser.on('error', (e) => {
    if (!RECOVERABLE.has(e.message) || ++recovered > MAX_RECOVERED)
      throw new FdxError(`Not a well-formed document: ${e.message}`);
  });
  // No DTD is read, so no entity it declares (internal or external) is ever expanded; a
  // document that brings one is not something Final Draft writes.
  parser.on('doctype', () => {
    throw new FdxError('A Final Draft document has no DOCTYPE');
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('opentag', (tag) => {
    const name = tag.name;
    const parent = top();
    if (!parent && name !== 'FinalDraft') throw new FdxError('Not a Final Draft document');
    const skipped = (parent?.skipped ?? false) || SKIPPED.has(name);
    const isBodyRoot =
      !skipped && name === 'Content' && parent?.name === 'FinalDraft' && stack.length === 1;
    if (isBodyRoot) sawBody = true;
    const body =
      !skipped &&
      (isBodyRoot ||
        ((parent?.body ?? false) && (name === 'Paragraph' || name === 'DualDialogue')));
    if (body && parent?.paragraph) parent.paragraph.container = true;
    const type = tag.attributes['Type'];
    stack.push({
      name,
      body,
      skipped,
      dual: (parent?.dual ?? false) || (body && name === 'DualDialogue'),
      paragraph:
        body && name === 'Paragraph'
          ? { type: typeof type === 'string' ? type : 'Action', text: '', container: false }
          : null,
      collect: !skipped && name === 'Text' && (parent?.paragraph ?? null) !== null,
    });
  });
  parser.on('closetag', () => {
    const frame = stack.pop();
    const p = frame?.paragraph;
    if (p && !p.container) out.push({ type: p.type, text: collapse(p.text), dual: frame.dual });
  });

  parser.write(xml).close();
  if (!sawBody) throw new FdxError('Final Draft document without content');
  return out;
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
