import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

/**
 * Input that no route should see. A NUL character is refused up front: PostgreSQL cannot store
 * it in text and would answer with a 500, SQLite would store it silently (so the two databases
 * would disagree).
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      void reply.status(400).send(errorBody('invalid-argument', 'Invalid characters in request'));
      return;
    }
    done();
  });
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 50 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

const SECRET_QUERY = /([?&](?:token|code|session_id|sessionId)=)[^&#]*/gi;

/** Request logs never carry one-time tokens from sign-in, reset or checkout links. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify options that keep framework errors in the one error shape and tokens out of logs. */
export const hardenedServerOptions = {
  frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    void reply.code(400).send(errorBody('invalid-argument', 'Invalid request'));
  },
  requestSerializer: (req: { method: string; url: string; id: string; ip?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    id: req.id,
    remoteAddress: req.ip,
  }),
};
