import type { sendMessageInputSchema } from '@doublecast/common/messages';
import {
  MESSAGE_EXPIRY_PAST,
  MESSAGES_PAGE_SIZE,
  type Inbox,
  type Message,
} from '@doublecast/common/messages';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { recordAdminAction } from '../../shared/admin-log.service';
import { adminMessageMail } from '../../adapters/mail/templates';
import * as repo from './messages.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

function toMessage(row: repo.MessageRow): Message {
  return {
    id: row.id,
    subject: row.subject,
    content: row.content,
    sentByEmail: row.sent_by_email,
    sentAt: row.sent_at,
    isRead: Number(row.is_read) === 1,
    readAt: row.read_at,
    category: row.category,
    priority: row.priority,
    expiresAt: row.expires_at,
  };
}

/**
 * An admin's message to a user (docs/glossary.md#messages). The message and its admin log
 * row are written in one transaction; high and urgent messages also send the user a short mail
 * (after the commit; a mail failure is logged and does not undo the message).
 */
export async function sendAdminMessage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'log' | 'env'>,
  options: {
    admin: SessionUser;
    userId: string;
    input: z.output<typeof sendMessageInputSchema>;
  },
): Promise<{ message: Message; email: string }> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const { input } = options;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt && Date.parse(expiresAt) <= now.getTime()) {
    throw new AppError('invalid-argument', MESSAGE_EXPIRY_PAST);
  }
  const id = newId();
  const email = await transaction(ctx.db, async (trx) => {
    const recipient = await repo.findRecipientEmail(trx, options.userId);
    if (recipient === undefined) throw new AppError('not-found', 'User not found');
    await repo.insertMessage(trx, {
      id,
      user_id: options.userId,
      subject: input.subject,
      content: input.content,
      sent_by: options.admin.id,
      sent_by_email: options.admin.email,
      sent_at: at,
      read_at: null,
      category: input.category,
      priority: input.priority,
      expires_at: expiresAt,
    });
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'message_sent',
      targetUserId: options.userId,
      metadata: {
        messageId: id,
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        expiresAt,
      },
      at,
    });
    return recipient;
  });
  if (input.priority === 'high' || input.priority === 'urgent') {
    const url = new URL('/messages', ctx.env.APP_URL).toString();
    await ctx.mailer
      .send(adminMessageMail(email, { subject: input.subject, priority: input.priority, url }))
      .catch((err: unknown) => ctx.log.error({ err, messageId: id }, 'message notice not mailed'));
  }
  const row = await repo.findMessage(ctx.db.kysely, id);
  if (!row) throw new Error(`message ${id} vanished after it was written`);
  return { message: toMessage(row), email };
}

export async function getInbox(ctx: Ctx, userId: string): Promise<Inbox> {
  const nowIso = ctx.clock.now().toISOString();
  const [rows, unreadCount] = await Promise.all([
    repo.listInbox(ctx.db.kysely, userId, nowIso, MESSAGES_PAGE_SIZE),
    repo.countUnread(ctx.db.kysely, userId, nowIso),
  ]);
  return { messages: rows.map(toMessage), unreadCount };
}

export async function getUnreadCount(ctx: Ctx, userId: string): Promise<number> {
  return repo.countUnread(ctx.db.kysely, userId, ctx.clock.now().toISOString());
}

export async function readMessage(ctx: Ctx, userId: string, id: string): Promise<void> {
  if (!(await repo.markRead(ctx.db.kysely, userId, id, ctx.clock.now().toISOString()))) {
    throw new AppError('not-found', 'Message not found');
  }
}

export async function removeMessage(ctx: Ctx, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteMessage(ctx.db.kysely, userId, id))) {
    throw new AppError('not-found', 'Message not found');
  }
}
