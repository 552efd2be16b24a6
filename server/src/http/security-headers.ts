import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * CSP allows no inline or third-party script or style (docs/glossary.md#S6, decision 142); audio
 * may come from blob: URLs. WebAssembly may be compiled ('wasm-unsafe-eval', not 'unsafe-eval':
 * no string becomes code) for the rehearsal's voice-activity detector, whose runtime is our own
 * file (decision 271).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
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
 * Security headers on every answer, from helmet (decisions 142 and 248). Registered before any
 * hook that can answer early, so refusals carry them too. Every part of this configuration writes
 * fixed values (the directives are plain strings, no per-request nonce), so helmet runs once at
 * start against a recorder and each request gets the recorded headers as Fastify reply headers
 * (decision 248): helmet's per-request `setHeader` calls on the raw response cost a validation
 * and a second header map each, and moved every other header of the answer onto node's slower
 * path in `writeHead`.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  const headers = recordHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: options.hsts
        ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
        : false,
      // Today's behaviour: other sites may embed our images and audio (shared blog images).
      crossOriginResourcePolicy: false,
    }),
  );
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const recording = { ...headers, 'permissions-policy': RECORDING_PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isRecordingPage(request.url) ? recording : headers);
    done();
  });
}

/**
 * Helmet has no Permissions-Policy. The microphone is for rehearsal on our own pages only; the
 * camera only for self-tapes, on the practice pages (issue 34). A policy belongs to the document
 * it came with, so the self-tape page is always opened by loading it, not by the app's router.
 */
export const PERMISSIONS_POLICY = 'camera=(), geolocation=(), microphone=(self)';
export const RECORDING_PERMISSIONS_POLICY = 'camera=(self), geolocation=(), microphone=(self)';

/** `/practice` and the pages under it (a query string allowed), and nothing else. */
export function isRecordingPage(url: string): boolean {
  return /^\/practice(?:[/?#]|$)/.test(url);
}

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/** The headers a middleware sets, run once against a recording response; it must finish at once. */
function recordHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return headers;
}
