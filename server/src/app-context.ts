import type { FastifyBaseLogger } from 'fastify';
import type { PlanConfig } from '@doublecast/common/plans';
import type { Db } from './db/connection';
import type { Env } from './env';
import type { Mailer } from './adapters/mail/mailer';
import type { SynthesisPort } from './features/voices/synthesis.types';
import type { StoragePort } from './adapters/storage/storage.types';
import type { AuthPort } from './http/auth-guard';
import type { VoiceEngine } from './features/voices/engines/engine';
import type { Clock } from './lib/clock';
import type { WorkerPool } from './lib/worker-pool';
import type { MetricEventBus } from './shared/metric-events';
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
  /** Outgoing mail: SMTP, or the local .eml outbox (adapters/mail/mailer.ts). */
  mailer: Mailer;
  /** Voice synthesis over the active engine (features/voices/synthesis.service.ts). */
  synthesis: SynthesisPort;
  /**
   * The bounded pool of heavy audio jobs (lib/worker-pool.ts): syntheses and reader-track
   * assembly take a slot each, so neither can run more programs than there are cores.
   */
  workerPool: WorkerPool;
  /** The active voice engine (local or ElevenLabs); its voices are synced into the voices table. */
  voiceEngine: VoiceEngine;
  /** Where audio files live (adapters/storage): local disk under DATA_DIR/audio by default. */
  storage: StoragePort;
  /**
   * New provider metric rows, published after they are written (the monitor's real-time stream):
   * in-process by default (shared/metric-events.ts, decision 221).
   */
  metricEvents: MetricEventBus;
  lifecycle: { closing: boolean };
}
