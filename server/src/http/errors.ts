import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '@doublecast/common/errors';
import { AppError } from '../lib/app-error';

/** Sends the one error shape: { error: { code, message, details? } }. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, request, reply) => {
    const answer = errorAnswer(err, request);
    if (answer.headers) reply.headers(answer.headers);
    return reply.status(answer.status).send(answer.body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(errorBody('not-found', `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}

/**
 * The status, body and headers of the one error shape for an error (what the error handler
 * sends, and what a streamed answer ends with when its work fails after the stream began).
 */
export function errorAnswer(
  err: FastifyError | AppError | ZodError | Error,
  request: Pick<FastifyRequest, 'id' | 'log'>,
): { status: number; body: ReturnType<typeof errorBody>; headers?: Record<string, string> } {
  if (err instanceof AppError)
    return {
      status: err.status,
      body: errorBody(err.code, err.message, err.details),
      headers: err.headers,
    };
  // Input refused by a route's declared schema: the same answer as a ZodError from a handler.
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: v.instancePath.slice(1).split('/').filter(Boolean).join('.'),
      message: v.message,
    }));
    return {
      status: 400,
      body: errorBody('invalid-argument', issues[0]?.message ?? 'Invalid request', { issues }),
    };
  }
  if (err instanceof ZodError) {
    const first = err.issues[0];
    return {
      status: 400,
      body: errorBody('invalid-argument', first?.message ?? 'Invalid request', {
        issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      }),
    };
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = codeForStatus(status);
    const message =
      status === 413
        ? 'Request body is too large'
        : status === 415
          ? 'Unsupported content type'
          : code === 'invalid-argument'
            ? 'Invalid request'
            : err.message;
    // 413 and 415 keep their own statuses; their code is invalid-argument.
    return {
      status: status === 413 || status === 415 ? status : ERROR_STATUS[code],
      body: errorBody(code, message),
    };
  }
  // PostgreSQL refusing a character or value it cannot store is bad input, not a crash.
  const pgCode = (err as { code?: unknown }).code;
  if (pgCode === '22021' || pgCode === '22P05' || pgCode === '22003') {
    return { status: 400, body: errorBody('invalid-argument', 'Invalid characters in request') };
  }
  // docs/glossary.md#S11: unknown errors are logged with the request id and answered without internals.
  request.log.error({ err }, 'unhandled error');
  return { status: 500, body: errorBody('internal', 'Internal error', { requestId: request.id }) };
}

export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * The answer while the server shuts down (index.ts sets `lifecycle.closing`): 503, the one error
 * shape, and the connection closed so that the client's next try reaches another process.
 */
export function answerRestarting(reply: FastifyReply): FastifyReply {
  return reply
    .header('connection', 'close')
    .status(503)
    .send(errorBody('unavailable', 'Server is restarting. Please try again in a moment.'));
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    default:
      return 'invalid-argument';
  }
}
