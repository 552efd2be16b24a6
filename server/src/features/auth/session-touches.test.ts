import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { createTestDb, type TestDb } from '../../test/test-db';
import { createSessionTouches, TOUCH_WRITE_CHUNK } from './session-touches';

const SEEDED_AT = '2026-01-01T00:00:00.000Z';
const SEEN_AT = '2026-01-01T00:05:00.000Z';

/** Sessions' last-seen times written in chunks (decision 248's touches, decision 248's addendum). */
describe('session touches', () => {
  let db: TestDb;
  const sessionIds: string[] = [];
  const COUNT = TOUCH_WRITE_CHUNK * 2 + 200;

  beforeAll(async () => {
    db = await createTestDb();
    const userId = newId();
    await db.kysely
      .insertInto('users')
      .values({
        id: userId,
        email: 'touches@example.com',
        role: 'user',
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
        subscription_status: 'inactive',
        subscription_tier: 'free',
        plan: 'free',
      })
      .execute();
    for (let i = 0; i < COUNT; i++) sessionIds.push(newId());
    await db.kysely
      .insertInto('auth_sessions')
      .values(
        sessionIds.map((id, i) => ({
          id,
          user_id: userId,
          token: `hash-${i}`,
          expires_at: '2026-02-01T00:00:00.000Z',
          created_at: SEEDED_AT,
          updated_at: SEEDED_AT,
          last_seen_at: SEEDED_AT,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await db.destroy();
  });

  const seenCount = async () => {
    const row = await db.kysely
      .selectFrom('auth_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('last_seen_at', '=', SEEN_AT)
      .where('updated_at', '=', SEEN_AT)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('writes a large batch chunk by chunk, serving other work in between, and writes it all', async () => {
    const touches = createSessionTouches({ db, delayMs: 60_000 });
    for (const id of sessionIds) touches.touch(id, SEEN_AT);
    expect(touches.pending(sessionIds[0]!)).toBe(SEEN_AT);

    // Work queued behind the first chunk runs before the batch is done: it sees one chunk written.
    const seenBetween: number[] = [];
    const flushed = touches.flush();
    setImmediate(() => void seenCount().then((n) => seenBetween.push(n)));
    await flushed;

    // On SQLite a transaction holds the event loop; on PostgreSQL it waits for the server anyway.
    if (db.dialect === 'sqlite') expect(seenBetween).toEqual([TOUCH_WRITE_CHUNK]);
    else expect(seenBetween).toHaveLength(1);
    expect(await seenCount()).toBe(COUNT);
    expect(sessionIds.map((id) => touches.pending(id)).filter(Boolean)).toEqual([]);
  });

  it('keeps a newer time waiting when a session is touched again while its batch is written', async () => {
    const LATER = '2026-01-01T00:06:00.000Z';
    const touches = createSessionTouches({ db, delayMs: 60_000 });
    for (const id of sessionIds) touches.touch(id, SEEN_AT);
    const written = sessionIds[0]!;
    const notYet = sessionIds[COUNT - 1]!;
    const flushed = touches.flush();
    // Between chunks (on PostgreSQL, during the first): one session whose chunk is written, one not.
    setImmediate(() => {
      touches.touch(written, LATER);
      touches.touch(notYet, LATER);
    });
    await flushed;
    expect(touches.pending(written)).toBe(LATER);
    expect(touches.pending(notYet)).toBe(LATER);
    const rows = await db.kysely
      .selectFrom('auth_sessions')
      .select(['id', 'last_seen_at'])
      .where('id', 'in', [written, notYet])
      .execute();
    expect(rows.map((r) => r.last_seen_at)).toEqual([SEEN_AT, SEEN_AT]);
  });
});
