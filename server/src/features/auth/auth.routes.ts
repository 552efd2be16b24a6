import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isAccountsAuth, type AccountsAuth } from './session-auth';

function accountsAuth(ctx: AppContext): AccountsAuth {
  if (!isAccountsAuth(ctx.auth)) throw new AppError('unavailable', 'Accounts are not configured');
  return ctx.auth;
}

/** Sign-in, sign-up, passwords and sign-out under /api/auth. */
export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/auth/sign-out', async (request, reply) => {
      const auth = accountsAuth(ctx);
      await auth.endSession(request);
      auth.clearSessionCookie(reply);
      reply.header('cache-control', 'no-store');
      return { ok: true };
    });
  };
}
