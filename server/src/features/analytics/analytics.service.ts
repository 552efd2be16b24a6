import type { AppContext } from '../../app-context';
import { insertEvent } from './analytics.repository';

/**
 * First-party analytics (the analytics and ad-pixel events, kept in our own table: docs/glossary.md#analytics).
 * Recording an event never breaks the action that caused it: a failure is logged.
 */
export async function trackEvent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  options: { name: string; userId?: string | null; properties?: Record<string, unknown> },
): Promise<void> {
  try {
    await insertEvent(ctx.db.kysely, {
      name: options.name,
      userId: options.userId ?? null,
      properties: options.properties ?? {},
      createdAt: ctx.clock.now(),
    });
  } catch (err) {
    ctx.log.warn({ err, event: options.name }, 'failed to record analytics event');
  }
}
