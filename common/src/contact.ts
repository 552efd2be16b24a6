import { z } from 'zod';

export const CONTACT_REQUIRED_MESSAGE = 'Please fill in all fields';
export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll get back to you soon.";
export const CONTACT_FAILURE_MESSAGE = 'Failed to send message. Please try again.';

const required = z
  .string({ error: CONTACT_REQUIRED_MESSAGE })
  .trim()
  .min(1, CONTACT_REQUIRED_MESSAGE);

export const contactMessageInputSchema = z.object({
  name: required.max(200),
  email: required.max(320).pipe(z.email({ error: 'Please enter a valid email address.' })),
  subject: required.max(300),
  message: required.max(10_000),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageCreatedSchema = z.object({ id: z.string() });
