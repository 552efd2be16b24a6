import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connection';

/** An integer primary key that counts up, spelled for each database. */
export function autoIncrementId<T extends string>(
  dialect: Dialect,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
