import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db, Dialect } from './connection';
import type { MigrationDb } from './migration-db';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-users';
import * as m0003 from './migrations/0003-auth';
import * as m0004 from './migrations/0004-voices';
import * as m0005 from './migrations/0005-billing';
import * as m0006 from './migrations/0006-studio';
import * as m0007 from './migrations/0007-scripts';
import * as m0008 from './migrations/0008-blog';
import * as m0009 from './migrations/0009-reading-requests';
import * as m0010 from './migrations/0010-provider-costs';
import * as m0012 from './migrations/0012-audio-retention';
import * as m0013 from './migrations/0013-billing-current-subscription';
import * as m0014 from './migrations/0014-admin';
import * as m0015 from './migrations/0015-blog-slug-redirects';
import * as m0016 from './migrations/0016-admin-users-tier-columns';
import * as m0019 from './migrations/0019-monitor-rollup';
import * as m0020 from './migrations/0020-monitor-coarse-rollups';
import * as m0021 from './migrations/0021-shared-counters';
import * as m0023 from './migrations/0023-history-page-index';
import * as m0026 from './migrations/0026-failed-attempts';
import * as m0030 from './migrations/0030-committed-charges';
import * as m0031 from './migrations/0031-rehearsal-lines';
import * as m0035 from './migrations/0035-sample-scripts';
import * as m0036 from './migrations/0036-rehearsal-runs';
import * as m0050 from './migrations/0050-characters-total-from-ledger';
import * as m0055 from './migrations/0055-pronunciations';
import * as m0056 from './migrations/0056-script-line-directions';

/**
 * Every migration, in order. Each file exports `up(db, dialect)`; the same files run on SQLite
 * and PostgreSQL. `db` is the migrator's own connection: use it, never the app's, or the single
 * SQLite connection deadlocks. New migrations are added here by name (explicit wiring, no directory scan,
 * so the bundled server needs no migration files on disk).
 */
export type { MigrationDb };

const migrations: Record<string, { up: (db: MigrationDb, dialect: Dialect) => Promise<void> }> = {
  '0001-foundation': m0001,
  '0002-users': m0002,
  '0003-auth': m0003,
  '0004-voices': m0004,
  '0005-billing': m0005,
  '0006-studio': m0006,
  '0007-scripts': m0007,
  '0008-blog': m0008,
  '0009-reading-requests': m0009,
  '0010-provider-costs': m0010,
  '0012-audio-retention': m0012,
  '0013-billing-current-subscription': m0013,
  '0014-admin': m0014,
  '0015-blog-slug-redirects': m0015,
  '0016-admin-users-tier-columns': m0016,
  '0019-monitor-rollup': m0019,
  '0020-monitor-coarse-rollups': m0020,
  '0021-shared-counters': m0021,
  '0023-history-page-index': m0023,
  '0026-failed-attempts': m0026,
  '0030-committed-charges': m0030,
  '0031-rehearsal-lines': m0031,
  '0035-sample-scripts': m0035,
  '0036-rehearsal-runs': m0036,
  '0050-characters-total-from-ledger': m0050,
  '0055-pronunciations': m0055,
  '0056-script-line-directions': m0056,
};

/**
 * Runs every migration not yet applied. Numbers are handed out to work landing in parallel, so a
 * lower number may land after a higher one has run (0010 after 0014): such a migration runs
 * then, instead of stopping the start. Each runs in a transaction on both databases: one that
 * fails changes nothing. `skip` leaves migrations out and `extra` adds some (tests only).
 */
export async function migrateToLatest(
  db: Db,
  options: { skip?: readonly string[]; extra?: typeof migrations } = {},
): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries({ ...migrations, ...options.extra })
          .filter(([name]) => !options.skip?.includes(name))
          .map(([name, m]): [string, Migration] => [name, { up: (trx) => m.up(trx, db.dialect) }]),
      ),
  };
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
