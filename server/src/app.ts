import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import { DEFAULT_PLAN_CONFIG, type PlanConfig } from '@doublecast/common/plans';
import type { AppContext } from './app-context';
import type { Db } from './db/connection';
import type { Env } from './env';
import type { AuthPort } from './http/auth-guard';
import { installCsrfGuard } from './http/csrf';
import { installCompression } from './http/compression';
import { installEtags } from './http/etag';
import { hardenedServerOptions, installInputGuards } from './http/input-guards';
import { answerRestarting, installErrorHandler } from './http/errors';
import { installRateLimits } from './http/rate-limit';
import { createPgNotifications } from './adapters/shared-state/pg-notifications';
import { shareVoiceCacheInvalidation } from './features/voices/voices.service';
import { createPgMetricEvents } from './adapters/shared-state/pg-metric-events';
import { pgRateLimitStore } from './adapters/shared-state/pg-rate-limit-store';
import { installApiDocs, installContracts } from './http/openapi';
import { installSecurityHeaders } from './http/security-headers';
import { installWebApp } from './http/web-app';
import { systemClock, type Clock } from './lib/clock';
import { createAuthEngine } from './features/auth/auth-engine';
import { authRoutes } from './features/auth/auth.routes';
import { createAccountsAuth, isAccountsAuth } from './features/auth/session-auth';
import {
  createInProcessSessionEvents,
  createPgSessionEvents,
} from './features/auth/session-events';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { adminRoutes } from './features/admin/admin.routes';
import { voicesAdminRoutes } from './features/admin/voices/voices-admin.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { blogRoutes } from './features/blog/blog.routes';
import { blogAdminRoutes } from './features/blog/blog-admin.routes';
import { blogShareRoutes } from './features/blog/blog-share.routes';
import { blogPostShellPage } from './features/blog/blog-share.service';
import { practiceShellPages } from './features/rehearsal/practice-pages';
import { contactRoutes } from './features/contact/contact.routes';
import {
  createConfiguredEngine,
  createVoiceServices,
  syncVoicesAtStart,
  type SynthesisTuning,
} from './features/voices/voices.setup';
import { voicesRoutes } from './features/voices/voices.routes';
import type { VoiceEngine } from './features/voices/engines/engine';
import { healthRoutes } from './features/health/health.routes';
import { planRoutes } from './features/plans/plans.routes';
import { addSampleScript } from './features/scripts/scripts.service';
import { rehearsalRoutes } from './features/rehearsal/rehearsal.routes';
import { rehearsalRunRoutes } from './features/rehearsal/runs.routes';
import { pronunciationsRoutes } from './features/pronunciations/pronunciations.routes';
import { scriptsRoutes } from './features/scripts/scripts.routes';
import { sessionRoutes } from './features/session/session.routes';
import { usageRoutes } from './features/usage/usage.routes';
import { createStorage } from './adapters/storage/create-storage';
import { startBoss } from './adapters/synthesis-queue/boss';
import {
  createQueuedEngine,
  QUEUE_NEEDS_POSTGRES_MESSAGE,
} from './adapters/synthesis-queue/queued-engine';
import type { StoragePort } from './adapters/storage/storage.types';
import type { SynthesisPort } from './features/voices/synthesis.types';
import { readingsRoutes } from './features/readings/readings.routes';
import { createInProcessMetricEvents, type MetricEventBus } from './shared/metric-events';
import { monitorRoutes } from './features/admin/monitor/monitor.routes';
import { preferencesRoutes } from './features/preferences/preferences.routes';

export interface CreateAppOptions {
  env: Env;
  db: Db;
  clock?: Clock;
  auth?: AuthPort;
  /** Audio file storage; default the one STORAGE_URL names (local disk under DATA_DIR/audio). */
  storage?: StoragePort;
  mailer?: Mailer;
  /** Logger settings; tests pass false. */
  logger?: boolean | { level: string };
  /** The voice engine (tests inject fakes); default: ElevenLabs with a key, else the local engines. */
  engine?: VoiceEngine;
  /**
   * What readings and rehearsal lines are synthesised through: a stand-in, or a wrapper around
   * the app's own service (tests count or fail calls with it); default the service over `engine`.
   */
  synthesis?: SynthesisPort | ((own: SynthesisPort) => SynthesisPort);
  synthesisTuning?: SynthesisTuning;
  /** New metric rows' publish/subscribe; default in-process (decision 221). */
  metricEvents?: MetricEventBus;
}

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (the CSRF test of docs/glossary.md#S4 walks it). */
    routeTable: RouteEntry[];
  }
}

