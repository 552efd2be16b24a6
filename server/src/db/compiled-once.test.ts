import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import type { Executor } from './connection';

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
