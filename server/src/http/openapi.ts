import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
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
  // A route with a body schema sees `{}` when no body was sent, as the handlers always did.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
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

/** JSON Schema keywords compiledSerializer writes exactly as zod would (plain data only). */
const PLAIN_KEYWORDS = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'description',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
]);

function assertPlain(schema: unknown, where: string): void {
  if (typeof schema !== 'object' || schema === null) return;
  for (const [key, value] of Object.entries(schema)) {
    const mixed =
      key === 'type' && Array.isArray(value) && value.filter((t) => t !== 'null').length > 1;
    if (!PLAIN_KEYWORDS.has(key) || mixed)
      throw new Error(`compiledSerializer: ${where} uses "${key}"; keep the zod serializer`);
    if (key === 'properties')
      for (const [name, s] of Object.entries(value as object)) assertPlain(s, `${where}.${name}`);
    else if (key === 'items') assertPlain(value, `${where}[]`);
  }
}

/**
 * The serializer compiler of a hot read route (decision 248): its 200 answer is written by
 * fast-json-stringify, compiled once at start from the JSON Schema of the declared zod schema
 * (the schema the OpenAPI document shows, which stays the route's declared one); other statuses
 * go through zod as on every route. It writes only the declared properties (as zod's object
 * strips others) and fails the answer when a required one is missing, but does not check the
 * values' types again at run time (the handler's TypeScript types hold them): that check and
 * JSON.stringify were the zod serializer's cost. Only schemas of plain objects, arrays,
 * strings, numbers, booleans and nulls are accepted; anything else throws at start.
 */
export const compiledSerializer: FastifySerializerCompiler<unknown> = (route) => {
  if (route.httpStatus !== '200') return serializerCompiler(route as never);
  const json = z.toJSONSchema(route.schema as z.ZodType, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
  });
  assertPlain(json, `${route.method} ${route.url}`);
  return fastJsonStringify(json as Schema);
};

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
