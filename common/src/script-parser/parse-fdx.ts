import { normaliseCue, type ScriptAnalysis } from '../scripts';
import { numberLines } from './parse-script';

export class FdxError extends Error {}

/**
 * Final Draft's XML (.fdx): <Content> holds <Paragraph Type="..."> elements whose <Text> runs
 * make the paragraph; <DualDialogue> wraps two speakers at once. The title page and every
 * other section are ignored. Only a tiny, known subset of XML is read, so no parser library
 * (common imports only zod) and no entity expansion beyond the five predefined ones and
 * numeric references: there is nothing to expand a DTD into.
 */
export function parseFdx(xml: string): ScriptAnalysis {
  if (!/<FinalDraft[\s>]/.test(xml)) throw new FdxError('Not a Final Draft document');
  const content = /<Content(?:\s[^>]*)?>([\s\S]*?)<\/Content>/.exec(xml)?.[1];
  if (content === undefined) throw new FdxError('Final Draft document without content');

  type Draft = Parameters<typeof numberLines>[0][number];
  const drafts: Draft[] = [];
  let pending: Draft | null = null;
  let dualDepth = 0;

  const flush = () => {
    if (pending) drafts.push(pending);
    pending = null;
  };

  const token =
    /<DualDialogue\b[^>]*>|<\/DualDialogue>|<Paragraph\b([^>]*?)(\/>|>([\s\S]*?)<\/Paragraph>)/g;
  for (const m of content.matchAll(token)) {
    if (m[0].startsWith('<DualDialogue')) {
      flush();
      dualDepth++;
      continue;
    }
    if (m[0].startsWith('</DualDialogue')) {
      flush();
      dualDepth = Math.max(0, dualDepth - 1);
      continue;
    }
    const type = /\bType="([^"]*)"/.exec(m[1] ?? '')?.[1] ?? 'Action';
    const text = paragraphText(m[3] ?? '');
    const dual = dualDepth > 0;
    switch (type) {
      case 'Character':
        flush();
        pending = {
          kind: 'dialogue',
          character: normaliseCue(text),
          text: '',
          direction: null,
          spoken: false,
          dual,
        };
        break;
      case 'Parenthetical':
        if (pending) pending.direction = [pending.direction, text].filter(Boolean).join(' ');
        break;
      case 'Dialogue':
        if (pending) {
          pending.text = [pending.text, text].filter(Boolean).join(' ');
          pending.spoken = pending.text.length > 0;
        } else if (text)
          drafts.push({
            kind: 'action',
            character: null,
            text,
            direction: null,
            spoken: false,
            dual: false,
          });
        break;
      default: {
        flush();
        if (!text) break;
        const kind =
          type === 'Scene Heading' ? 'heading' : type === 'Transition' ? 'transition' : 'action';
        drafts.push({ kind, character: null, text, direction: null, spoken: false, dual: false });
      }
    }
  }
  flush();
  return { format: 'fdx', lines: numberLines(drafts) };
}

function paragraphText(inner: string): string {
  const runs = [...inner.matchAll(/<Text\b[^>]*>([\s\S]*?)<\/Text>/g)].map((t) => t[1] ?? '');
  return decodeXml(runs.join('')).replace(/\s+/g, ' ').trim();
}

function decodeXml(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => safeChar(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => safeChar(parseInt(d, 10)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function safeChar(code: number): string {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
