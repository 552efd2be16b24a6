import path from 'node:path';
import { z } from 'zod';
import { parseVoiceList } from './features/voices/engines/openai';

/**
 * The only reader of process.env. A missing or malformed variable stops the start with a
 * readable list of what is wrong.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site, used in links inside mail and for the CSRF Origin allow-list. */
  APP_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().default('data'),
  /** postgres://... selects PostgreSQL; otherwise SQLite at DATA_DIR/doublecast.sqlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SQLITE_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses whose X-Forwarded-For is trusted; empty trusts none. */
  TRUSTED_PROXIES: list,
  /** Secret for signing auth cookies and tokens; required in production. */
  AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAILS: list,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Doublecast <no-reply@doublecast.local>'),
  OUTBOX_DIR: z.string().optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL_ID: z.string().default('eleven_multilingual_v2'),
  /** An OpenAI-compatible speech server, e.g. http://127.0.0.1:8880/v1 (its voices join the catalogue). */
  OPENAI_TTS_BASE_URL: z.url().optional(),
  OPENAI_TTS_API_KEY: z.string().optional(),
  OPENAI_TTS_MODEL: z.string().default('tts-1'),
  /** Comma-separated `id:Display Name:gender:accent`; unset asks the server (GET /audio/voices). */
  OPENAI_TTS_VOICES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      try {
        return parseVoiceList(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Folders of Piper/VITS and Kokoro models read through sherpa-onnx (docs/voices.md); unset:
   * DATA_DIR/voice-models, where `npm run voices:install` puts them, when it exists.
   */
  VOICE_MODELS_DIR: z.string().optional(),
  /** `npm run voices:install` (and scripts/serve.sh): 0 or false fetches no natural voices. */
  VOICE_MODELS_AUTO: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** MiB of natural-voice archives the install fetches, in the pinned order (docs/voices.md). */
  VOICE_MODELS_MAX_MB: z.coerce.number().int().min(0).max(100_000).default(500),
  /** A JSON file of archives to install instead of the pinned ones (a mirror), same fields. */
  VOICE_MODELS_CATALOGUE: z.string().optional(),
  /** Worker threads for the local neural voices (default: one per core). */
  VOICE_MODEL_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** What the server charges per 1,000 characters (default: 0.015 on api.openai.com, else 0). */
  OPENAI_TTS_USD_PER_1000_CHARACTERS: z.coerce.number().min(0).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_ANNUAL: z.string().optional(),
  /** Points the Stripe SDK at another host (the fake Stripe in tests), e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: z.url().optional(),
  PRICE_MONTHLY: z.coerce.number().positive().default(5.99),
  PRICE_ANNUAL: z.coerce.number().positive().default(59.99),
  PRICE_POST_LAUNCH_MONTHLY: z.coerce.number().positive().default(9.99),
  LAUNCH_ENDS_AT: z.iso.datetime({ offset: true }).default('2025-07-01T00:00:00-07:00'),
  /** Serve the built web app from this folder (default web/dist when it exists). */
  WEB_DIST_DIR: z.string().optional(),
  /** Unset: audio files under DATA_DIR/audio. s3://bucket/prefix: an S3-compatible bucket. */
  STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/,
      'must be s3://bucket or s3://bucket/prefix',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An S3-compatible service's address (MinIO, R2, ...); unset: AWS S3 for S3_REGION. */
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's own credential chain (AWS_* variables, shared files, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path instead of the host name (MinIO and most self-hosted services). */
  S3_FORCE_PATH_STYLE: booleanish,
  /** Seconds a presigned download address lives; 0 sends downloads through the server. */
  S3_PRESIGNED_DOWNLOAD_SECONDS: z.coerce.number().int().min(0).max(604_800).default(0),
  /**
   * `postgres`: syntheses are jobs on a pg-boss queue in DATABASE_URL that synthesis workers
   * (server/dist/worker.js) run (decision 242); unset: in this process.
   */
  SYNTHESIS_QUEUE: z
    .enum(['postgres'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Jobs one worker process runs at once; 0: the number of cores. */
  SYNTHESIS_WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(256).default(0),
  /** Jobs one server process keeps queued at once (more wait their turn, then are refused). */
  SYNTHESIS_QUEUE_JOBS_PER_SERVER: z.coerce.number().int().min(1).max(10_000).default(64),
  /** A worker silent this long is taken for dead and its job retried on another (pg-boss: >= 10). */
  SYNTHESIS_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(10),
  /** Longest a synthesis job may run before it is failed. */
  SYNTHESIS_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  /** How often workers look for dead workers' jobs (seconds). */
  SYNTHESIS_QUEUE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  SECURE_COOKIES: booleanish,
});

/**
 * Rules across variables, checked on the raw values so they are reported together with any
 * malformed variable (a schema refinement would only run once everything else parsed).
 */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (source.STRIPE_SECRET_KEY && !source.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (webhooks must be verified)',
    );
  }
  if (!source.S3_ACCESS_KEY_ID !== !source.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (source.SYNTHESIS_QUEUE === 'postgres' && !source.DATABASE_URL) {
    problems.push(
      'SYNTHESIS_QUEUE: postgres needs DATABASE_URL to be a PostgreSQL database (the queue lives there); unset it to synthesise in this process on SQLite',
    );
  }
  if (source.NODE_ENV === 'production' && !source.AUTH_SECRET) {
    problems.push('AUTH_SECRET: is required in production');
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)),
    ...crossFieldProblems(source),
  ];
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  return result.data;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}

/** For process entries: the settings, or the list of what is wrong on stderr and exit 1. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Resolves a path relative to the data folder. */
export function dataPath(env: Pick<Env, 'DATA_DIR'>, ...parts: string[]): string {
  return path.resolve(env.DATA_DIR, ...parts);
}

/** Where the natural voice models live: VOICE_MODELS_DIR, else DATA_DIR/voice-models. */
export function voiceModelsDir(env: Pick<Env, 'DATA_DIR' | 'VOICE_MODELS_DIR'>): string {
  return path.resolve(env.VOICE_MODELS_DIR ?? dataPath(env, 'voice-models'));
}

/** The settings the voice install reads, without the server's own rules (it serves nothing). */
export function loadVoiceInstallEnv(source: Record<string, string | undefined> = process.env) {
  const schema = envSchema.pick({
    DATA_DIR: true,
    VOICE_MODELS_DIR: true,
    VOICE_MODELS_AUTO: true,
    VOICE_MODELS_MAX_MB: true,
    VOICE_MODELS_CATALOGUE: true,
  });
  const result = schema.safeParse(source);
  if (!result.success)
    throw new EnvError(
      result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  return result.data;
}
