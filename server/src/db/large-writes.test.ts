import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, type TestDb } from '../test/test-db';
import { largeTransaction } from './connection';
import { isUniqueViolation } from './unique-violation';

describe('large transactions on the worker connection (decision 384)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ sqlite: true });
    await sql`CREATE TABLE big (id TEXT PRIMARY KEY, body TEXT NOT NULL)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('commits a large row written from the worker, visible on the server connection', async () => {
    const body = 'x'.repeat(3_000_000);
    const inWorker = await largeTransaction(db, async (trx) => {
      await trx
        .insertInto('big' as never)
        .values({ id: 'a', body } as never)
        .execute();
      return trx !== db.kysely;
    });
    expect(inWorker).toBe(true);
    const { rows } = await sql<{
      n: number;
    }>`SELECT length(body) AS n FROM big WHERE id = 'a'`.execute(db.kysely);
    expect(rows[0]?.n).toBe(3_000_000);
  });

  it('rolls back everything when the work fails half-way, and keeps the database error code', async () => {
    const failure = await largeTransaction(db, async (trx) => {
      await trx
        .insertInto('big' as never)
        .values({ id: 'b', body: 'y' } as never)
        .execute();
      await trx
        .insertInto('big' as never)
        .values({ id: 'a', body: 'again' } as never)
        .execute();
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(failure)).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM big`.execute(db.kysely);
    expect(rows[0]?.n).toBe(1);
  });

  it('lets the server connection write again once the worker has committed', async () => {
    await largeTransaction(db, async (trx) => {
      await trx
        .insertInto('big' as never)
        .values({ id: 'c', body: 'z' } as never)
        .execute();
    });
    await sql`INSERT INTO big (id, body) VALUES ('d', 'w')`.execute(db.kysely);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM big`.execute(db.kysely);
    expect(rows[0]?.n).toBe(3);
  });
});
