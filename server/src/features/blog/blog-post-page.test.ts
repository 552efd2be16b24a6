import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '@doublecast/common/blog';
import { jsonForScript } from '../../http/web-app';
import { XSS_PAYLOADS, xssCases } from '../../test/fixtures/xss-payloads';
import { blogPostRow } from '../../test/blog-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertBlogPost } from './blog.repository';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Doublecast - Shell</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The post page's shell as the build writes it (with the route's modulepreload). */
const POST_SHELL = SHELL.replace(
  '</head>',
  '<link rel="modulepreload" href="/assets/blog-post-abc.js"></head>',
);

/**
 * A stand-in for the build's server renderer (web/src/entry-server.tsx, kept in dist/.ssr): it
 * writes what it was given so the test sees what the server passed. The real one is exercised by
 * the blog e2e journey against a real build.
 */
const RENDERER = `
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const calls = [];
export async function render(url, data) {
  calls.push(url);
  if (data.blogPost?.slug === 'breaks-the-renderer') throw new Error('render failed');
  if (!data.blogPost) return '<p>Loading post...</p>';
  return '<article data-url="' + esc(url) + '" data-origin="' + esc(data.origin) + '"><h1>' +
    esc(data.blogPost.title) + '</h1><div data-post-body>' + data.blogPost.contentHtml +
    '</div></article>';
}
`;

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

function elements(html: string, tag: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node && node.tagName === tag) found.push(node);
    if ('childNodes' in node) node.childNodes.forEach(walk);
    if (node.nodeName === 'template') walk((node as DefaultTreeAdapterMap['template']).content);
  };
  walk(parse(html));
  return found;
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const text = (el: Element) =>
  el.childNodes.map((n) => ('value' in n ? (n as { value: string }).value : '')).join('');

/** The page data the server wrote, read the way the browser does (web/src/app/page-data.ts). */
function pageData(html: string): { blogPost?: BlogPost; origin: string } {
  const scripts = elements(html, 'script');
  expect(scripts).toHaveLength(1);
  expect(attr(scripts[0]!, 'type')).toBe('application/json');
  expect(attr(scripts[0]!, 'id')).toBe('page-data');
  return JSON.parse(text(scripts[0]!)) as { blogPost?: BlogPost; origin: string };
}

const HOSTILE = {
  title: XSS_PAYLOADS.slice(0, 3).join(' ') + ' </script><!-- \u2028',
  author: '</script><script>alert(1)</script>',
  excerpt: '</SCRIPT><img src=x onerror=alert(1)>',
  content: xssCases().join('\n'),
};

describe('/blog/{slug} rendered on the server (decision 237)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-post-page-'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.mkdirSync(path.join(dist, '.ssr'));
    fs.writeFileSync(path.join(dist, '.ssr', 'entry-server.js'), RENDERER);
    fs.writeFileSync(path.join(dist, '.ssr', 'blog-post.html'), POST_SHELL);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist, APP_URL: 'https://doublecast.example' } });
    await insertBlogPost(
      t.db.kysely,
      blogPostRow(1, {
        slug: 'a-post',
        title: 'A post',
        content: '<p>First <strong>words</strong></p><script>alert(1)</script>',
      }),
    );
    await insertBlogPost(t.db.kysely, blogPostRow(2, { slug: 'hostile', ...HOSTILE }));
    await insertBlogPost(t.db.kysely, blogPostRow(3, { slug: 'breaks-the-renderer' }));
    await insertBlogPost(t.db.kysely, blogPostRow(4, { slug: 'a-draft', published: 0 }));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the post in the HTML, drawn from the same sanitised post the API serves', async () => {
    const page = await t.request({ method: 'GET', url: '/blog/a-post?utm=x' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<h1>A post</h1>');
    expect(page.body).toContain('data-url="/blog/a-post"');
    expect(page.body).toContain('data-origin="https://doublecast.example"');
    expect(page.body).toContain('<p>First <strong>words</strong></p>');
    expect(page.body).toContain('/assets/blog-post-abc.js');
    expect(page.body).not.toContain('alert(1)');
    const data = pageData(page.body);
    expect(data.origin).toBe('https://doublecast.example');

    // The page counted no view; the API call the page makes does.
    const api = await t.request({ method: 'GET', url: '/api/blog/posts/a-post' });
    const served = api.json<BlogPost>();
    expect(data.blogPost).toEqual({ ...served, views: served.views - 1 });
    expect(served.views).toBe(1);
  });

  it('escapes the page data against hostile titles, authors and bodies', async () => {
    const page = await t.request({ method: 'GET', url: '/blog/hostile' });
    expect(page.statusCode).toBe(200);
    // One script element only (the data, never run), and it parses back to exactly the post.
    const data = pageData(page.body);
    expect(data.blogPost?.title).toBe(HOSTILE.title);
    expect(data.blogPost?.author).toBe(HOSTILE.author);
    const api = await t.request({ method: 'GET', url: '/api/blog/posts/hostile' });
    expect(data.blogPost?.contentHtml).toBe(api.json<BlogPost>().contentHtml);
    expect(elements(page.body, 'img').filter((img) => attr(img, 'onerror'))).toEqual([]);
  });

  it('writes JSON that no payload can close the script element with', () => {
    for (const payload of [...XSS_PAYLOADS, '</script>', '<!--', '\u2028\u2029', '&lt;']) {
      const json = jsonForScript({ payload });
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json)).toEqual({ payload });
    }
  });

  it('sends the empty shell when the renderer fails, so the browser draws the post', async () => {
    const page = await t.request({ method: 'GET', url: '/blog/breaks-the-renderer' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('page-data');
    expect(page.body).toContain('<title>Post 3 - Doublecast Blog</title>');
  });

  it('answers drafts and unknown slugs 404 with the plain shell and no post data', async () => {
    for (const url of ['/blog/a-draft', '/blog/no-such-post']) {
      const page = await t.request({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('page-data');
      expect(page.body).not.toContain('blog-post-abc.js');
    }
  });

  it('never serves the build dot folders (renderer, shells, manifest)', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.ssr/blog-post.html', '/.vite/manifest.json']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
