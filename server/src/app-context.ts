import type { FastifyBaseLogger } from 'fastify';
import type { PlanConfig } from '@doublecast/common/plans';
import type { Db } from './db/connection';
import type { Env } from './env';
import type { Mailer } from './features/mail/mailer';
import type { SynthesisPort } from './features/voices/synthesis.types';
import type { StoragePort } from './features/storage/storage.types';
import type { AuthPort } from './http/auth-guard';
import type { VoiceEngine } from './voices/engines/engine';
import type { Clock } from './lib/clock';
import type { WorkerPool } from './voices/worker-pool';
import type { MetricEventBus } from './features/admin/monitor/metric-events';
import type { SessionEvents } from './features/auth/session-events';

/**
 * What every feature may use, built once in app.ts (or by the test app) and passed to each
 * routes factory. Outside services (voices, mail, payments, storage) are adapters chosen from
 * configuration, each behind its own small interface.
 */
export interface AppContext {
  env: Env;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  plans: PlanConfig;
  auth: AuthPort;
  /**
   * Changes to sessions and users, published after they are committed, so every process's
   * session cache drops what they touch (features/auth/session-events.ts, decision 233).
   */
  sessionEvents: SessionEvents;
  /** Outgoing mail: SMTP, or the local .eml outbox (features/mail/mailer.ts). */
  mailer: Mailer;
  /** Voice synthesis over the active engine (features/voices/synthesis.service.ts). */
  synthesis: SynthesisPort;
  /**
   * The bounded pool of heavy audio jobs (voices/worker-pool.ts): syntheses and reader-track
   * assembly take a slot each, so neither can run more programs than there are cores.
   */
  workerPool: WorkerPool;
  /** The active voice engine (local or ElevenLabs); its voices are synced into the voices table. */
  voiceEngine: VoiceEngine;
  /** Where audio files live (features/storage): local disk under DATA_DIR/audio by default. */
  storage: StoragePort;
  /**
   * New provider metric rows, published after they are written (the monitor's real-time stream):
   * in-process by default (features/admin/monitor/metric-events.ts, decision 221).
   */
  metricEvents: MetricEventBus;
  lifecycle: { closing: boolean };
}
