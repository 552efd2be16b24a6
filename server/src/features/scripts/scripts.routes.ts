import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  characterRenameInputSchema,
  lineReassignInputSchema,
  scriptArchiveInputSchema,
  scriptImportInputSchema,
  scriptImportResultSchema,
  scriptInputSchema,
  scriptListQuerySchema,
  scriptListSchema,
  scriptSchema,
  type ImportProgress,
  type ImportStreamLine,
  type Script,
  type ScriptImportResult,
} from '@doublecast/common/scripts';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import {
  errorResponses,
  noContentSchema,
  serialisedJsonBytes,
  serialisedLargeJson,
} from '../../http/openapi';
import { abortWhenClientLeaves } from '../../http/client-gone';
import { errorAnswer } from '../../http/errors';
import { hijackForStream } from '../../http/hijack';
import { INLINE_JSON_LIMIT } from '../../http/json-chunks';
import { rateLimiter } from '../../http/rate-limit';
import {
  createScript,
  getScriptJson,
  importScript,
  listUserScripts,
  reassignScriptLine,
  removeScript,
  renameScriptCharacter,
  saveScript,
  setScriptArchived,
} from './scripts.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * A create or save body: the 2,000,000-character text, escaped, with its corrected line split.
 * Bodies over 32 KB stay bytes here and are decoded, parsed and checked in the reading worker.
 */
const SCRIPT_BODY_LIMIT = 16 * 1024 * 1024;

/** A JSON body kept as its bytes, to be decoded and parsed off the event loop. */
class JsonBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** The body as the reading worker takes it: bytes when large, the parsed object when small. */
function rawBodyOf(body: unknown): unknown {
  return body instanceof JsonBytes ? body.bytes : (body ?? {});
}

/**
 * Create and save declare their body (scriptInputSchema) for the document, but the reading
 * (inline or in the worker, script-reading.ts) is what checks it, with the same schema: a large
 * body is still text here. Their params and query are checked as everywhere else.
 */
function bodyCheckedByReading<S>(req: FastifyRouteSchemaDef<S>) {
  if (req.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler(req as unknown as Parameters<typeof validatorCompiler>[0]);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A JSON body over INLINE_JSON_LIMIT stays bytes, for the script-reading worker. */
    bodyAsText?: boolean;
  }
}

/**
 * Turns the reply into a stream of lines (application/x-ndjson), sent as they are written: the
 * headers set so far go with it, and nothing compresses or holds the lines back.
 */
function openLineStream(reply: FastifyReply): (line: Buffer | string) => Promise<void> {
  const res = hijackForStream(reply, {
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'private, no-store',
    'x-accel-buffering': 'no',
  });
  // A write resolves once the socket takes more (or is gone), so a large answer is never
  // buffered whole.
  return (line) =>
    res.writableEnded || res.destroyed || res.write(line)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
}

