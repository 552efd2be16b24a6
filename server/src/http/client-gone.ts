import type { FastifyReply } from 'fastify';

/**
 * A signal that fires when the caller goes away before the whole answer was sent (the Studio
 * closed, the rehearsal skipped ahead), so the synthesis stops making audio for nobody and the
 * charge counts only what was delivered (decision 102).
 */
export function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return abort.signal;
}
