import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './sanitize-html';

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

/** Well-known XSS vectors (OWASP filter-evasion cheat sheet, PortSwigger, mXSS reports). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="http://plain.example/">plain http</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="https://ok.example/" onclick="alert(1)" style="x:expression(alert(1))">x</a>',
  '<a href="https://ok.example/" target="_blank">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style><img src="</style><img src=x onerror=alert(1)//">',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<template><script>alert(1)</script></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<img """><script>alert(1)</script>">',
  '<img src=`x`onerror=alert(1)>',
  '<a href="https://ok.example/"><img src=x onerror=alert(1)></a>',
  '<p><b title="x" onmouseover=alert(1)>bold</b></p>',
  '<span class="x" id="y" data-x="1" onclick="alert(1)">s</span>',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1)">',
  '<a href="https://ok.example/" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)">x</a>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<frameset onload=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div style="width: expression(alert(1));">x</div>',
  '<a href="mailto:a@example.com?body=<script>">mail</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<<script>script>alert(1)<</script>/script>',
];

describe('sanitizeHtml', () => {
  it.each(PAYLOADS)('leaves nothing runnable in %s', (payload) => {
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
