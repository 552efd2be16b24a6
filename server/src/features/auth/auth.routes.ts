import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_TEXT,
  accountResponseSchema,
  changePasswordInputSchema,
  finishSignInInputSchema,
  forgotPasswordInputSchema,
  magicLinkInputSchema,
  resetPasswordInputSchema,
  setPasswordInputSchema,
  okResponseSchema,
  signInInputSchema,
  signInResponseSchema,
  type AccountResponse,
  type OkResponse,
  type SignInResponse,
} from '@doublecast/common/auth';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
import { addressKey, rateLimiter } from '../../http/rate-limit';
import { AppError } from '../../lib/app-error';
import {
  changePassword,
  finishMagicLinkSignIn,
  getAccount,
  requestPasswordReset,
  resetPassword,
  sendMagicLink,
  setPassword,
  signInWithPassword,
  type AuthDeps,
  type SignedIn,
} from './auth.service';
import { createFailureCounter, createStoredFailureCounter } from './failure-counter';
import { isAccountsAuth, type AccountsAuth } from './session-auth';

function accountsAuth(ctx: AppContext): AccountsAuth {
  if (!isAccountsAuth(ctx.auth)) throw new AppError('unavailable', 'Accounts are not configured');
  return ctx.auth;
}

/** Sign-in, sign-up, passwords and sign-out under /api/auth (docs/decisions/010). */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const clock = ctx.clock;
  // docs/glossary.md#S9: sign-in 5 a minute per address; 20 failures an hour per account; magic links and
  // reset mails 3 per 15 minutes per email (the rate limits are rows of RATE_LIMITS).
  // On PostgreSQL every server process counts in the database (decision 241).
  const failureRule = { limit: 20, windowMs: 3600_000, clock };
  const failuresPerAccount =
    ctx.db.dialect === 'postgres'
      ? createStoredFailureCounter({ ...failureRule, db: ctx.db.kysely })
      : createFailureCounter(failureRule);

  const deps = (): AuthDeps => ({ db: ctx.db, clock: ctx.clock, auth: accountsAuth(ctx) });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const signedIn = (reply: FastifyReply, result: SignedIn): SignInResponse => {
    accountsAuth(ctx).setSessionCookie(reply, result.token, result.user.role);
    noStore(reply);
    return { user: result.user };
  };

  return async (app) => {
    const signInPerIp = rateLimiter(app, 'signIn');
    const mailPerIp = rateLimiter(app, 'authMailPerAddress');
    const mailPerEmail = rateLimiter(app, 'authMailPerEmail');
    const finishPerIp = rateLimiter(app, 'authFinish');
    // Counted before the input is read, as these limits always were.
    const countSignIn = async (request: FastifyRequest) => {
      await signInPerIp.hit(request, addressKey(request));
    };
    const countFinish = async (request: FastifyRequest) => {
      await finishPerIp.hit(request, addressKey(request));
    };
    // Signed-out callers learn that before anything about their input.
    const signedInOnly =
      (message?: string) =>
      async (request: FastifyRequest): Promise<void> => {
        if (message === undefined) await requireUser(ctx.auth, request);
        else if (!(await ctx.auth.getSessionUser(request)))
          throw new AppError('unauthenticated', message);
      };
    const refusals = errorResponses(400, 401, 429);

    app.post(
      '/auth/sign-in',
      {
        preValidation: countSignIn,
        schema: { body: signInInputSchema, response: { 200: signInResponseSchema, ...refusals } },
      },
      async (request, reply): Promise<SignInResponse> => {
        const input = request.body;
        await failuresPerAccount.check(`sign-in:${input.email}`, AUTH_TEXT.tooManyAttempts);
        try {
          return signedIn(reply, await signInWithPassword(deps(), input));
        } catch (e) {
          if (e instanceof AppError && e.code === 'unauthenticated')
            await failuresPerAccount.fail(`sign-in:${input.email}`);
          throw e;
        }
      },
    );

    app.post(
      '/auth/magic-link',
      { schema: { body: magicLinkInputSchema, response: { 200: okResponseSchema, ...refusals } } },
      async (request, reply): Promise<OkResponse> => {
        const input = request.body;
        await mailPerIp.hit(request, addressKey(request));
        await mailPerEmail.hit(request, `magic:${input.email}`);
        await sendMagicLink(deps(), input);
        noStore(reply);
        return { ok: true };
      },
    );

    app.post(
      '/auth/magic-link/verify',
      {
        preValidation: countFinish,
        schema: {
          body: finishSignInInputSchema,
          response: { 200: signInResponseSchema, ...refusals },
        },
      },
      async (request, reply): Promise<SignInResponse> =>
        signedIn(reply, await finishMagicLinkSignIn(deps(), request.body)),
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          body: forgotPasswordInputSchema,
          response: { 200: okResponseSchema, ...refusals },
        },
      },
      async (request, reply): Promise<OkResponse> => {
        const input = request.body;
        await mailPerIp.hit(request, addressKey(request));
        await mailPerEmail.hit(request, `reset:${input.email}`);
        await requestPasswordReset(deps(), input);
        noStore(reply);
        return { ok: true };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        preValidation: countFinish,
        schema: {
          body: resetPasswordInputSchema,
          response: { 200: okResponseSchema, ...refusals },
        },
      },
      async (request, reply): Promise<OkResponse> => {
        await resetPassword(deps(), request.body);
        noStore(reply);
        return { ok: true };
      },
    );

    app.post(
      '/auth/change-password',
      {
        onRequest: signedInOnly(),
        schema: {
          body: changePasswordInputSchema,
          response: { 200: signInResponseSchema, ...refusals },
        },
      },
      async (request, reply): Promise<SignInResponse> => {
        const user = await requireUser(ctx.auth, request);
        const input = request.body;
        await failuresPerAccount.check(`sign-in:${user.email}`, AUTH_TEXT.tooManyAttempts);
        try {
          return signedIn(reply, await changePassword(deps(), { user, ...input }));
        } catch (e) {
          if (e instanceof AppError && e.message === AUTH_TEXT.currentPasswordIncorrect)
            await failuresPerAccount.fail(`sign-in:${user.email}`);
          throw e;
        }
      },
    );

    app.post(
      '/auth/set-password',
      {
        onRequest: signedInOnly(AUTH_TEXT.setPasswordSignInAgain),
        schema: { body: setPasswordInputSchema, response: { 200: okResponseSchema, ...refusals } },
      },
      async (request, reply): Promise<OkResponse> => {
        const user = await ctx.auth.getSessionUser(request);
        if (!user) throw new AppError('unauthenticated', AUTH_TEXT.setPasswordSignInAgain);
        await setPassword(deps(), { user, ...request.body });
        noStore(reply);
        return { ok: true };
      },
    );

    app.get(
      '/auth/account',
      { schema: { response: { 200: accountResponseSchema, ...errorResponses(401) } } },
      async (request, reply): Promise<AccountResponse> => {
        const user = await requireUser(ctx.auth, request);
        noStore(reply);
        return getAccount(deps(), { user });
      },
    );

    app.post(
      '/auth/sign-out',
      { schema: { response: { 200: okResponseSchema } } },
      async (request, reply): Promise<OkResponse> => {
        const auth = accountsAuth(ctx);
        await auth.endSession(request);
        auth.clearSessionCookie(reply);
        noStore(reply);
        return { ok: true };
      },
    );
  };
}
