import type { PgBoss } from 'pg-boss';
import { PG_BOSS_SCHEMA, SYNTHESIS_QUEUE_NAME } from './queue-protocol';

type Log = { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };

/**
 * A started pg-boss on the product's PostgreSQL database (decision 242), with the synthesis queue
 * made if it is missing. The API's instance only sends and cancels; a worker's also supervises
 * (expiry, heartbeats: a job whose worker died is retried within seconds), and wakes on NOTIFY.
 */
export async function startBoss(options: {
  url: string;
  role: 'api' | 'worker';
  log: Log;
  /** Connections pg-boss may hold (its own pool, beside the product's). */
  max: number;
  /** How often a worker checks for dead workers' jobs (the heartbeat check), in seconds. */
  superviseSeconds?: number;
}): Promise<PgBoss> {
  const worker = options.role === 'worker';
  // Loaded only where the queue runs (SYNTHESIS_QUEUE=postgres), not by every server's start.
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    connectionString: options.url,
    schema: PG_BOSS_SCHEMA,
    max: options.max,
    application_name: `doublecast-${options.role}`,
    instanceName: `doublecast-${options.role}`,
    supervise: worker,
    superviseIntervalSeconds: options.superviseSeconds ?? 2,
    monitorIntervalSeconds: options.superviseSeconds ?? 2,
    schedule: false,
    useListenNotify: worker,
    openTelemetry: { enabled: false },
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => options.log.warn({ warning }, 'job queue warning'));
  await boss.start();
  if (!(await boss.getQueue(SYNTHESIS_QUEUE_NAME))) {
    // Two processes starting at once may both try; the loser finds the queue made.
    await boss
      .createQueue(SYNTHESIS_QUEUE_NAME, { notify: true, retryLimit: 1, retryDelay: 0 })
      .catch(async (err: unknown) => {
        if (!(await boss.getQueue(SYNTHESIS_QUEUE_NAME))) throw err;
      });
  }
  return boss;
}
