import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes a reply over to write a stream by hand (server-sent events, lines of progress): a 200
 * with the headers set so far (request id, security headers), which a hijacked reply would
 * otherwise skip, and the given ones. Nothing compresses or holds back what is written.
 */
export function hijackForStream(
  reply: FastifyReply,
  headers: Record<string, string>,
): ServerResponse {
  const res = reply.raw;
  reply.hijack();
  const set = Object.entries(reply.getHeaders()).filter(
    (e): e is [string, string | number | string[]] => e[1] !== undefined,
  );
  res.writeHead(200, { ...Object.fromEntries(set), ...headers });
  return res;
}
