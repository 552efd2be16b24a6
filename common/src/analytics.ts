import { z } from 'zod';

/**
 * Events the browser may record through the public `POST /api/events` (first-party; see
 * docs/glossary.md#analytics): page events only. Checkout and purchase events are recorded by the
 * server from the checkouts it creates and the payments it verifies, and recording_played by the
 * plays route (docs/decisions/111-server-recorded-money-events.md).
 */
export const CLIENT_EVENT_NAMES = ['exception', 'page_view', 'voice_previewed'] as const;

export const clientEventSchema = z.object({
  name: z.enum(CLIENT_EVENT_NAMES),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 20, 'Too many properties')
    .default({}),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;
