import { z } from 'zod';

/** Events the browser may record (first-party; see decisions.md "Analytics"). */
export const CLIENT_EVENT_NAMES = [
  'exception',
  'page_view',
  'recording_played',
  'stripe_checkout_started',
  'begin_checkout',
  'InitiateCheckout',
  'purchase',
  'Purchase',
  'voice_previewed',
] as const;

export const clientEventSchema = z.object({
  name: z.enum(CLIENT_EVENT_NAMES),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 20, 'Too many properties')
    .default({}),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;
