import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  characterRenameInputSchema,
  scriptArchiveInputSchema,
  scriptImportInputSchema,
  scriptListQuerySchema,
} from '@doublecast/common/scripts';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { rateLimiter } from '../../http/rate-limit';
import { AppError } from '../../lib/app-error';
import { INLINE_READ_LIMIT } from './script-reader';
import {
  createScript,
  getScriptJson,
  importScript,
  listUserScripts,
  removeScript,
  renameScriptCharacter,
  saveScript,
  setScriptArchived,
} from './scripts.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * A create or save body: the 2,000,000-character text, escaped, with its corrected line split.
 * Bodies over 32 KB stay text here and are parsed and checked in the reading worker.
 */
const SCRIPT_BODY_LIMIT = 16 * 1024 * 1024;

/** A JSON body kept as text, to be parsed off the event loop. */
class JsonText {
  constructor(readonly text: string) {}
}

/** A body for routes that read it here: small ones are parsed already, large ones now. */
function bodyOf(body: unknown): unknown {
  if (!(body instanceof JsonText)) return body ?? {};
  try {
    return JSON.parse(body.text);
  } catch {
    throw new AppError('invalid-argument', 'Invalid request');
  }
}

/** The body as the reading worker takes it: text when large, the parsed object when small. */
function rawBodyOf(body: unknown): unknown {
  return body instanceof JsonText ? body.text : (body ?? {});
}

function sendJson(reply: FastifyReply, status: number, json: string) {
  return reply.status(status).type('application/json; charset=utf-8').send(json);
}

export function scriptsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const importLimiter = rateLimiter(app, 'scriptImport');
    // JSON bodies in this plugin: a small one is parsed at once; a large one is kept as text
    // (decision 127), so a 2 MB script is never parsed or checked on the event loop.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = body as string;
      if (text.length > INLINE_READ_LIMIT) return done(null, new JsonText(text));
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('Invalid JSON') as FastifyError;
        err.statusCode = 400;
        done(err, undefined);
      }
    });
    app.get('/scripts', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const query = scriptListQuerySchema.parse(request.query ?? {});
      return listUserScripts(ctx, {
        userId: user.id,
        search: query.search,
        includeArchived: query.archived === 'true',
        limit: query.limit,
        cursor: query.cursor,
      });
    });

    app.post('/scripts', { bodyLimit: SCRIPT_BODY_LIMIT }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const json = await createScript(ctx, { userId: user.id, body: rawBodyOf(request.body) });
      return sendJson(reply, 201, json);
    });

    // base64 of the 2 MB cap plus JSON; anything larger is refused before it is read.
    app.post('/scripts/import', { bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const input = scriptImportInputSchema.parse(bodyOf(request.body));
      await importLimiter.hit(request, `user:${user.id}`);
      return sendJson(reply, 201, await importScript(ctx, { userId: user.id, ...input }));
    });

    app.get('/scripts/:id', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      return sendJson(reply, 200, await getScriptJson(ctx, { userId: user.id, id }));
    });

    app.put('/scripts/:id', { bodyLimit: SCRIPT_BODY_LIMIT }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      const json = await saveScript(ctx, { userId: user.id, id, body: rawBodyOf(request.body) });
      return sendJson(reply, 200, json);
    });

    app.post('/scripts/:id/rename-character', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      const { from, to } = characterRenameInputSchema.parse(bodyOf(request.body));
      const json = await renameScriptCharacter(ctx, { userId: user.id, id, from, to });
      return sendJson(reply, 200, json);
    });

    app.patch('/scripts/:id/archive', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      const { isArchived } = scriptArchiveInputSchema.parse(bodyOf(request.body));
      return sendJson(
        reply,
        200,
        await setScriptArchived(ctx, { userId: user.id, id, isArchived }),
      );
    });

    app.delete('/scripts/:id', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      await removeScript(ctx, { userId: user.id, id });
      return reply.status(204).send();
    });
  };
}
