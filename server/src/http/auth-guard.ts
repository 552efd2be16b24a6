import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

export type Role = 'user' | 'admin';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  /** The session's row id (set by the accounts auth). */
  sessionId?: string;
  /** When the user last proved who they are in this session: sign-in or re-authentication. */
  authenticatedAt?: string;
}

/** How the HTTP layer learns who is calling; the accounts feature provides the real one. */
export interface AuthPort {
  getSessionUser(request: FastifyRequest): Promise<SessionUser | null>;
}

export const SIGN_IN_MESSAGE = 'Please sign in to continue';

export async function requireUser(
  auth: AuthPort,
  request: FastifyRequest,
  message = SIGN_IN_MESSAGE,
): Promise<SessionUser> {
  const user = await auth.getSessionUser(request);
  if (!user) throw new AppError('unauthenticated', message);
  return user;
}

/** Every admin action is checked here, on the server, whatever the browser shows. */
export async function requireAdmin(auth: AuthPort, request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(auth, request);
  if (user.role !== 'admin') {
    throw new AppError(
      'permission-denied',
      "Access denied. You don't have permission to perform this action.",
    );
  }
  return user;
}

/**
 * An onRequest hook refusing signed-out callers, for routes with declared input: it runs before
 * validation, so a signed-out caller learns that first, whatever they sent.
 */
export function signedInOnly(auth: AuthPort, message = SIGN_IN_MESSAGE) {
  return async (request: FastifyRequest): Promise<void> => {
    checkedUsers.set(request, await requireUser(auth, request, message));
  };
}

const checkedUsers = new WeakMap<FastifyRequest, SessionUser>();

/**
 * The user signedInOnly checked for this very request, so a hot route need not look the session
 * up a second time (decision 248). Throws when the route has no signedInOnly hook.
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = checkedUsers.get(request);
  if (!user) throw new Error('signedInOnly did not run for this request');
  return user;
}

/**
 * Makes every route of the plugin `app` admins-only, so a new admin plugin cannot forget either
 * half: an onRequest hook runs requireAdmin before any input is read (401/403 come before any
 * 400), and every answer, errors included, is sent with `cache-control: private, no-store`
 * (nothing an admin reads may sit in a shared or browser cache). Call it first in the plugin;
 * the returned `adminOf` gives a request's checked admin.
 */
export function adminOnly(
  app: Pick<FastifyInstance, 'addHook'>,
  auth: AuthPort,
): (request: FastifyRequest) => SessionUser {
  const admins = new WeakMap<FastifyRequest, SessionUser>();
  app.addHook('onRequest', async (request) => {
    admins.set(request, await requireAdmin(auth, request));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  return (request) => {
    const admin = admins.get(request);
    if (!admin) throw new Error('admin guard did not run');
    return admin;
  };
}
