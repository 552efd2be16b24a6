import { hash, randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { magicLink } from 'better-auth/plugins';
import type { Db } from '../../db/connection';
import type { Env } from '../../env';
import type { Clock } from '../../lib/clock';
import { newId, randomToken } from '../../lib/ids';
import type { Mailer } from '../../adapters/mail/mailer';
import { magicLinkMail, passwordResetMail } from '../../adapters/mail/templates';
import { findUserForSignIn, markSignedIn } from './auth.repository';
import type { SessionEvents } from './session-events';
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  verifyPassword,
} from './passwords';
import { sessionLifetime } from './session-policy';

export const MAGIC_LINK_TTL_SECONDS = 10 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** SHA-256 (hex) of a session token: what the auth_sessions.token column holds (docs/glossary.md#S3). */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export interface AuthEngineDeps {
  env: Env;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessionEvents: SessionEvents;
  /** After a new account is stored (its sample scene); a failure here never fails the sign-up. */
  onUserCreated?: (userId: string) => Promise<void>;
}

/**
 * better-auth over our Kysely instance, with its models mapped onto our snake_case tables
 * (docs/decisions/010-accounts-on-better-auth.md). It runs the flows (magic links, password
 * sign-in, password reset); it is called only from our own Fastify routes, never mounted, so
 * its cookies never reach a browser: the routes issue our `__Host-` cookie instead.
 *
 * Kysely is declared as "sqlite" on both dialects on purpose: that makes better-auth write
 * booleans as 0/1 and dates as ISO text, which is this codebase's convention on PostgreSQL too.
 */
export function createAuthEngine(deps: AuthEngineDeps) {
  const { env, db, clock, mailer, sessionEvents, onUserCreated } = deps;
  const appUrl = env.APP_URL.replace(/\/$/, '');
  // Raw session tokens between the session-create hook and the route that sets the cookie;
  // the database only ever receives the digest.
  const issuedTokens = new Map<string, string>();

  const auth = betterAuth({
    appName: 'Doublecast',
    baseURL: appUrl,
    basePath: '/api/auth/engine',
    secret: env.AUTH_SECRET ?? randomToken(32),
    trustedOrigins: [appUrl],
    database: { db: db.kysely, type: 'sqlite' },
    telemetry: { enabled: false },
    logger: { level: 'error', disabled: env.NODE_ENV === 'test' },
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { disableIpTracking: true },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    session: {
      modelName: 'auth_sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      expiresIn: 30 * 24 * 3600,
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'auth_verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      // Reset tokens are stored as digests too, not only magic links.
      storeIdentifier: 'hashed',
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Called once the reset and its revocation are committed.
      onPasswordReset: async ({ user }) => {
        await sessionEvents.publish({ kind: 'user', userId: user.id });
      },
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(
          passwordResetMail(
            user.email,
            `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
          ),
        );
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        // docs/glossary.md#S2: 32 random bytes, kept only as a SHA-256 digest.
        generateToken: () => randomBytes(32).toString('base64url'),
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token }) => {
          // The link opens our page, which posts the token: a GET never spends it.
          await mailer.send(
            magicLinkMail(email, `${appUrl}/finish-sign-up?token=${encodeURIComponent(token)}`),
          );
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const now = clock.now();
            return {
              data: { ...user, email: user.email.toLowerCase(), createdAt: now, updatedAt: now },
            };
          },
          after: async (user) => {
            await onUserCreated?.(user.id);
          },
        },
      },
      session: {
        create: {
          // Every sign-in passes here: stamp it, grant ADMIN_EMAILS the admin role, give the
          // session its role's lifetime, and store only the token's digest.
          before: async (session) => {
            const user = await findUserForSignIn(db.kysely, session.userId);
            if (!user) return false;
            const now = clock.now();
            const promote =
              user.role !== 'admin' && env.ADMIN_EMAILS.includes(user.email.toLowerCase());
            await markSignedIn(db.kysely, user.id, now.toISOString(), promote);
            // The user's other sessions carry the old role until they hear of the new one.
            if (promote) await sessionEvents.publish({ kind: 'user', userId: user.id });
            const role = promote ? 'admin' : user.role;
            const digest = hashSessionToken(session.token);
            issuedTokens.set(digest, session.token);
            // A flow that failed after creating its session never collects the token; keep
            // the map small (insertion order: the oldest go first).
            while (issuedTokens.size > 1000) issuedTokens.delete(issuedTokens.keys().next().value!);
            return {
              data: {
                ...session,
                token: digest,
                createdAt: now,
                updatedAt: now,
                expiresAt: new Date(now.getTime() + sessionLifetime(role).absoluteMs),
              },
            };
          },
        },
      },
    },
  });

  return {
    auth,
    /** Trades the stored digest better-auth hands back for the raw token that goes in the cookie. */
    takeIssuedToken(digest: string): string | null {
      const raw = issuedTokens.get(digest) ?? null;
      issuedTokens.delete(digest);
      return raw;
    },
  };
}

export type AuthEngine = ReturnType<typeof createAuthEngine>;
