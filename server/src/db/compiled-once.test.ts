import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db';
import { compiledOnce, compiledValues, valuesOf } from './compiled-once';
import { transaction, type Executor } from './connection';
import type { UsersTable } from './schema';

const sqlite = new SQLite(':memory:');
sqlite.exec(`create table notes (id integer primary key, owner text, body text, hidden integer)`);
sqlite.exec(`insert into notes (owner, body, hidden) values
  ('ann', 'a1', 0), ('ann', 'a2', 0), ('ann', 'a3', 1), ('bob', 'b1', 0)`);
const kysely = new Kysely<{ notes: { id: number; owner: string; body: string; hidden: number } }>({
  dialect: new SqliteDialect({ database: sqlite }),
});
const db = kysely as unknown as Executor;
type K = typeof kysely;
afterAll(() => kysely.destroy());

describe('compiledOnce (decision 248)', () => {
  it('runs the one compiled query with each call its own values', async () => {
    let builds = 0;
    const visible = compiledOnce((d: Executor, owner: string, limit: number) => {
      builds++;
      return (d as unknown as K)
        .selectFrom('notes')
        .select(['body'])
        .where('owner', '=', owner)
        .where('hidden', '=', 0)
        .orderBy('id')
        .limit(limit);
    });
    expect(await visible(db, 'ann', 10)).toEqual([{ body: 'a1' }, { body: 'a2' }]);
    expect(await visible(db, 'bob', 10)).toEqual([{ body: 'b1' }]);
    expect(await visible(db, 'ann', 1)).toEqual([{ body: 'a1' }]);
    expect(await visible(db, 'nobody', 5)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not take an argument as exactly one parameter', async () => {
    const inlined = compiledOnce((d: Executor, owner: string) =>
      (d as unknown as K).selectFrom('notes').select(['body']).where('owner', '=', sql.lit(owner)),
    );
    await expect(inlined(db, 'ann')).rejects.toThrow(/argument 0/);
    const twice = compiledOnce((d: Executor, owner: string) =>
      (d as unknown as K)
        .selectFrom('notes')
        .select(['body'])
        .where((eb) => eb.or([eb('owner', '=', owner), eb('body', '=', owner)])),
    );
    await expect(twice(db, 'ann')).rejects.toThrow(/argument 0/);
  });
});

describe('compiledValues and valuesOf (decision 248)', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
    await testDb.kysely
      .insertInto('users')
      .values(['ann', 'bob'].map((id) => userRow(id)))
      .execute();
  });
  afterAll(() => testDb.destroy());

  const columns = ['id', 'email', 'role'] as const;
  const value = valuesOf<UsersTable, typeof columns>(columns);
  const byEmail = compiledValues((d: Executor, pattern: string, limit: number) =>
    d
      .selectFrom('users')
      .select(columns)
      .where('email', 'like', pattern)
      .orderBy('id')
      .limit(limit),
  );

  it('answers each row as its values in the select list order, read back by name', async () => {
    const rows = await byEmail(testDb, '%@example.com', 10);
    expect(rows).toEqual([
      ['ann', 'ann@example.com', 'user'],
      ['bob', 'bob@example.com', 'user'],
    ]);
    expect(rows.map((v) => [value(v, 'email'), value(v, 'id')])).toEqual([
      ['ann@example.com', 'ann'],
      ['bob@example.com', 'bob'],
    ]);
    expect(await byEmail(testDb, '%@example.com', 1)).toEqual([['ann', 'ann@example.com', 'user']]);
    expect(await byEmail(testDb, 'nobody%', 10)).toEqual([]);
  });

  it('binds a value as a parameter, never into the SQL', async () => {
    expect(await byEmail(testDb, "x' or '1'='1", 10)).toEqual([]);
  });

  it('keeps statements answering values apart from those answering objects', async () => {
    await byEmail(testDb, '%@example.com', 10);
    const sameQuery = testDb.kysely
      .selectFrom('users')
      .select(columns)
      .where('email', 'like', '%@example.com')
      .orderBy('id')
      .limit(10);
    const asObjects = await sameQuery.execute();
    expect(asObjects[0]).toEqual({ id: 'ann', email: 'ann@example.com', role: 'user' });
    expect((await byEmail(testDb, '%@example.com', 10))[0]).toEqual([
      'ann',
      'ann@example.com',
      'user',
    ]);
  });

  it("never reads another request's uncommitted rows", async () => {
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rolledBack = transaction(testDb, async (trx) => {
      await trx.insertInto('users').values(userRow('carl')).execute();
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await insertDone;
    const read = byEmail(testDb, '%@example.com', 10);
    release();
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect((await read).map((v) => value(v, 'id'))).toEqual(['ann', 'bob']);
  });

  it('refuses a query that inlines an argument', async () => {
    const inlined = compiledValues((d: Executor, role: string) =>
      d.selectFrom('users').select(columns).where('email', '=', sql.lit(role)),
    );
    await expect(inlined(testDb, 'user')).rejects.toThrow(/compiledValues: argument 0/);
  });
});

function userRow(id: string) {
  const at = '2026-11-24T00:00:00.000Z';
  return { id, email: `${id}@example.com`, created_at: at, updated_at: at };
}
