import os from 'node:os';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { connect } from '../../db/connection';
import type { Env } from '../../env';
import type { VoiceEngine } from '../../features/voices/engines/engine';
import { createPgNotifications } from '../shared-state/pg-notifications';
import { createStorage } from '../storage/create-storage';
import { createConfiguredEngine } from '../../features/voices/voices.setup';
import { startBoss } from './boss';
import { startSynthesisWorker } from './synthesis-worker';

export const WORKER_NEEDS_QUEUE_MESSAGE =
  'The synthesis worker needs SYNTHESIS_QUEUE=postgres and DATABASE_URL (PostgreSQL).';

/**
 * The worker process (server/dist/worker.js): the voice engines from the same settings as the
 * server, the store STORAGE_URL names, pg-boss on DATABASE_URL; SIGTERM or SIGINT finishes the
 * jobs in hand within SHUTDOWN_GRACE_MS and hands back the rest. `engine` replaces the configured
 * engines (tests).
 */
export async function runWorkerProcess(env: Env, engine?: VoiceEngine): Promise<void> {
  const log = pino({ level: env.LOG_LEVEL, base: { process: 'synthesis-worker' } });
  if (env.SYNTHESIS_QUEUE !== 'postgres' || !env.DATABASE_URL) {
    log.fatal(WORKER_NEEDS_QUEUE_MESSAGE);
    process.exit(1);
  }
  const db = connect({
    databaseUrl: env.DATABASE_URL,
    // Only for NOTIFY: pg-boss has its own pool.
    maxConnections: 2,
    onIdleError: (err) => log.warn({ err }, 'database: an idle connection was lost'),
  });
  const notifications = createPgNotifications({ db, log });
  const storage = createStorage(env);
  const concurrency = env.SYNTHESIS_WORKER_CONCURRENCY || os.availableParallelism();
  const boss = await startBoss({
    url: env.DATABASE_URL,
    role: 'worker',
    log,
    max: concurrency + 4,
    superviseSeconds: env.SYNTHESIS_QUEUE_SUPERVISE_SECONDS,
  });
  const worker = await startSynthesisWorker({
    boss,
    engine: engine ?? createConfiguredEngine(env, log as unknown as FastifyBaseLogger),
    storage,
    notifications,
    log,
    concurrency,
  });
  log.info({ storage: storage.location }, 'synthesis worker ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, running: worker.running() }, 'shutting down: finishing jobs in hand');
    const force = setTimeout(() => {
      log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS + 5000);
    force.unref();
    try {
      await worker.stop(env.SHUTDOWN_GRACE_MS);
      await notifications.close();
      storage.close?.();
      await db.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
