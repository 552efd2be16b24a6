import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminLogListSchema } from '@doublecast/common/admin';
import {
  BLOG_CONTENT_REQUIRED,
  BLOG_IMAGE_URL_INVALID,
  BLOG_POST_NOT_FOUND_ERROR,
  BLOG_TITLE_REQUIRED,
  blogAdminListSchema,
  blogAdminPostSchema,
  blogListResponseSchema,
  slugifyTitle,
} from '@doublecast/common/blog';
import type { TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';

const NOW = '2026-03-15T12:00:00.000Z';

describe('admin blog API', () => {
  let t: TestApp, admin: TestUser, user: TestUser;
  withAdminTestApp({ now: NOW }, (s) => ({ t, admin, user } = s));

  const body = {
    title: 'Cold Reads That Land',
    excerpt: '',
    content: '<p>Read <strong>slowly</strong>.</p><ul><li>one</li><li>two</li></ul>',
    author: 'Ava',
    tags: ['auditions', 'tips'],
    featuredImage: 'https://images.example/cover.jpg',
    published: false,
  };
  const create = (payload: object, who: TestUser = admin) =>
    t.request({ method: 'POST', url: '/api/admin/blog/posts', payload, cookie: who.cookie });
  const update = (id: string, payload: object, who: TestUser = admin) =>
    t.request({ method: 'PUT', url: `/api/admin/blog/posts/${id}`, payload, cookie: who.cookie });
  const publish = (id: string, published: boolean, who: TestUser = admin) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/blog/posts/${id}/published`,
      payload: { published },
      cookie: who.cookie,
    });
  const remove = (id: string, who: TestUser = admin) =>
    t.request({ method: 'DELETE', url: `/api/admin/blog/posts/${id}`, cookie: who.cookie });
  const publicPost = (slug: string) => t.request({ method: 'GET', url: `/api/blog/posts/${slug}` });
  const publicList = async () =>
    blogListResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/api/blog/posts' })).json(),
    );
  const logs = async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/logs', cookie: admin.cookie });
    return adminLogListSchema.parse(res.json()).entries;
  };
  const created = async (payload: object) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return blogAdminPostSchema.parse(res.json());
  };

  it('slugs follow the spec rule', () => {
    expect(slugifyTitle('  Hello,   World -- Again!  ')).toBe('hello-world-again');
    expect(slugifyTitle('Café & Crème 2026')).toBe('café-crème-2026');
    expect(slugifyTitle('!!!')).toBe('post');
  });

  it('refuses plain users and signed-out callers on every route, changing nothing', async () => {
    const post = await created({ ...body, title: 'Guarded' });
    const before = (await logs()).length;
    for (const res of [
      await t.request({ method: 'GET', url: '/api/admin/blog/posts', cookie: user.cookie }),
      await t.request({
        method: 'GET',
        url: `/api/admin/blog/posts/${post.id}`,
        cookie: user.cookie,
      }),
      await create(body, user),
      await update(post.id, { ...body, title: 'Hijacked' }, user),
      await publish(post.id, true, user),
      await remove(post.id, user),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
    }
    const anon = await t.request({ method: 'POST', url: '/api/admin/blog/posts', payload: body });
    expect(anon.statusCode).toBe(401);
    const still = await t.request({
      method: 'GET',
      url: `/api/admin/blog/posts/${post.id}`,
      cookie: admin.cookie,
    });
    expect(blogAdminPostSchema.parse(still.json())).toMatchObject({
      title: 'Guarded',
      published: false,
    });
    expect((await logs()).length).toBe(before);
  });

  it('validates with the spec texts and writes nothing on bad input', async () => {
    const before = (await logs()).length;
    const cases: [object, string][] = [
      [{ ...body, title: '   ' }, BLOG_TITLE_REQUIRED],
      [{ ...body, content: '  ' }, BLOG_CONTENT_REQUIRED],
      // Only markup the sanitiser removes: nothing readable is left.
      [{ ...body, content: '<script>alert(1)</script><p> </p>' }, BLOG_CONTENT_REQUIRED],
      [{ ...body, featuredImage: 'http://plain.example/x.jpg' }, BLOG_IMAGE_URL_INVALID],
      [{ ...body, featuredImage: 'javascript:alert(1)' }, BLOG_IMAGE_URL_INVALID],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
    }
    const list = blogAdminListSchema.parse(
      (
        await t.request({ method: 'GET', url: '/api/admin/blog/posts', cookie: admin.cookie })
      ).json(),
    );
    expect(list.posts.some((p) => p.title === body.title)).toBe(false);
    expect((await logs()).length).toBe(before);
  });

  it('creates a draft with sanitised HTML, invisible publicly, and logs it', async () => {
    const post = await created({
      ...body,
      title: 'Draft Secrets',
      content: '<p onclick="alert(1)">Hi <b>there</b></p><script>alert(2)</script>',
    });
    expect(post).toMatchObject({
      slug: 'draft-secrets',
      published: false,
      author: 'Ava',
      views: 0,
    });
    expect(post.content).toBe('<p>Hi <b>there</b></p>');
    expect(post.createdAt).toBe(NOW);
    const stored = await t.db.kysely
      .selectFrom('blog_posts')
      .select('content')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>Hi <b>there</b></p>');

    expect((await publicPost('draft-secrets')).statusCode).toBe(404);
    expect((await publicList()).posts.some((p) => p.id === post.id)).toBe(false);

    const entry = (await logs()).find((e) => e.metadata.postId === post.id);
    expect(entry).toMatchObject({
      action: 'blog_post_created',
      adminId: admin.id,
      adminEmail: admin.email,
      targetUserId: null,
      metadata: { postId: post.id, title: 'Draft Secrets', slug: 'draft-secrets' },
    });
  });

  it('honours "Publish immediately", lists newest first with the manager excerpt, reads by id', async () => {
    const post = await created({
      ...body,
      title: 'Published Now',
      excerpt: '',
      content: `<p>${'word '.repeat(40)}</p>`,
      published: true,
    });
    expect(post.published).toBe(true);
    const res = await publicPost(post.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Published Now');

    const list = blogAdminListSchema.parse(
      (
        await t.request({ method: 'GET', url: '/api/admin/blog/posts', cookie: admin.cookie })
      ).json(),
    );
    const row = list.posts.find((p) => p.id === post.id)!;
    expect(row.excerpt).toBe(`${'word '.repeat(20).trim()}...`);
    expect(row.views).toBe(1);
    expect(list.posts.some((p) => !p.published)).toBe(true); // drafts are in the manager

    const missing = await t.request({
      method: 'GET',
      url: '/api/admin/blog/posts/nope',
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(BLOG_POST_NOT_FOUND_ERROR);
  });

  it('gives a taken slug a suffix, also for a slug a post used to have', async () => {
    const a = await created({ ...body, title: 'Same Title' });
    const b = await created({ ...body, title: 'Same Title' });
    const c = await created({ ...body, title: 'Same  title!' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);

    // A draft's slug follows its title; its old slug stays taken.
    const moved = blogAdminPostSchema.parse(
      (await update(a.id, { ...body, title: 'Renamed' })).json(),
    );
    expect(moved.slug).toBe('renamed');
    const d = await created({ ...body, title: 'Same Title' });
    expect(d.slug).toBe('same-title-4');
    // Renaming back returns the post its own old address.
    const back = blogAdminPostSchema.parse(
      (await update(a.id, { ...body, title: 'Same Title' })).json(),
    );
    expect(back.slug).toBe('same-title');
  });

  it('keeps a published post slug on title change; old slugs answer 301', async () => {
    const post = await created({ ...body, title: 'First Name' });
    const renamed = blogAdminPostSchema.parse(
      (await update(post.id, { ...body, title: 'Second Name' })).json(),
    );
    expect(renamed.slug).toBe('second-name');
    await publish(post.id, true);
    const live = blogAdminPostSchema.parse(
      (await update(post.id, { ...body, title: 'Third Name', published: true })).json(),
    );
    expect(live).toMatchObject({ slug: 'second-name', title: 'Third Name', published: true });

    const old = await publicPost('first-name');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/blog/posts/second-name');
    expect((await publicPost('second-name')).json().title).toBe('Third Name');

    // Unpublished, the old address leads nowhere.
    await publish(post.id, false);
    expect((await publicPost('first-name')).statusCode).toBe(404);
  });

  it('updates fields, sanitises again, refreshes updatedAt and logs; unknown id is 404', async () => {
    const post = await created({ ...body, title: 'Editable' });
    t.clock.set('2026-03-15T12:05:00.000Z');
    const res = await update(post.id, {
      ...body,
      title: 'Editable',
      content: '<p>New <a href="javascript:alert(1)">link</a></p>',
      tags: ['one'],
      author: '',
      featuredImage: '',
    });
    const saved = blogAdminPostSchema.parse(res.json());
    expect(saved).toMatchObject({
      content: '<p>New link</p>',
      tags: ['one'],
      author: 'Doublecast Team',
      featuredImage: '',
      createdAt: NOW,
      updatedAt: '2026-03-15T12:05:00.000Z',
    });
    expect((await logs()).find((e) => e.metadata.postId === post.id)?.action).toBe(
      'blog_post_updated',
    );
    expect((await update('missing-id', body)).statusCode).toBe(404);
  });

  it('publish toggle flips the flag, refreshes updatedAt, shows and hides the post, logs both', async () => {
    const post = await created({ ...body, title: 'Toggle Me' });
    t.clock.set('2026-03-15T12:10:00.000Z');
    const on = blogAdminPostSchema.parse((await publish(post.id, true)).json());
    expect(on).toMatchObject({ published: true, updatedAt: '2026-03-15T12:10:00.000Z' });
    expect((await publicPost('toggle-me')).statusCode).toBe(200);
    expect((await publicList()).posts.some((p) => p.id === post.id)).toBe(true);

    const off = blogAdminPostSchema.parse((await publish(post.id, false)).json());
    expect(off.published).toBe(false);
    expect((await publicPost('toggle-me')).statusCode).toBe(404);
    expect((await publicList()).posts.some((p) => p.id === post.id)).toBe(false);

    const actions = (await logs())
      .filter((e) => e.metadata.postId === post.id)
      .map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['blog_post_unpublished', 'blog_post_published']);
    expect((await publish('missing-id', true)).statusCode).toBe(404);
  });

  it('deletes a post with its old addresses and logs it; a second delete is 404', async () => {
    const post = await created({ ...body, title: 'Doomed' });
    await update(post.id, { ...body, title: 'Doomed Later', published: true });
    expect((await publicPost('doomed')).statusCode).toBe(301);
    const res = await remove(post.id);
    expect(res.statusCode).toBe(204);
    expect((await publicPost('doomed')).statusCode).toBe(404);
    expect((await publicPost('doomed-later')).statusCode).toBe(404);
    const redirects = await t.db.kysely
      .selectFrom('blog_slug_redirects')
      .selectAll()
      .where('post_id', '=', post.id)
      .execute();
    expect(redirects).toEqual([]);
    expect((await logs())[0]).toMatchObject({
      action: 'blog_post_deleted',
      metadata: { postId: post.id, title: 'Doomed Later' },
    });
    expect((await remove(post.id)).statusCode).toBe(404);
  });

  it('rolls the write back when its log row cannot be written', async () => {
    // Logging fails (a trigger refuses the row); the post must not be created either.
    const pg = t.db.dialect === 'postgres';
    if (pg) {
      await sql`CREATE FUNCTION refuse_log() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(t.db.kysely);
      await sql`CREATE TRIGGER refuse_log BEFORE INSERT ON admin_logs
        FOR EACH ROW EXECUTE FUNCTION refuse_log()`.execute(t.db.kysely);
    } else {
      await sql`CREATE TRIGGER refuse_log BEFORE INSERT ON admin_logs
        BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(t.db.kysely);
    }
    try {
      const res = await create({ ...body, title: 'Unlogged' });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_log${pg ? sql` ON admin_logs` : sql``}`.execute(t.db.kysely);
    }
    const rows = await t.db.kysely
      .selectFrom('blog_posts')
      .select('id')
      .where('title', '=', 'Unlogged')
      .execute();
    expect(rows).toEqual([]);
    expect((await create({ ...body, title: 'Logged Again' })).statusCode).toBe(201);
  });
});