/**
 * One log line per request (decision 248): Fastify's "incoming request" line is left out and
 * the completion line carries the request (method, redacted URL, id, address) beside the status
 * and the time taken. Two synchronous writes per request were about 6% of a signed-in read's CPU.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** Builds the HTTP app without listening, so tests can inject requests in-process. */
export async function createApp(
  options: CreateAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { env, db } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      serializers: { req: hardenedServerOptions.requestSerializer },
    },
    logController: new OneLinePerRequest(),
    // Request ids are ours, never taken from the client.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: hardenedServerOptions.frameworkErrors,
  });
  installInputGuards(app);

  const plans: PlanConfig = {
    ...DEFAULT_PLAN_CONFIG,
    monthlyPrice: env.PRICE_MONTHLY,
    annualPrice: env.PRICE_ANNUAL,
    postLaunchMonthlyPrice: env.PRICE_POST_LAUNCH_MONTHLY,
    launchEndsAt: env.LAUNCH_ENDS_AT,
  };
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? createMailer(env, app.log);
  // On PostgreSQL, state that every server process must see goes through the database
  // (decision 241): rate limits, failed sign-ins, the monitor's live events, catalogue changes.
  const notifications =
    db.dialect === 'postgres' && db.url ? createPgNotifications({ db, log: app.log }) : null;
  const storage = options.storage ?? createStorage(env);
  // Queue mode (decision 242): syntheses are pg-boss jobs that worker processes run; this
  // process keeps the catalogue, the checks, the cache and the charging.
  const ownEngine = options.engine ? null : createConfiguredEngine(env, app.log);
  // The engine this app made stops with it (the neural models' worker threads).
  if (ownEngine) app.addHook('onClose', async () => ownEngine.close?.());
  let engine = options.engine ?? ownEngine!;
  let tuning = options.synthesisTuning;
  if (env.SYNTHESIS_QUEUE === 'postgres') {
    if (!notifications || !db.url) throw new Error(QUEUE_NEEDS_POSTGRES_MESSAGE);
    const boss = await startBoss({ url: db.url, role: 'api', log: app.log, max: 4 });
    const queued = createQueuedEngine({
      base: engine,
      boss,
      notifications,
      storage,
      log: app.log,
      job: {
        expireInSeconds: env.SYNTHESIS_JOB_EXPIRE_SECONDS,
        heartbeatSeconds: env.SYNTHESIS_JOB_HEARTBEAT_SECONDS,
      },
    });
    await notifications.ready();
    engine = queued;
    // The pool bounds the jobs this process has queued, not engine processes on its cores.
    tuning = {
      concurrency: env.SYNTHESIS_QUEUE_JOBS_PER_SERVER,
      maxQueue: env.SYNTHESIS_QUEUE_JOBS_PER_SERVER * 4,
      ...options.synthesisTuning,
    };
    // Before the notifications close below: cancelling a job announces it.
    app.addHook('onClose', async () => {
      await queued.close();
      await boss.stop({ graceful: false, close: true });
    });
  }
  const metricEvents =
    options.metricEvents ??
    (notifications
      ? createPgMetricEvents(notifications, app.log)
      : createInProcessMetricEvents(app.log));
  app.addHook('onClose', async () => {
    await metricEvents.close();
    await notifications?.close();
  });
  // Session and user changes reach every process's session cache (decision 233).
  const sessionEvents = notifications
    ? createPgSessionEvents(notifications, app.log)
    : createInProcessSessionEvents(app.log);
  if (notifications) {
    const stop = shareVoiceCacheInvalidation(db, notifications);
    app.addHook('onClose', async () => stop());
  }
  const voices = createVoiceServices({
    env,
    db,
    metricEvents,
    clock: options.clock ?? systemClock,
    log: app.log,
    engine,
    tuning,
  });
  const ctx: AppContext = {
    env,
    db,
    clock,
    log: app.log,
    plans,
    auth:
      options.auth ??
      createAccountsAuth({
        env,
        db,
        clock,
        sessionEvents,
        log: app.log,
        engine: createAuthEngine({
          env,
          db,
          clock,
          mailer,
          sessionEvents,
          // A new account finds a sample scene in its scripts (issue 30).
          onUserCreated: (userId) =>
            addSampleScript({ db, clock }, { userId }).catch((err: unknown) =>
              app.log.error({ err, userId }, 'could not add the sample scene'),
            ),
        }),
      }),
    sessionEvents,
    mailer,
    synthesis:
      typeof options.synthesis === 'function'
        ? options.synthesis(voices.synthesis)
        : (options.synthesis ?? voices.synthesis),
    workerPool: voices.pool,
    voiceEngine: voices.engine,
    storage,
    metricEvents,
    lifecycle: { closing: false },
  };

  // Last-seen times still waiting are written before the database is closed.
  const accounts = ctx.auth;
  if (isAccountsAuth(accounts)) app.addHook('onClose', async () => accounts.flush());
  // A store the app made is the app's to close; one passed in belongs to the caller.
  if (!options.storage) app.addHook('onClose', async () => ctx.storage.close?.());

  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  await app.register(fastifyCookie);
  await installSecurityHeaders(app, {
    hsts: env.NODE_ENV === 'production' && env.APP_URL.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (!ctx.lifecycle.closing) return done();
    void answerRestarting(reply);
  });
  installCsrfGuard(app, {
    allowedOrigins: [new URL(env.APP_URL).origin],
    exemptPaths: [STRIPE_WEBHOOK_PATH],
  });
  installErrorHandler(app);
  installEtags(app);
  await installCompression(app);
  await installRateLimits(
    app,
    clock,
    notifications ? pgRateLimitStore(db, clock, app.log) : undefined,
  );
  await installContracts(app);

  await app.register(healthRoutes(ctx));
  await app.register(planRoutes(ctx), { prefix: '/api' });
  await app.register(sessionRoutes(ctx), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(contactRoutes(ctx), { prefix: '/api' });
  await app.register(blogRoutes(ctx), { prefix: '/api' });
  await app.register(blogShareRoutes(ctx));
  await app.register(analyticsRoutes(ctx), { prefix: '/api' });
  await syncVoicesAtStart(ctx);
  await app.register(voicesRoutes(ctx, { synthesis: voices.synthesis }), { prefix: '/api' });
  await app.register(billingRoutes(ctx), { prefix: '/api' });
  await app.register(usageRoutes(ctx), { prefix: '/api' });
  await app.register(readingsRoutes(ctx), { prefix: '/api' });
  await app.register(preferencesRoutes(ctx), { prefix: '/api' });
  await app.register(scriptsRoutes(ctx), { prefix: '/api' });
  await app.register(rehearsalRoutes(ctx), { prefix: '/api' });
  await app.register(rehearsalRunRoutes(ctx), { prefix: '/api' });
  await app.register(pronunciationsRoutes(ctx), { prefix: '/api' });
  await app.register(adminRoutes(ctx), { prefix: '/api' });
  await app.register(voicesAdminRoutes(ctx), { prefix: '/api' });
  await app.register(blogAdminRoutes(ctx), { prefix: '/api' });
  await app.register(monitorRoutes(ctx), { prefix: '/api' });
  await app.register(messagesRoutes(ctx), { prefix: '/api' });

  await installApiDocs(app, { adminOnly: env.NODE_ENV === 'production', auth: ctx.auth });

  await installWebApp(
    app,
    env.WEB_DIST_DIR ?? path.resolve('web/dist'),
    [blogPostShellPage(ctx), ...practiceShellPages(ctx)],
    new URL(env.APP_URL).origin,
  );
  return { app, ctx };
}
