import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** CSP allows no inline or third-party script (docs/glossary.md#S6); audio may come from blob: URLs. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * Security headers on every answer, from helmet (decisions 142 and 239). Registered before any
 * hook that can answer early, so refusals carry them too. The middleware is built once:
 * @fastify/helmet rebuilt it, parsing the policy again, on every request.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.hsts
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    // Today's behaviour: other sites may embed our images and audio (shared blog images).
    crossOriginResourcePolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet has no Permissions-Policy; the microphone is for rehearsal on our own pages only.
    reply.header('permissions-policy', 'camera=(), geolocation=(), microphone=(self)');
    setHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
}
