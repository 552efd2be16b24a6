import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * ETag and 304 for public, cacheable GET answers (docs/glossary.md#P1): a route opts in by setting a
 * `cache-control: public...` header. Private answers are never tagged.
 */
export function installEtags(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, tagged(request, reply, payload));
  });
}

/** The payload to send: the same, or '' for a 304 when the client holds this tag. */
function tagged(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  if (!cacheControl.startsWith('public') || reply.getHeader('etag')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) {
    reply.code(304);
    return '';
  }
  return payload;
}
