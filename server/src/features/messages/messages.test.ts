import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogListSchema } from '@doublecast/common/admin';
import {
  inboxSchema,
  MESSAGE_CONTENT_REQUIRED,
  MESSAGE_EXPIRY_PAST,
  MESSAGE_SUBJECT_REQUIRED,
} from '@doublecast/common/messages';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { readOutbox } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';

const NOW = '2026-03-15T12:00:00.000Z';

describe('admin messages and the inbox', () => {
  let t: TestApp, admin: TestUser, user: TestUser, other: TestUser;
  withAdminTestApp(
    { now: NOW, admin: { email: 'boss@example.com' }, user: { email: 'actor@example.com' } },
    (s) => ({ t, admin, user } = s),
  );
  beforeAll(async () => {
    other = await createUser(t);
  });

  const send = (to: string, payload: unknown, who: TestUser = admin) =>
    t.request({
      method: 'POST',
      url: `/api/admin/users/${to}/messages`,
      payload: payload as object,
      cookie: who.cookie,
    });
  const inbox = async (who: TestUser) => {
    const res = await t.request({ method: 'GET', url: '/api/messages', cookie: who.cookie });
    expect(res.statusCode).toBe(200);
    return inboxSchema.parse(res.json());
  };
  const unread = async (who: TestUser) =>
    (
      await t.request({ method: 'GET', url: '/api/messages/unread-count', cookie: who.cookie })
    ).json().unreadCount as number;

  it('sends with the defaults, logs it, and the user reads, marks read and deletes it', async () => {
    const res = await send(user.id, { subject: ' Welcome ', content: 'Glad you are here.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'actor@example.com',
      message: {
        subject: 'Welcome',
        content: 'Glad you are here.',
        category: 'general',
        priority: 'normal',
        isRead: false,
        readAt: null,
        sentByEmail: 'boss@example.com',
        sentAt: NOW,
        expiresAt: null,
      },
    });
    const id = res.json().message.id as string;
    expect(await unread(user)).toBe(1);
    expect((await inbox(user)).messages.map((m) => m.id)).toEqual([id]);
    expect((await inbox(other)).messages).toEqual([]);
    expect(readOutbox(t)).toEqual([]);

    const logs = adminLogListSchema.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/admin/logs?action=message_sent&targetUserId=${user.id}`,
          cookie: admin.cookie,
        })
      ).json(),
    );
    expect(logs.entries[0]).toMatchObject({
      adminId: admin.id,
      metadata: { messageId: id, subject: 'Welcome', category: 'general', priority: 'normal' },
    });

    // Another user can neither read nor delete it.
    expect(
      (await t.request({ method: 'POST', url: `/api/messages/${id}/read`, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/messages/${id}`, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);

    t.clock.set('2026-03-15T12:05:00.000Z');
    try {
      const read = await t.request({
        method: 'POST',
        url: `/api/messages/${id}/read`,
        cookie: user.cookie,
      });
      expect(read.statusCode).toBe(204);
      expect(await unread(user)).toBe(0);
      expect((await inbox(user)).messages[0]).toMatchObject({
        isRead: true,
        readAt: '2026-03-15T12:05:00.000Z',
      });
      const del = await t.request({
        method: 'DELETE',
        url: `/api/messages/${id}`,
        cookie: user.cookie,
      });
      expect(del.statusCode).toBe(204);
      expect((await inbox(user)).messages).toEqual([]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('mails a short notice for high and urgent messages only', async () => {
    const before = readOutbox(t).length;
    await send(other.id, { subject: 'FYI', content: 'x', priority: 'low' });
    await send(other.id, {
      subject: 'Billing problem',
      content: 'y',
      priority: 'urgent',
      category: 'billing',
    });
    await send(other.id, { subject: 'Heads up', content: 'z', priority: 'high' });
    const mails = readOutbox(t).slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [other.email, 'An urgent message from Doublecast'],
      [other.email, 'An important message from Doublecast'],
    ]);
    expect(mails[0]!.raw).toContain('Billing problem');
    expect(mails[0]!.links).toContain('http://localhost:3000/messages');
    expect(await unread(other)).toBe(3);
  });

  it('hides a message once it expires', async () => {
    const u = await createUser(t);
    await send(u.id, {
      subject: 'Sale',
      content: 'Ends soon',
      expiresAt: '2026-03-15T13:00:00.000Z',
    });
    expect(await unread(u)).toBe(1);
    t.clock.set('2026-03-15T13:00:00.000Z');
    try {
      u.cookie = await signIn(t, u);
      expect(await unread(u)).toBe(0);
      expect((await inbox(u)).messages).toEqual([]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("refuses bad input with 400 and the form's texts, and plain users with 403; nothing is written", async () => {
    const u = await createUser(t);
    const cases: [unknown, string][] = [
      [{ content: 'x' }, MESSAGE_SUBJECT_REQUIRED],
      [{ subject: '   ', content: 'x' }, MESSAGE_SUBJECT_REQUIRED],
      [{ subject: 'x' }, MESSAGE_CONTENT_REQUIRED],
      [{ subject: 'x', content: '' }, MESSAGE_CONTENT_REQUIRED],
      [{ subject: 'x', content: 'y', expiresAt: '2026-03-15T11:00:00.000Z' }, MESSAGE_EXPIRY_PAST],
    ];
    for (const [payload, message] of cases) {
      const res = await send(u.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    for (const payload of [
      { subject: 'x', content: 'y', priority: 'critical' },
      { subject: 'x', content: 'y', category: 'spam' },
      { subject: 'x', content: 'y', expiresAt: 'tomorrow' },
    ]) {
      expect((await send(u.id, payload)).statusCode).toBe(400);
    }
    expect((await send(u.id, { subject: 'x', content: 'y' }, other)).statusCode).toBe(403);
    expect((await send('nobody', { subject: 'x', content: 'y' })).statusCode).toBe(404);
    expect(await inbox(u)).toEqual({ messages: [], unreadCount: 0 });
    const logs = await t.request({
      method: 'GET',
      url: `/api/admin/logs?targetUserId=${u.id}`,
      cookie: admin.cookie,
    });
    expect(logs.json().entries).toEqual([]);
  });
});
