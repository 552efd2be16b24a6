import { createApp } from './app';
import { connect } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { dataPath, loadEnvOrExit } from './env';
import { startAudioRetentionJob } from './jobs/audio-retention.job';

/** Process entry: env -> db -> migrations -> listen -> graceful shutdown (docs/glossary.md#R4). */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const db = connect({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: env.SQLITE_FILE ?? dataPath(env, 'doublecast.sqlite'),
    onIdleError: (err) =>
      console.warn(`database: an idle connection was lost (${err.message}); it will be replaced`),
  });
  await migrateToLatest(db);
  const { app, ctx } = await createApp({ env, db });
  await app.listen({ host: env.HOST, port: env.PORT });
  const retention = startAudioRetentionJob(ctx);
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY) {
    // Out of the box the product runs with the built-in test-mode checkout (decision 005).
    app.log.warn(
      'Billing is in TEST MODE: anyone signed in can subscribe without paying. Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the price ids to take real payments.',
    );
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    app.log.warn(
      'No SMTP_URL: mail is written to the outbox folder and sign-in links are logged. Set SMTP_URL before real users sign up.',
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    ctx.lifecycle.closing = true;
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await retention.stop();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
