import { z } from 'zod';

export const MESSAGE_CATEGORIES = ['general', 'billing', 'support', 'feature', 'warning'] as const;
export const MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/** Messages are read 50 at a time (docs/glossary.md#messages). */
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGE_SUBJECT_REQUIRED = 'Subject is required';
export const MESSAGE_CONTENT_REQUIRED = 'Message is required';
export const MESSAGE_EXPIRY_PAST = 'Expiry must be in the future';

/** The admin's Send Message form: subject and message required; category general and priority normal by default (docs/glossary.md#messages). */
export const sendMessageInputSchema = z.object({
  subject: z
    .string(MESSAGE_SUBJECT_REQUIRED)
    .trim()
    .min(1, MESSAGE_SUBJECT_REQUIRED)
    .max(200, 'Subject must be at most 200 characters'),
  content: z
    .string(MESSAGE_CONTENT_REQUIRED)
    .trim()
    .min(1, MESSAGE_CONTENT_REQUIRED)
    .max(5000, 'Message must be at most 5,000 characters'),
  category: z.enum(MESSAGE_CATEGORIES).default('general'),
  priority: z.enum(MESSAGE_PRIORITIES).default('normal'),
  /** ISO date-time; after it the message is hidden from the inbox. */
  expiresAt: z.iso.datetime({ message: 'Expiry must be a date and time' }).nullish(),
});
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

export const messageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  sentByEmail: z.string(),
  sentAt: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  category: z.enum(MESSAGE_CATEGORIES),
  priority: z.enum(MESSAGE_PRIORITIES),
  expiresAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const inboxSchema = z.object({
  messages: z.array(messageSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });

/** The admin's notice after sending (docs/glossary.md#messages). */
export const messageSentText = (email: string) => `Message sent to ${email}`;
