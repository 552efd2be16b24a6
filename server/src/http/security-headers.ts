import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

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
 * Security headers on every answer, from @fastify/helmet (decision 142). Registered before any
 * hook that can answer early, so refusals carry them too.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, {
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
  // Helmet has no Permissions-Policy; the microphone is for rehearsal on our own pages only.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), geolocation=(), microphone=(self)');
  });
}
