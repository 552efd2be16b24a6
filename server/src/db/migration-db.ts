import type { Kysely } from 'kysely';

/** What a migration writes through (db/migrate.ts runs them; a migration imports only this). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then, not as it is now
export type MigrationDb = Kysely<any>;
