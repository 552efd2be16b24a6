import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('env', () => {
  it('runs with no configuration at all, on the embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: 'data',
      ELEVENLABS_MODEL_ID: 'eleven_multilingual_v2',
      PRICE_MONTHLY: 5.99,
      LAUNCH_ENDS_AT: '2025-07-01T00:00:00-07:00',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('reads lists, numbers and prices from strings', () => {
    const env = parseEnv({
      PORT: '8080',
      ADMIN_EMAILS: ' Ada@Example.com, bo@example.com ,',
      PRICE_MONTHLY: '7.5',
    });
    expect(env.PORT).toBe(8080);
    expect(env.ADMIN_EMAILS).toEqual(['ada@example.com', 'bo@example.com']);
    expect(env.PRICE_MONTHLY).toBe(7.5);
  });

  it('stops the start with a readable list of every problem', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_URL: 'not a url',
        STRIPE_SECRET_KEY: 'sk_test_1',
        NODE_ENV: 'production',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'APP_URL',
      'STRIPE_WEBHOOK_SECRET',
      'AUTH_SECRET',
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as EnvError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});