export function scriptsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const importLimiter = rateLimiter(app, 'scriptImport');
    const signedIn = signedInOnly(ctx.auth);
    // JSON bodies of create and save: a small one is parsed at once; a large one is kept as text
    // (decision 127), so a 2 MB script is never decoded, parsed or checked on the event loop. The other
    // routes' bodies are small or base64 (import) and are parsed here.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      if (bytes.length > INLINE_JSON_LIMIT && request.routeOptions.config.bodyAsText)
        return done(null, new JsonBytes(bytes));
      const parse = () => {
        try {
          done(null, JSON.parse(bytes.toString('utf8')));
        } catch {
          const err = new Error('Invalid JSON') as FastifyError;
          err.statusCode = 400;
          done(err, undefined);
        }
      };
      // A large body (an import's base64) is parsed on the turn after the one that gathered it.
      if (bytes.length > INLINE_JSON_LIMIT) setImmediate(parse);
      else parse();
    });
    const scriptById = { params: idParams };
    const scriptAnswer = {
      200: scriptSchema,
      ...errorResponses(400, 401, 404, 409, 429, 503),
    };

    app.get(
      '/scripts',
      {
        onRequest: signedIn,
        schema: {
          querystring: scriptListQuerySchema,
          response: { 200: scriptListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        const query = request.query;
        return listUserScripts(ctx, {
          userId: user.id,
          search: query.search,
          includeArchived: query.archived === 'true',
          limit: query.limit,
          cursor: query.cursor,
        });
      },
    );

    app.post(
      '/scripts',
      {
        bodyLimit: SCRIPT_BODY_LIMIT,
        config: { bodyAsText: true },
        onRequest: signedIn,
        validatorCompiler: bodyCheckedByReading,
        schema: {
          body: scriptInputSchema,
          response: { 201: scriptSchema, ...errorResponses(400, 401, 413, 429, 503) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const json = await createScript(ctx, { userId: user.id, body: rawBodyOf(request.body) });
        return reply.status(201).send(serialisedJsonBytes<Script>(reply, json));
      },
    );

    // base64 of the 2 MB cap plus JSON; anything larger is refused before it is read.
    app.post(
      '/scripts/import',
      {
        bodyLimit: 4 * 1024 * 1024,
        onRequest: signedIn,
        schema: {
          body: scriptImportInputSchema,
          response: {
            200: z
              .string()
              .describe(
                'application/x-ndjson, when the request accepts it and the PDF has scanned pages ' +
                  'to read by OCR: {"type":"progress"} lines, then one {"type":"result","script"} ' +
                  'or {"type":"error","status","error"} line',
              ),
            201: scriptImportResultSchema,
            ...errorResponses(400, 401, 413, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await importLimiter.hit(request, `user:${user.id}`);
        // A scan read by OCR takes a while: a client that accepts it hears how it goes.
        const progress = /\bapplication\/x-ndjson\b/.test(request.headers.accept ?? '');
        // Opened by the first progress line; until then the answer is the usual JSON.
        const out: { write: ((line: Buffer | string) => Promise<void>) | null } = { write: null };
        const signal = abortWhenClientLeaves(reply);
        const onProgress = progress
          ? (p: ImportProgress) => {
              out.write ??= openLineStream(reply);
              void out.write(
                `${JSON.stringify({ type: 'progress', progress: p } satisfies ImportStreamLine)}\n`,
              );
            }
          : undefined;
        try {
          const json = await importScript(ctx, {
            userId: user.id,
            ...request.body,
            onProgress,
            signal,
          });
          if (!out.write)
            return reply.status(201).send(serialisedJsonBytes<ScriptImportResult>(reply, json));
          await out.write('{"type":"result","script":');
          for await (const chunk of json) await out.write(chunk as Buffer);
          await out.write('}\n');
        } catch (e) {
          if (!out.write) throw e;
          const answer = errorAnswer(e as Error, request);
          const line: ImportStreamLine = { type: 'error', status: answer.status, ...answer.body };
          await out.write(`${JSON.stringify(line)}\n`);
        }
        reply.raw.end();
        return reply;
      },
    );

    app.get(
      '/scripts/:id',
      {
        onRequest: signedIn,
        schema: {
          ...scriptById,
          response: { 200: scriptSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        return serialisedLargeJson<Script>(
          reply,
          await getScriptJson(ctx, { userId: user.id, id: request.params.id }),
        );
      },
    );

    app.put(
      '/scripts/:id',
      {
        bodyLimit: SCRIPT_BODY_LIMIT,
        config: { bodyAsText: true },
        onRequest: signedIn,
        validatorCompiler: bodyCheckedByReading,
        schema: { ...scriptById, body: scriptInputSchema, response: scriptAnswer },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const json = await saveScript(ctx, {
          userId: user.id,
          id: request.params.id,
          body: rawBodyOf(request.body),
        });
        return serialisedJsonBytes<Script>(reply, json);
      },
    );

    app.post(
      '/scripts/:id/rename-character',
      {
        onRequest: signedIn,
        schema: { ...scriptById, body: characterRenameInputSchema, response: scriptAnswer },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const { from, to } = request.body;
        const json = await renameScriptCharacter(ctx, {
          userId: user.id,
          id: request.params.id,
          from,
          to,
        });
        return serialisedLargeJson<Script>(reply, json);
      },
    );

    app.post(
      '/scripts/:id/reassign-line',
      {
        onRequest: signedIn,
        schema: { ...scriptById, body: lineReassignInputSchema, response: scriptAnswer },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const json = await reassignScriptLine(ctx, {
          userId: user.id,
          id: request.params.id,
          lineId: request.body.lineId,
          character: request.body.character,
        });
        return serialisedLargeJson<Script>(reply, json);
      },
    );

    app.patch(
      '/scripts/:id/archive',
      {
        onRequest: signedIn,
        schema: { ...scriptById, body: scriptArchiveInputSchema, response: scriptAnswer },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const json = await setScriptArchived(ctx, {
          userId: user.id,
          id: request.params.id,
          isArchived: request.body.isArchived,
        });
        return serialisedLargeJson<Script>(reply, json);
      },
    );

    app.delete(
      '/scripts/:id',
      {
        onRequest: signedIn,
        schema: {
          ...scriptById,
          response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await removeScript(ctx, { userId: user.id, id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}
