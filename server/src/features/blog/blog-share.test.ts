import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FEED_SIZE } from '@doublecast/common/blog';
import type { BlogPostsTable } from '../../db/schema-blog';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertBlogPost } from './blog.repository';
import { blogPostRow } from '../../test/blog-rows';
import { SITEMAP_PAGES } from './blog-share.service';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The app's own description."
    />
    <title>Doublecast - Shell</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

function post(n: number, overrides: Partial<BlogPostsTable> = {}): BlogPostsTable {
  return blogPostRow(n, {
    id: `share-${String(n).padStart(3, '0')}`,
    slug: `share-${n}`,
    excerpt: null,
    content: `<p>Content of post ${n}</p>`,
    tags: '[]',
    ...overrides,
  });
}

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/** Parses as strict XML (throws on anything a feed reader would refuse) into plain objects. */
function parseXml(text: string): Record<string, unknown> {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => name === 'item' || name === 'url',
  }).parse(text) as Record<string, unknown>;
}

/** The page as a browser parses it: every element, with its attributes and text. */
function parseHtml(text: string) {
  const elements: { tag: string; attrs: Record<string, string>; text: string }[] = [];
  const textOf = (node: Node): string =>
    'value' in node && node.nodeName === '#text'
      ? node.value
      : 'childNodes' in node
        ? node.childNodes.map(textOf).join('')
        : '';
  const walk = (node: Node) => {
    if ('tagName' in node) {
      const el = node as Element;
      elements.push({
        tag: el.tagName,
        attrs: Object.fromEntries(el.attrs.map((a) => [a.name, a.value])),
        text: textOf(el),
      });
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(text));
  const all = (tag: string) => elements.filter((e) => e.tag === tag);
  return {
    all,
    title: all('title')[0]?.text,
    meta: (key: string) =>
      all('meta').find((m) => m.attrs.name === key || m.attrs.property === key)?.attrs.content,
    canonical: all('link').find((l) => l.attrs.rel === 'canonical')?.attrs.href,
  };
}

describe('sharing: post heads, RSS and sitemap', () => {
  let t: TestApp;
  let dist: string;
  let admin: TestUser;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-share-'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist, APP_URL: 'https://doublecast.example' } });
    admin = await createUser(t, { role: 'admin' });
    for (let n = 1; n <= 25; n++) await insertBlogPost(t.db.kysely, post(n));
    await insertBlogPost(
      t.db.kysely,
      post(90, {
        id: 'hostile',
        slug: 'hostile',
        title: 'Quotes " & <b>tags</b> $& $1',
        excerpt: 'An excerpt with "quotes" & <script>alert(1)</script>\u0001',
        featured_image: 'https://img.example/a.jpg?x=1&y="2"',
        author: 'Ann <Admin>',
      }),
    );
    await insertBlogPost(
      t.db.kysely,
      post(95, { id: 'draft', slug: 'secret-draft', published: 0 }),
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /blog/{slug} with the post title, description, canonical and card tags in the HTML', async () => {
    const res = await t.request({ method: 'GET', url: '/blog/share-3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const doc = parseHtml(res.body);
    const meta = doc.meta;
    expect(doc.title).toBe('Post 3 - Doublecast Blog');
    expect(doc.all('title')).toHaveLength(1);
    expect(doc.all('meta').filter((m) => m.attrs.name === 'description')).toHaveLength(1);
    expect(meta('description')).toBe('Content of post 3');
    expect(doc.canonical).toBe('https://doublecast.example/blog/share-3');
    expect(meta('og:type')).toBe('article');
    expect(meta('og:title')).toBe('Post 3');
    expect(meta('og:description')).toBe('Content of post 3');
    expect(meta('og:url')).toBe('https://doublecast.example/blog/share-3');
    expect(meta('twitter:card')).toBe('summary');
    expect(meta('og:image')).toBeUndefined();
    expect(doc.all('div').some((d) => d.attrs.id === 'root')).toBe(true);

    // Reading the head counts no view; the page's API call does.
    const row = await t.db.kysely
      .selectFrom('blog_posts')
      .select('views')
      .where('slug', '=', 'share-3')
      .executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(0);
  });

  it('escapes every value it puts in the head (no markup, no $ patterns)', async () => {
    const res = await t.request({ method: 'GET', url: '/blog/hostile' });
    expect(res.statusCode).toBe(200);
    const doc = parseHtml(res.body);
    expect(doc.title).toBe('Quotes " & <b>tags</b> $& $1 - Doublecast Blog');
    expect(doc.all('script')).toEqual([]);
    expect(doc.all('b')).toEqual([]);
    const meta = doc.meta;
    expect(meta('og:image')).toBe('https://img.example/a.jpg?x=1&y=%222%22');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('description')).toBe('An excerpt with "quotes" & <script>alert(1)</script>');
  });

  it('answers drafts and unknown slugs 404 with the app shell and no post data', async () => {
    for (const url of ['/blog/secret-draft', '/blog/no-such-post']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('noindex');
      expect(res.body).not.toContain('Post 95');
    }
  });

  it('serves RSS 2.0 as well-formed XML with the newest 20 published posts, no drafts', async () => {
    const res = await t.request({ method: 'GET', url: '/blog/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    type Item = Record<string, string | Record<string, string>>;
    const doc = parseXml(res.body) as {
      rss: { '@version': string; channel: { title: string; link: string; item: Item[] } };
    };
    expect(doc.rss['@version']).toBe('2.0');
    const channel = doc.rss.channel;
    expect(channel.title).toBe('Doublecast Blog');
    expect(channel.link).toBe('https://doublecast.example/blog');
    const items = channel.item;
    expect(items).toHaveLength(BLOG_FEED_SIZE);
    const titles = items.map((i) => i.title);
    // Newest first: the hostile post (minute 90), then 25, 24, ...; the draft (95) nowhere.
    expect(titles.slice(0, 3)).toEqual(['Quotes " & <b>tags</b> $& $1', 'Post 25', 'Post 24']);
    expect(titles).not.toContain('Post 95');
    expect(titles).not.toContain('Post 6');
    const first = items[1]!;
    expect(first.link).toBe('https://doublecast.example/blog/share-25');
    expect(first.guid).toEqual({
      '#text': 'https://doublecast.example/blog/share-25',
      '@isPermaLink': 'true',
    });
    expect(first.pubDate).toBe('Thu, 01 Jan 2026 00:25:00 GMT');
    expect(first.description).toBe('Content of post 25');
    expect(items[0]!['dc:creator']).toBe('Ann <Admin>');
    expect(res.body).not.toContain('secret-draft');
  });

  it('lists public pages and published posts in the sitemap, no drafts', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const doc = parseXml(res.body) as { urlset: { url: { loc: string }[] } };
    const locs = doc.urlset.url.map((u) => u.loc);
    for (const page of SITEMAP_PAGES) {
      expect(locs).toContain(new URL(page, 'https://doublecast.example').href);
    }
    expect(locs).toContain('https://doublecast.example/blog/share-1');
    expect(locs).toContain('https://doublecast.example/blog/hostile');
    expect(locs.filter((l) => l?.includes('/blog/share-'))).toHaveLength(25);
    expect(res.body).not.toContain('secret-draft');
  });
  it('redirects an old slug of a published post with 301 to its address', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/blog/posts',
      payload: { title: 'Before Rename', content: '<p>x</p>' },
      cookie: admin.cookie,
    });
    const id = created.json().id as string;
    await t.request({
      method: 'PUT',
      url: `/api/admin/blog/posts/${id}`,
      payload: { title: 'After Rename', content: '<p>x</p>', published: true },
      cookie: admin.cookie,
    });
    const res = await t.request({ method: 'GET', url: '/blog/before-rename' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/blog/after-rename');
  });
});

describe('RSS and sitemap of text that breaks naive XML writers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://doublecast.example' } });
    await insertBlogPost(
      t.db.kysely,
      post(1, {
        title: 'Ends a CDATA ]]> here & keeps &amp; as written',
        excerpt: 'Also ]]> in <i>the</i> excerpt\u0008\uffff',
        // U+0001, not U+0000: PostgreSQL cannot store NUL, and the API refuses it anyway.
        author: 'Jo &amp; Sam "J" <S>\u0001',
      }),
    );
  });
  afterAll(() => t.close());

  it('keeps every character of titles, excerpts and authors, and stays well-formed XML', async () => {
    const res = await t.request({ method: 'GET', url: '/blog/rss.xml' });
    const doc = parseXml(res.body) as {
      rss: { channel: { item: Record<string, unknown>[] } };
    };
    const item = doc.rss.channel.item[0]!;
    // fast-xml-parser gives a CDATA split in two as one text in parts: join them.
    const text = (v: unknown) => (Array.isArray(v) ? v.join('') : v);
    expect(text(item.title)).toBe('Ends a CDATA ]]> here & keeps &amp; as written');
    expect(text(item.description)).toBe('Also ]]> in <i>the</i> excerpt');
    expect(item['dc:creator']).toBe('Jo &amp; Sam "J" <S>');

    const sitemap = await t.request({ method: 'GET', url: '/sitemap.xml' });
    const urls = (parseXml(sitemap.body) as { urlset: { url: { loc: string }[] } }).urlset.url;
    expect(urls.map((u) => u.loc)).toContain('https://doublecast.example/blog/share-1');
  });
});
