import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './sanitize-html';
import { xssCases } from '../../test/fixtures/xss-payloads';

type Node = DefaultTreeAdapterMap['node'];

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'small',
  'span',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'img',
]);
const ALLOWED_ATTRS = new Set(['href', 'title', 'rel', 'src', 'alt', 'width', 'height', 'start']);

/**
 * Parses the sanitiser's output as a browser would and lists everything in it that could run
 * script or load something unsafe. Empty means the output is safe.
 */
function dangers(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      if (!ALLOWED_TAGS.has(node.tagName)) found.push(`element <${node.tagName}>`);
      if (node.namespaceURI !== 'http://www.w3.org/1999/xhtml')
        found.push(`foreign <${node.tagName}>`);
      for (const a of node.attrs) {
        if (!ALLOWED_ATTRS.has(a.name)) found.push(`attribute ${a.name} on <${node.tagName}>`);
        if (a.name === 'href' && !/^(https:|mailto:)/.test(a.value)) found.push(`href ${a.value}`);
        if (a.name === 'src' && !a.value.startsWith('https:')) found.push(`src ${a.value}`);
      }
      walk(node.childNodes);
    }
  };
  walk(parseFragment(html).childNodes);
  return found;
}

describe('sanitizeHtml', () => {
  it.each(xssCases())('leaves nothing runnable in %s', (payload) => {
    const out = sanitizeHtml(payload);
    expect(dangers(out)).toEqual([]);
    // Sanitising the output again changes nothing: what the browser parses is what we checked.
    expect(sanitizeHtml(out)).toBe(out);
    expect(out.toLowerCase()).not.toMatch(/<script|<svg|<math|<iframe|<style|\son\w+=|javascript:/);
  });

  it.each([
    ['<p>Hello <strong>world</strong></p>', '<p>Hello <strong>world</strong></p>'],
    [
      '<ul><li>One</li><li><em>Two</em></li></ul><ol start="3"><li>Three</li></ol>',
      '<ul><li>One</li><li><em>Two</em></li></ul><ol start="3"><li>Three</li></ol>',
    ],
    [
      '<p><u>under</u> <b>b</b> <i>i</i><br>next</p>',
      '<p><u>under</u> <b>b</b> <i>i</i><br>next</p>',
    ],
    [
      '<a href="https://example.com/a?b=1&amp;c=2" title="T">link</a>',
      '<a href="https://example.com/a?b=1&amp;c=2" title="T" rel="noopener noreferrer nofollow">link</a>',
    ],
    [
      '<a href="mailto:hi@example.com">mail</a>',
      '<a href="mailto:hi@example.com" rel="noopener noreferrer nofollow">mail</a>',
    ],
    ['<a href="/pricing">relative</a>', 'relative'],
    ['<a href="javascript:alert(1)">bad</a>', 'bad'],
    [
      '<img src="https://img.example/a.png" alt="A &quot;photo&quot;" width="640">',
      '<img src="https://img.example/a.png" alt="A &quot;photo&quot;" width="640">',
    ],
    ['<img src="http://img.example/a.png" alt="x">', ''],
    ['<h1>Title</h1><h6>Small</h6>', '<h2>Title</h2><h4>Small</h4>'],
    ['<div class="x"><p>kept</p></div>', '<p>kept</p>'],
    ['<script>alert(1)</script><p>after</p>', '<p>after</p>'],
    ['Tom &amp; Jerry <3 > 2', 'Tom &amp; Jerry &lt;3 &gt; 2'],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
    ['<!-- note --><p>x</p>', '<p>x</p>'],
    ['', ''],
  ])('keeps the allowed markup of %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('flattens hostile nesting without exhausting the stack', () => {
    const deep = '<b>'.repeat(100_000) + 'deep' + '</b>'.repeat(100_000);
    const out = sanitizeHtml(deep);
    expect(out).toContain('deep');
    expect(out.match(/<b>/g)!.length).toBeLessThanOrEqual(64);
    expect(dangers(out)).toEqual([]);
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://img.example/a.png', ['https:'], 'https://img.example/a.png'],
    ['  https://img.example/a b.png ', ['https:'], 'https://img.example/a%20b.png'],
    ['http://img.example/a.png', ['https:'], null],
    ['javascript:alert(1)', ['https:', 'mailto:'], null],
    ['mailto:a@example.com', ['https:', 'mailto:'], 'mailto:a@example.com'],
    ['/relative.png', ['https:'], null],
    ['', ['https:'], null],
  ] as const)('%s with %j -> %s', (value, protocols, expected) => {
    expect(safeUrl(value, protocols)).toBe(expected);
  });
});
