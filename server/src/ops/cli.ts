import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '../db/connection';
import { dataPath, loadEnvOrExit } from '../env';
import { createStorage } from '../adapters/storage/create-storage';
import { createLocalStorage } from '../adapters/storage/local-storage';
import { backupSqlite, moveInstallation } from './move-installation';

const USAGE = `Usage (settings come from the environment, as for the server):
  node server/dist/ops.js backup-sqlite <backup-file>
      A consistent copy of the running server's SQLite database (online backup API).
  node server/dist/ops.js move-to-postgres [--from-sqlite <file>] [--from-audio <folder>]
      Copies the SQLite installation (default SQLITE_FILE or DATA_DIR/doublecast.sqlite) into the
      empty PostgreSQL database DATABASE_URL, and, when STORAGE_URL is set, the audio folder
      (default DATA_DIR/audio) into that store. docs/deploy.md has the whole procedure.`;

/** Operator commands (docs/deploy.md), built to server/dist/ops.js. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const env = loadEnvOrExit();
  const sqliteFile = env.SQLITE_FILE ?? dataPath(env, 'doublecast.sqlite');
  if (command === 'backup-sqlite' && rest.length === 1) {
    await backupSqlite(sqliteFile, path.resolve(rest[0]!));
    console.log(`Backed up ${sqliteFile} to ${path.resolve(rest[0]!)} (integrity check ok)`);
    return 0;
  }
  if (command === 'move-to-postgres') {
    const { values } = parseArgs({
      args: rest,
      options: { 'from-sqlite': { type: 'string' }, 'from-audio': { type: 'string' } },
    });
    if (!env.DATABASE_URL) {
      console.error('DATABASE_URL must name the PostgreSQL database to move into');
      return 1;
    }
    const target = connect({ databaseUrl: env.DATABASE_URL });
    const to = env.STORAGE_URL ? createStorage(env) : null;
    try {
      const report = await moveInstallation({
        sqliteFile: path.resolve(values['from-sqlite'] ?? sqliteFile),
        target,
        audio: to
          ? {
              from: createLocalStorage(
                path.resolve(values['from-audio'] ?? dataPath(env, 'audio')),
              ),
              to,
            }
          : undefined,
        log: (line) => console.log(line),
      });
      const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Moved ${rows} rows in ${Object.keys(report.tables).length} tables` +
          (to ? ` and ${report.files.copied} audio files (${report.files.bytes} bytes)` : '') +
          '. Now start the servers with DATABASE_URL' +
          (to ? ' and STORAGE_URL.' : '.'),
      );
      return 0;
    } finally {
      to?.close?.();
      await target.close();
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
