import { createQueryId, type CompiledQuery, type Compilable, type Selectable } from 'kysely';
import type { Db, Executor } from './connection';

type Compiled<Row> = { query: CompiledQuery<Row>; slots: number[] };

/**
 * Builds and compiles `build`'s query with a placeholder for each argument, and finds where each
 * placeholder lands among the compiled query's parameters: exactly once each (so an argument
 * may not be inlined into the SQL or changed on the way), which is checked here.
 */
function compileWithSlots<Args extends (string | number)[], Row>(
  name: string,
  build: (db: Executor, ...args: Args) => Compilable<Row>,
  db: Executor,
  count: number,
): Compiled<Row> {
  const args = Array.from(
    { length: count },
    (_, i) => `\u0000compiled-once argument ${i}\u0000`,
  ) as Args;
  const query = build(db, ...args).compile();
  const slots = query.parameters.map((p) => args.indexOf(p as string));
  for (let i = 0; i < count; i++) {
    if (slots.filter((s) => s === i).length !== 1)
      throw new Error(`${name}: argument ${i} is not exactly one parameter of the query`);
  }
  return { query, slots };
}

/** The compiled query's parameters with this call's arguments in their slots. */
function parametersOf<Row>({ query, slots }: Compiled<Row>, args: unknown[]): unknown[] {
  return query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
}

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
  const compiled = new WeakMap<Executor, Compiled<Row>>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry)
      compiled.set(db, (entry = compileWithSlots('compiledOnce', build, db, args.length)));
    const parameters = parametersOf(entry, args);
    const result = await db.executeQuery<Row>({
      ...entry.query,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  };
}

/**
 * compiledOnce for a read on a hot path, outside transactions, answered as each row's values in
 * the select list's order (Db.prepareValues, decision 248); `valuesOf` reads them back by column
 * name. The query is still built with Kysely's types, once, and prepared once per database.
 */
export function compiledValues<Args extends (string | number)[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<unknown[][]> {
  type Entry = Compiled<Row> & { run: ReturnType<Db['prepareValues']> };
  const compiled = new WeakMap<Executor, Entry>();
  const prepare = (db: Db, count: number): Entry => {
    const entry = compileWithSlots('compiledValues', build, db.kysely, count);
    return { ...entry, run: db.prepareValues(entry.query.sql) };
  };
  return async (db, ...args) => {
    let entry = compiled.get(db.kysely);
    if (!entry) compiled.set(db.kysely, (entry = prepare(db, args.length)));
    return entry.run(parametersOf(entry, args));
  };
}

/**
 * Reads a value of a row answered by compiledValues by its column's name, typed from the table:
 * `columns` is the query's select list, in order.
 */
export function valuesOf<Row, const Columns extends readonly (keyof Selectable<Row> & string)[]>(
  columns: Columns,
): <C extends Columns[number]>(values: readonly unknown[], column: C) => Selectable<Row>[C] {
  const at = Object.fromEntries(columns.map((c, i) => [c, i])) as Record<Columns[number], number>;
  return (values, column) => values[at[column]] as Selectable<Row>[typeof column];
}
