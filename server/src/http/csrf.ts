import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /** Origins allowed to send state-changing requests (the site's own origin). */
  allowedOrigins: string[];
  /** Paths that are exempt because they carry their own signature (the Stripe webhook). */
  exemptPaths: string[];
}

/**
 * docs/glossary.md#S4: every state-changing request needs a JSON content type, and either a Sec-Fetch-Site of
 * same-origin/none or an allow-listed Origin. A cross-site form post or fetch fails one of the
 * two; a request with neither header is refused too, so no browser-shaped gap remains.
 */
export function installCsrfGuard(app: FastifyInstance, options: CsrfOptions): void {
  const allowed = new Set(options.allowedOrigins.map((o) => o.replace(/\/$/, '')));
  const exempt = new Set(options.exemptPaths);
  // A plain (callback) hook: a read passes it without a promise and a turn of the microtask queue
  // (decision 248).
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (exempt.has(path) || isCsrfSafe(request.headers, allowed)) return done();
    void reply.status(403).send(errorBody('permission-denied', 'Cross-site request refused'));
  });
}

export function isCsrfSafe(
  headers: Record<string, string | string[] | undefined>,
  allowedOrigins: Set<string>,
): boolean {
  const contentType = String(headers['content-type'] ?? '').toLowerCase();
  const contentLength = Number(headers['content-length'] ?? 0);
  const hasBody = contentLength > 0 || headers['transfer-encoding'] !== undefined;
  // A body must be JSON; a body-less request (DELETE, sign-out) may omit the content type.
  if (hasBody && !/^application\/json(\s*;|$)/.test(contentType)) return false;
  if (!hasBody && contentType && !/^application\/json(\s*;|$)/.test(contentType)) return false;
  const site = headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  if (site !== undefined) return false;
  const origin = headers['origin'];
  return typeof origin === 'string' && allowedOrigins.has(origin);
}
