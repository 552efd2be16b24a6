import type { Readable } from 'node:stream';
import { jsonChunks } from './json-chunks';
import type {
  FastifyInstance,
  FastifyReply,
  FastifySerializerCompiler,
  preValidationHookHandler,
} from 'fastify';
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
  // such a route carries the hook (decision 255).
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

/** A JSON Schema as assertPlain accepts it: plain objects, arrays and scalars. */
interface PlainSchema {
  type?: string | string[];
  properties?: Record<string, PlainSchema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: PlainSchema;
}

/** What a scalar of each JSON Schema type must be (as zod checks it on output). */
const SCALAR_CHECKS: Record<string, string> = {
  string: "typeof v === 'string'",
  number: 'Number.isFinite(v)',
  integer: 'Number.isSafeInteger(v)',
  boolean: "typeof v === 'boolean'",
  null: 'v === null',
};

/**
 * Adds to `functions` the source of a function that copies a value of `schema` (found at
 * `path` in the answer): an object gets exactly its declared properties, in the declared order,
 * and a missing required one throws; an array is copied item by item; a scalar of another type
 * throws. Objects are written as object literals, so every copy of one schema has one shape.
 * Returns the function's name.
 */
function projectorSource(schema: PlainSchema, path: string, functions: string[]): string {
  const index = functions.push('') - 1;
  const name = `p${index}`;
  const types = [schema.type ?? []].flat();
  // One way to fail, usable as a statement or inside the object literal below.
  const fail = (message: string) => `missing(${JSON.stringify(message)})`;
  const orNull = types.includes('null') ? 'if (v === null) return null; ' : '';
  let body: string;
  if (types.includes('object') && schema.properties) {
    // A loose or catch-all object keeps undeclared properties, which a copy would drop.
    if (schema.additionalProperties !== false)
      throw new Error(
        `compiledSerializer: ${path} keeps undeclared properties; keep the zod serializer`,
      );
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties).map(([key, child]) => {
      // In an object literal this name would set the prototype, not a property.
      if (key === '__proto__')
        throw new Error(
          `compiledSerializer: ${path} declares "__proto__"; keep the zod serializer`,
        );
      const at = JSON.stringify(key);
      const copy = projectorSource(child, `${path}.${key}`, functions);
      const absent = required.has(key) ? fail(`${path}.${key} is required`) : 'undefined';
      return `${at}: v[${at}] === undefined ? ${absent} : ${copy}(v[${at}])`;
    });
    body =
      `${orNull}if (typeof v !== 'object' || v === null || Array.isArray(v)) ${fail(`${path} must be an object`)}; ` +
      `return { ${entries.join(', ')} };`;
  } else if (types.includes('array') && schema.items) {
    const item = projectorSource(schema.items, `${path}[]`, functions);
    body =
      `${orNull}if (!Array.isArray(v)) ${fail(`${path} must be an array`)}; const out = new Array(v.length); ` +
      `for (let i = 0; i < v.length; i++) out[i] = ${item}(v[i]); return out;`;
  } else if (types.length) {
    const checks = types
      .map((t) => (Object.hasOwn(SCALAR_CHECKS, t) ? SCALAR_CHECKS[t] : 'false'))
      .join(' || ');
    body = `if (!(${checks})) ${fail(`${path} must be ${types.join(' or ')}`)}; return v;`;
  } else body = 'return v;';
  functions[index] = `function ${name}(v) { ${body} }`;
  return name;
}

function missing(message: string): never {
  throw new Error(message);
}

/**
 * The serializer compiler of a hot read route (decision 248): its 200 answer is a copy of the
 * value holding only the declared properties (as zod's object strips the others), made by code
 * generated once at start from the JSON Schema of the declared zod schema (the schema the
 * OpenAPI document shows, which stays the route's declared one), then written by JSON.stringify.
 * A missing required property or a value of another type fails the answer, as zod would; length
 * and range limits are not checked again (the values came from the database). Against
 * fast-json-stringify, which it replaced, it saves about 6 us of a 220 us history read: one flat
 * string instead of hundreds of joined pieces the socket had to flatten. Only schemas of plain
 * objects, arrays, strings, numbers, booleans and nulls are accepted; anything else throws at start.
 */
export const compiledSerializer: FastifySerializerCompiler<unknown> = (route) => {
  if (route.httpStatus !== '200') return serializerCompiler(route as never);
  const json = z.toJSONSchema(route.schema as z.ZodType, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
  });
  assertPlain(json, `${route.method} ${route.url}`);
  const functions: string[] = [];
  const root = projectorSource(json as PlainSchema, 'answer', functions);
  // The generated code holds only property names and paths, each as a JSON string literal.
  const project = new Function('missing', `${functions.join('\n')}\nreturn ${root};`)(missing) as (
    data: unknown,
  ) => unknown;
  return (data: unknown) => JSON.stringify(project(data));
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

/**
 * JSON already serialised and encoded as UTF-8 (made off the event loop). Fastify sends a
 * buffer as it is; the reply is marked as JSON, which it would otherwise not be.
 */
export function serialisedJsonBytes<T>(reply: FastifyReply, json: Buffer | Readable): T {
  reply.type('application/json; charset=utf-8');
  return json as unknown as T;
}

/** Serialised JSON that may be large: over 32 KB it is sent in chunks (json-chunks.ts). */
export function serialisedLargeJson<T>(reply: FastifyReply, json: string): T {
  return json.length > LARGE_JSON
    ? serialisedJsonBytes<T>(reply, jsonChunks([json]))
    : serialisedJson<T>(json);
}
const LARGE_JSON = 32 * 1024;
