import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { Feed } from 'feed';
import { SitemapStream, streamToPromise } from 'sitemap';
import { BLOG_FEED_SIZE, BLOG_LIST_SUBTITLE, blogExcerpt } from '@doublecast/common/blog';
import { blogPostParamsSchema, type BlogPost } from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import type { ShellPage } from '../../http/web-app';
import {
  findPublishedBlogPostBySlug,
  findPublishedSlugByOldSlug,
  listPublishedForFeed,
  listPublishedSlugs,
} from './blog.repository';
import { safeUrl } from './sanitize-html';
import { toBlogPost } from './blog.service';

type Ctx = Pick<AppContext, 'db' | 'env'>;

const SITE_NAME = 'Doublecast';
const BLOG_TITLE = `${SITE_NAME} Blog`;
/** A sitemap file holds at most 50,000 addresses; the public pages take a few. */
const SITEMAP_MAX_POSTS = 49_000;
/** Addresses written between two turns of the event loop. */
const SITEMAP_SLICE = 500;
/** Public pages listed in the sitemap (the router's signed-out pages worth indexing). */
export const SITEMAP_PAGES = [
  '/',
  '/voices',
  '/pricing',
  '/blog',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
];

/** Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex -- the set XML allows starts with tab, LF and CR
const XML_INVALID = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text without the characters XML cannot carry (the feed and sitemap writers keep them). */
function xmlChars(text: string): string {
  return text.replace(XML_INVALID, '');
}

/** Text for an XML (or HTML) text node or double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return xmlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function siteUrl(ctx: Ctx, path: string): string {
  return new URL(path, ctx.env.APP_URL).href;
}

export function blogPostUrl(ctx: Ctx, slug: string): string {
  return siteUrl(ctx, `/blog/${encodeURIComponent(slug)}`);
}

const MISSING_HEAD = `<title>Post Not Found - ${BLOG_TITLE}</title>\n<meta name="robots" content="noindex" />`;

/** What the server puts in the page for `/blog/{slug}` before any script runs. */
export type BlogPostHead =
  | { kind: 'post'; head: string; post: BlogPost }
  | { kind: 'moved'; location: string }
  | { kind: 'missing'; head: string };

/**
 * The head of a post's page: title, description, canonical address, Open Graph and Twitter card
 * tags, in the HTML itself (crawlers and link previews run no script). Drafts are missing; an
 * old slug of a published post is moved. Reading it counts no view (the page's API call does).
 */
export async function blogPostHead(ctx: Ctx, slug: string): Promise<BlogPostHead> {
  const row = await findPublishedBlogPostBySlug(ctx.db.kysely, slug);
  if (!row) {
    const moved = await findPublishedSlugByOldSlug(ctx.db.kysely, slug);
    if (moved) return { kind: 'moved', location: `/blog/${encodeURIComponent(moved)}` };
    return { kind: 'missing', head: MISSING_HEAD };
  }
  const url = blogPostUrl(ctx, row.slug);
  const description = blogExcerpt(row);
  const image = row.featured_image ? safeUrl(row.featured_image, ['https:']) : null;
  const title = `${row.title} - ${BLOG_TITLE}`;
  const meta: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', row.title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ...(image ? ([['property', 'og:image', image]] as [string, string, string][]) : []),
    ['property', 'article:published_time', row.created_at],
    ['property', 'article:modified_time', row.updated_at],
    ['property', 'article:author', row.author],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', row.title],
    ['name', 'twitter:description', description],
    ...(image ? ([['name', 'twitter:image', image]] as [string, string, string][]) : []),
  ];
  const head = [
    `<title>${escapeXml(title)}</title>`,
    `<link rel="canonical" href="${escapeXml(url)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeXml(BLOG_TITLE)}" href="${escapeXml(siteUrl(ctx, '/blog/rss.xml'))}" />`,
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeXml(value)}" />`),
  ].join('\n');
  // The post as the API serves it, for the page's body (decision 237); no view counted here.
  return { kind: 'post', head, post: await toBlogPost(row) };
}

/** Dublin Core, for each item's author (RSS's own <author> must be an e-mail address). */
const DC_NS = 'http://purl.org/dc/elements/1.1/';

/** RSS 2.0 by `feed`: the newest 20 published posts. */
export async function blogRss(ctx: Ctx): Promise<string> {
  const rows = await listPublishedForFeed(ctx.db.kysely, BLOG_FEED_SIZE);
  const feed = new Feed({
    title: BLOG_TITLE,
    id: siteUrl(ctx, '/blog'),
    link: siteUrl(ctx, '/blog'),
    description: BLOG_LIST_SUBTITLE,
    language: 'en',
    copyright: '',
    generator: false,
    updated: rows[0] ? new Date(rows[0].updated_at) : undefined,
    feedLinks: { rss: siteUrl(ctx, '/blog/rss.xml') },
  });
  // feed declares the dc prefix only for full content; the channel declares it for dc:creator.
  feed.addExtension({ name: '_attributes', objects: { 'xmlns:dc': DC_NS } });
  for (const row of rows) {
    feed.addItem({
      title: xmlChars(row.title),
      // A link and no id: feed then writes it as the guid with isPermaLink="true".
      link: blogPostUrl(ctx, row.slug),
      date: new Date(row.created_at),
      description: xmlChars(blogExcerpt({ excerpt: row.excerpt, content: row.content })),
      // feed's XML writer reads "&amp;" in text as "&": an escaped ampersand survives it.
      extensions: [
        { name: 'dc:creator', objects: { _text: xmlChars(row.author).replace(/&/g, '&amp;') } },
      ],
    });
  }
  return feed.rss2();
}

/** The sitemap by `sitemap`: public pages and every published post (up to the format's limit). */
export async function sitemapXml(ctx: Ctx): Promise<string> {
  const rows = await listPublishedSlugs(ctx.db.kysely, SITEMAP_MAX_POSTS);
  async function* links() {
    for (const p of SITEMAP_PAGES) yield { url: siteUrl(ctx, p) };
    for (let i = 0; i < rows.length; i++) {
      // The writer costs tens of microseconds an address: let other requests in between slices.
      if (i % SITEMAP_SLICE === SITEMAP_SLICE - 1) await setImmediate();
      yield { url: blogPostUrl(ctx, rows[i]!.slug), lastmod: rows[i]!.updated_at };
    }
  }
  const stream = new SitemapStream({
    xmlns: { news: false, xhtml: false, image: false, video: false },
  });
  return (await streamToPromise(Readable.from(links()).pipe(stream))).toString('utf8');
}

/**
 * `/blog/{slug}` as the server starts it: the post's head and the post to render the page from
 * (decision 237); 404 for drafts and unknown slugs, 301 for an old slug.
 */
export function blogPostShellPage(ctx: Ctx): ShellPage {
  return {
    url: '/blog/:slug',
    name: 'blog-post',
    // A post-less render draws the post page's spinner.
    warmUp: { url: '/blog/-', data: {} },
    async render(request) {
      const parsed = blogPostParamsSchema.safeParse(request.params);
      if (!parsed.success) return { status: 404, head: MISSING_HEAD };
      const answer = await blogPostHead(ctx, parsed.data.slug);
      if (answer.kind === 'moved') return { status: 301, location: answer.location };
      if (answer.kind === 'missing') return { status: 404, head: answer.head };
      return { status: 200, head: answer.head, data: { blogPost: answer.post } };
    },
  };
}
