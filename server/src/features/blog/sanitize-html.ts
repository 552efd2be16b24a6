import { html as namespaces, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Blog post HTML, reduced to an allow-list (S6, docs/decisions/081-blog-post-page-and-html-sanitiser.md).
 *
 * The input is parsed by parse5, the same HTML parsing algorithm browsers run, and a new
 * document is written from the tree: only allow-listed HTML elements and attributes survive,
 * every text and attribute value is escaped, and links and images may only point at https
 * (links also mailto). Nothing foreign (SVG, MathML) and no raw-text element (script, style,
 * textarea, noscript...) is ever written, so the browser's parse of the output cannot differ
 * in a way that revives markup.
 */

/** Elements kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  mark: [],
  small: [],
  span: [],
  blockquote: [],
  code: [],
  pre: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Elements dropped together with everything inside them. Any other element is unwrapped. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'xmp',
  'plaintext',
  'textarea',
  'title',
  'select',
  'option',
  'head',
  'svg',
  'math',
]);

const VOID = new Set(['br', 'hr', 'img']);

/** Block elements: a heading in the post must not outrank the page's own h1. */
const RENAMED: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4' };

/** Deeper nesting than this is flattened to its text (a post never needs it; it bounds work). */
const MAX_DEPTH = 64;

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The URL when it parses as an absolute URL with one of `protocols`, else null. */
export function safeUrl(value: string, protocols: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return protocols.includes(url.protocol) ? url.href : null;
}

function allowedAttributes(tag: string, element: Element): string | null {
  const names = ALLOWED[tag] ?? [];
  let out = '';
  for (const attr of element.attrs) {
    if (attr.namespace || !names.includes(attr.name)) continue;
    let value: string | null = attr.value;
    if (attr.name === 'href') value = safeUrl(attr.value, ['https:', 'mailto:']);
    else if (attr.name === 'src') value = safeUrl(attr.value, ['https:']);
    else if (attr.name === 'start' || attr.name === 'width' || attr.name === 'height') {
      value = /^\d{1,5}$/.test(attr.value.trim()) ? attr.value.trim() : null;
    } else value = attr.value.slice(0, 500);
    if (value === null) {
      // A link without a safe target is kept as its text; an image without one is dropped.
      if (attr.name === 'href' || attr.name === 'src') return null;
      continue;
    }
    out += ` ${attr.name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'a') {
    if (!out.includes(' href="')) return null;
    out += ' rel="noopener noreferrer nofollow"';
  }
  if (tag === 'img' && !out.includes(' src="')) return null;
  return out;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

/** Returns safe HTML holding only the allow-listed markup of `input`. */
export function sanitizeHtml(input: string): string {
  const first = writeAllowed(input);
  // Unwrapping can leave nesting a browser would parse differently (a <p> that ends up inside
  // a <p>); one more pass writes the tree the browser will actually build, so the HTML served is
  // exactly the HTML that was checked. The output of a pass with nothing unwrapped is stable.
  return first.unwrapped ? writeAllowed(first.html).html : first.html;
}

function writeAllowed(input: string): { html: string; unwrapped: boolean } {
  const fragment = parseFragment(input);
  let unwrapped = false;
  let out = '';
  // An explicit stack (not recursion), so hostile nesting cannot exhaust the call stack.
  const stack: (Node | { close: string })[] = [...fragment.childNodes].reverse();
  let depth = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      out += item.close;
      depth--;
      continue;
    }
    if (item.nodeName === '#text' && 'value' in item) {
      out += escapeText(item.value);
      continue;
    }
    if (!isElement(item)) continue; // comments, doctypes
    const children = [...item.childNodes].reverse();
    if (item.namespaceURI !== namespaces.NS.HTML || DROPPED_WITH_CONTENT.has(item.tagName)) {
      continue;
    }
    const tag = RENAMED[item.tagName] ?? item.tagName;
    const attributes = tag in ALLOWED && depth < MAX_DEPTH ? allowedAttributes(tag, item) : null;
    if (attributes === null) {
      // Not allowed (or too deep): keep what it holds, without the element itself.
      unwrapped = true;
      stack.push(...children);
      continue;
    }
    out += `<${tag}${attributes}>`;
    if (VOID.has(tag)) continue;
    depth++;
    stack.push({ close: `</${tag}>` }, ...children);
  }
  return { html: out, unwrapped };
}
