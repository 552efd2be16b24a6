import { createHash } from 'node:crypto';
import { defaultTreeAdapter, parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import sanitize, { type Attributes, type IOptions } from 'sanitize-html';

/**
 * Blog post HTML, reduced to an allow-list (docs/glossary.md#S6, decisions 081 and 144) by `sanitize-html`.
 *
 * sanitize-html parses with htmlparser2, which is not the browser's algorithm; so its input is
 * first rewritten by parse5 (the HTML parsing algorithm browsers run) and its output is parsed
 * and written by parse5 again. The HTML served is therefore exactly the tree a browser builds,
 * and only allow-listed HTML elements and attributes survive; links and images may only point
 * at https (links also mailto). Nothing foreign (SVG, MathML) and no raw-text element (script,
 * style, textarea, noscript...) is ever written.
 */

/** Elements kept, with the attributes each may carry. */
const ALLOWED: Record<string, string[]> = {
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
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Elements dropped together with everything inside them. Any other element is unwrapped. */
const DROPPED_WITH_CONTENT = [
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
];

/** Deeper nesting than this is flattened to its text (a post never needs it; it bounds work). */
const MAX_DEPTH = 64;

/** A tag name outside the allow-list: the element is unwrapped (its content kept). */
const UNWRAP = 'x-unwrap';

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

const digits = (value: string | undefined) =>
  value !== undefined && /^\d{1,5}$/.test(value.trim()) ? value.trim() : undefined;
const text = (value: string | undefined) => value?.slice(0, 500);

/** Keeps the attributes whose value passes its check, in their order. */
function checked(
  attribs: Attributes,
  checks: Record<string, (value: string) => string | undefined>,
): Attributes {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const kept = checks[name]?.(value);
    if (kept !== undefined) out[name] = kept;
  }
  return out;
}

const OPTIONS: IOptions = {
  allowedTags: Object.keys(ALLOWED),
  allowedAttributes: ALLOWED,
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  nestingLimit: MAX_DEPTH,
  transformTags: {
    // A heading in the post must not outrank the page's own h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link without a safe target is kept as its text.
    a: (_tag, attribs) => {
      const href = attribs.href === undefined ? null : safeUrl(attribs.href, ['https:', 'mailto:']);
      if (href === null) return { tagName: UNWRAP, attribs: {} };
      const kept = checked(attribs, { href: () => href, title: text });
      return { tagName: 'a', attribs: { ...kept, rel: 'noopener noreferrer nofollow' } };
    },
    // An image without a safe source is dropped.
    img: (_tag, attribs) => {
      const src = attribs.src === undefined ? null : safeUrl(attribs.src, ['https:']);
      if (src === null) return { tagName: UNWRAP, attribs: {} };
      return {
        tagName: 'img',
        attribs: checked(attribs, { src: () => src, alt: text, width: digits, height: digits }),
      };
    },
    ol: (_tag, attribs) => ({ tagName: 'ol', attribs: checked(attribs, { start: digits }) }),
  },
};

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

/** The text of a subtree, without what is dropped with its content (no recursion). */
function textOf(root: ParentNode): string {
  let out = '';
  const stack: ChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (defaultTreeAdapter.isTextNode(node)) out += node.value;
    else if (defaultTreeAdapter.isElementNode(node) && !DROPPED_WITH_CONTENT.includes(node.tagName))
      stack.push(...[...node.childNodes].reverse());
  }
  return out;
}

/**
 * The HTML a browser builds from `html`, written back out (parse5). Elements nested deeper than
 * MAX_DEPTH become their text first (parse5 writes recursively; this bounds its stack).
 */
function asBrowserBuildsIt(html: string): string {
  const fragment = parseFragment(html);
  const stack: [ParentNode, number][] = [[fragment, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth >= MAX_DEPTH) {
      const flat = textOf(node);
      node.childNodes = [];
      if (flat) defaultTreeAdapter.insertText(node, flat);
      continue;
    }
    for (const child of node.childNodes) {
      if (defaultTreeAdapter.isElementNode(child)) stack.push([child, depth + 1]);
    }
  }
  return serialize(fragment);
}

/** Recent results by a hash of their input: a post is sanitised once, not at every view. */
const recent = new Map<string, string>();
const RECENT_MAX = 200;

const recentKey = (input: string) => createHash('sha256').update(input).digest('base64url');

/** The result of `input` when this thread sanitised it recently, else undefined. */
export function recentlySanitized(input: string): string | undefined {
  const key = recentKey(input);
  const hit = recent.get(key);
  if (hit !== undefined) {
    recent.delete(key);
    recent.set(key, hit);
  }
  return hit;
}

/** Keeps `html` as the result of `input` (the oldest result goes when there are too many). */
export function rememberSanitized(input: string, html: string): void {
  recent.set(recentKey(input), html);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
}

/** Returns safe HTML holding only the allow-listed markup of `input`. */
export function sanitizeHtml(input: string): string {
  const hit = recentlySanitized(input);
  if (hit !== undefined) return hit;
  const html = asBrowserBuildsIt(sanitize(asBrowserBuildsIt(input), OPTIONS));
  rememberSanitized(input, html);
  return html;
}
