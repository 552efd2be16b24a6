import { createQueryId, type CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './connection';

/**
 * A query whose SQL is built and compiled once per database handle, then run with each call's
 * values (decision 248). Kysely builds and compiles a query anew on every call, about 12 us for
 * the history page, to the same text every time. `build` is called once with a placeholder for
 * each argument; each placeholder must reach the compiled query as exactly one parameter (so
 * an argument may not be inlined into the SQL or changed on the way), which is checked then.
 * Other parameters (constants in `build`) are kept as compiled.
 */
export function compiledOnce<Args extends (string | number)[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Executor, { query: CompiledQuery<Row>; slots: number[] }>();
  const placeholder = (i: number) => `\u0000compiled-once argument ${i}\u0000`;
  const prepare = (db: Executor, count: number) => {
    const args = Array.from({ length: count }, (_, i) => placeholder(i)) as Args;
    const query = build(db, ...args).compile();
    const slots = query.parameters.map((p) => args.indexOf(p as string));
    for (let i = 0; i < count; i++) {
      if (slots.filter((s) => s === i).length !== 1)
        throw new Error(`compiledOnce: argument ${i} is not exactly one parameter of the query`);
    }
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  };
  return async (db, ...args) => {
    const { query, slots } = compiled.get(db) ?? prepare(db, args.length);
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    const result = await db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
    return result.rows;
  };
}
