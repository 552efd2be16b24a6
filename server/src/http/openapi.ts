import type { Readable } from 'node:stream';
import { INLINE_JSON_LIMIT, jsonChunks } from './json-chunks';
import type { FastifyInstance, FastifyReply, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AuthPort } from './auth-guard';
import { requireAdmin } from './auth-guard';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * Declared contracts (decision 146): routes declare params, query, body and response schemas
 * with zod; Fastify validates input and serialises output through them, and @fastify/swagger
 * turns the same schemas into the OpenAPI document. Call before any route is registered.
 */
export async function installContracts(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A route with a body schema sees `{}` when no body was sent, as the handlers always did. Only
  // such a route carries the hook (decision 248).
  const bodyOrEmpty: preValidationHookHandler = (request, _reply, done) => {
    if (request.body === undefined) request.body = {};
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.schema?.body)
      route.preValidation = [bodyOrEmpty, ...[route.preValidation ?? []].flat()];
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Doublecast API',
        version: '1.0.0',
        description:
          'Every error answers `{ error: { code, message, details? } }` (docs/decisions/004).',
      },
    },
    transform: jsonSchemaTransform,
  });
}

/**
 * GET /api/openapi.json and the readable reference at /api/docs (Swagger UI, served from the
 * npm package). In production only admins may read the reference and the document.
 */
export async function installApiDocs(
  app: FastifyInstance,
  options: { adminOnly: boolean; auth: AuthPort },
): Promise<void> {
  const guard = options.adminOnly
    ? async (request: Parameters<typeof requireAdmin>[1]) => {
        await requireAdmin(options.auth, request);
      }
    : async () => undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true }, onRequest: guard }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.swagger();
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { url: OPENAPI_PATH, docExpansion: 'list', deepLinking: false },
    uiHooks: { onRequest: guard },
  });
}

/** The one error shape (docs/decisions/004). */
export const errorResponseSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .describe('Error');

/** Response entries for the error statuses a route can answer with. */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** An answer with no body (204). */
export const noContentSchema = z.null().describe('No content');

/** An MP3 answer (streamed or whole): described, never serialised (streams and buffers skip it). */
export function mp3Response(description: string) {
  return {
    description,
    content: {
      'audio/mpeg': {
        schema: z.any().meta({
          type: 'string',
          format: 'binary',
          description: 'MP3 audio (44.1 kHz, 128 kbps)',
        }),
      },
    },
  };
}

/** An answer with no body for statuses such as 304 and 416. */
export function emptyResponse(description: string) {
  return {
    description,
    content: { 'text/plain': { schema: z.any().meta({ type: 'string', maxLength: 0 }) } },
  };
}

/**
 * JSON already serialised (a cached answer, or text made off the event loop). Fastify sends a
 * string as it is, so the route's response schema describes it without re-serialising it; the
 * feature's tests check such answers against the schema.
 */
export function serialisedJson<T>(json: string): T {
  return json as unknown as T;
}

/**
 * JSON already serialised and encoded as UTF-8 (made off the event loop). Fastify sends a
 * buffer as it is; the reply is marked as JSON, which it would otherwise not be.
 */
export function serialisedJsonBytes<T>(reply: FastifyReply, json: Buffer | Readable): T {
  reply.type('application/json; charset=utf-8');
  return json as unknown as T;
}

/** Serialised JSON that may be large: over INLINE_JSON_LIMIT it is sent in chunks. */
export function serialisedLargeJson<T>(reply: FastifyReply, json: string): T {
  return json.length > INLINE_JSON_LIMIT
    ? serialisedJsonBytes<T>(reply, jsonChunks([json]))
    : serialisedJson<T>(json);
}
