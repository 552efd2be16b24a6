import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MONITOR_MAX_STREAMS_PER_ADMIN,
  MONITOR_TEXTS,
  monitorCardsSchema,
  monitorHourlySchema,
  monitorProvidersSchema,
  monitorQuerySchema,
  monitorRecentSchema,
  monitorTopVoicesSchema,
  monitorTrendsSchema,
} from '@doublecast/common/monitor';
import type { AppContext } from '../../../app-context';
import { adminOnly } from '../../../http/auth-guard';
import { hijackForStream } from '../../../http/hijack';
import { errorResponses } from '../../../http/openapi';
import { AppError } from '../../../lib/app-error';
import {
  getCards,
  getHourly,
  getProviders,
  getRecent,
  getRecentRequest,
  getTopVoices,
  getTrends,
} from './monitor.service';

const read = errorResponses(400, 401, 403);

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** A stream whose reader lets this much pile up is dropped instead of buffered. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The voice-provider monitor (docs/glossary.md#admin-monitor, docs/decisions/220-voice-provider-monitor.md):
 * one route per panel, each an SQL aggregation over the hourly rollup, and GET
 * /api/admin/monitor/events, a server-sent event stream that pushes each new metric row.
 */
export function monitorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Open streams per admin id, and every open stream (ended when the server closes). */
  const streamsByAdmin = new Map<string, number>();
  const open = new Set<ServerResponse>();

  return async (app) => {
    // Admins only, checked before any input is read; nothing here is cached (auth-guard.ts).
    const adminOf = adminOnly(app, ctx.auth);
    // Streams never end on their own: end them so the server can close.
    app.addHook('preClose', async () => {
      for (const res of open) res.end();
    });

    const panel = { querystring: monitorQuerySchema };
    app.get(
      '/admin/monitor/cards',
      { schema: { ...panel, response: { 200: monitorCardsSchema, ...read } } },
      async (request) => getCards(ctx, request.query.range),
    );
    app.get(
      '/admin/monitor/trends',
      { schema: { response: { 200: monitorTrendsSchema, ...read } } },
      async () => getTrends(ctx),
    );
    app.get(
      '/admin/monitor/hourly',
      { schema: { ...panel, response: { 200: monitorHourlySchema, ...read } } },
      async (request) => getHourly(ctx, request.query.range),
    );
    app.get(
      '/admin/monitor/voices',
      { schema: { ...panel, response: { 200: monitorTopVoicesSchema, ...read } } },
      async (request) => getTopVoices(ctx, request.query.range),
    );
    app.get(
      '/admin/monitor/recent',
      { schema: { ...panel, response: { 200: monitorRecentSchema, ...read } } },
      async (request) => getRecent(ctx, request.query.range),
    );
    app.get(
      '/admin/monitor/providers',
      { schema: { response: { 200: monitorProvidersSchema, ...read } } },
      async () => getProviders(ctx),
    );

    app.get(
      '/admin/monitor/events',
      {
        // A HEAD would hold a stream open with nothing to read.
        exposeHeadRoute: false,
        schema: {
          response: {
            200: z
              .string()
              .describe(
                'text/event-stream: "ready" once subscribed, then a "metric" event (data: a recent ' +
                  'request as JSON, as in /admin/monitor/recent) for each new metric row',
              ),
            ...read,
            ...errorResponses(429),
          },
        },
      },
      async (request, reply) => {
        const admin = adminOf(request);
        const mine = streamsByAdmin.get(admin.id) ?? 0;
        if (mine >= MONITOR_MAX_STREAMS_PER_ADMIN)
          throw new AppError('resource-exhausted', MONITOR_TEXTS.tooManyStreams);
        streamsByAdmin.set(admin.id, mine + 1);

        const res = hijackForStream(reply, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'private, no-store',
          connection: 'keep-alive',
          // Nginx and similar proxies pass each event on at once.
          'x-accel-buffering': 'no',
        });
        open.add(res);

        const send = (chunk: string) => {
          if (res.writableEnded || res.destroyed) return;
          res.write(chunk);
          if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
        };
        const unsubscribe = ctx.metricEvents.subscribe((event) => {
          getRecentRequest(ctx, event.id)
            .then((row) => {
              if (row) send(`event: metric\nid: ${row.id}\ndata: ${JSON.stringify(row)}\n\n`);
            })
            .catch((err: unknown) => request.log.warn({ err }, 'monitor event lookup failed'));
        });
        const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        // Whatever ends the stream (the reader leaves, the server closes, a slow reader is
        // dropped), everything it held goes with it, once.
        res.once('close', () => {
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(res);
          const left = (streamsByAdmin.get(admin.id) ?? 1) - 1;
          if (left > 0) streamsByAdmin.set(admin.id, left);
          else streamsByAdmin.delete(admin.id);
        });
        send('retry: 5000\nevent: ready\ndata: {}\n\n');
      },
    );
  };
}
