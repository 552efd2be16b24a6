import type { Executor } from '../../db/connection';

export async function insertEvent(
  db: Executor,
  event: {
    name: string;
    userId: string | null;
    properties: Record<string, unknown>;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      name: event.name,
      user_id: event.userId,
      properties: JSON.stringify(event.properties),
      created_at: event.createdAt.toISOString(),
    })
    .execute();
}
