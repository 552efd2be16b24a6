import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, passwordSchema, safeRedirectPath, signInInputSchema } from './auth';

describe('safeRedirectPath', () => {
  it.each([
    ['/studio?voice=abc', '/studio?voice=abc'],
    ['/studio', '/studio'],
    ['/account#x', '/account#x'],
    [null, '/studio'],
    ['', '/studio'],
    ['https://evil.example/studio', '/studio'],
    ['//evil.example', '/studio'],
    ['/\\evil.example', '/studio'],
    ['javascript:alert(1)', '/studio'],
    ['studio', '/studio'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/\nfoo', '/studio'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('password rules', () => {
  it.each([
    ['1234567', AUTH_TEXT.passwordTooShort],
    ['12345678', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), AUTH_TEXT.passwordTooLong],
  ])('%s', (pw, error) => {
    const r = passwordSchema.safeParse(pw);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(error);
  });

  it('says 8 characters, never 6', () => {
    expect(AUTH_TEXT.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(AUTH_TEXT.passwordHint).toBe('Must be at least 8 characters');
  });

  it('normalises the email and refuses a bad one', () => {
    expect(signInInputSchema.parse({ email: ' A@B.co ', password: 'x' }).email).toBe('a@b.co');
    const r = signInInputSchema.safeParse({ email: 'nope', password: 'x' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(AUTH_TEXT.invalidEmail);
  });
});
