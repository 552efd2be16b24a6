import fc from 'fast-check';
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
    ['/.//evil.example/x', '/studio'],
    ['/..//evil.example/x', '/studio'],
    ['/a/..//evil.example', '/studio'],
    ['/%2e//evil.example', '/studio'],
    ['/%2E%2E//evil.example', '/studio'],
    ['/./studio', '/studio'],
    ['/a/../account', '/account'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  // Pieces that URL parsers treat specially, joined at random into odd paths.
  const piece = fc.constantFrom(
    '/',
    '//',
    '.',
    '..',
    '\\',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '%00',
    ':',
    '@',
    '?',
    '#',
    ';',
    'evil.example',
    'http:',
    'javascript:',
    'a',
    'studio',
    ' ',
    '\t',
    '\n',
    '\u3002',
    '\uff0f',
  );
  const oddPath = fc.oneof(
    fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
  );
  const pages = ['https://doublecast.example/', 'https://doublecast.example/a/b/c?x=1#y'];

  it("only ever answers a path that stays on the page's own site", () => {
    fc.assert(
      fc.property(oddPath, (raw) => {
        const out = safeRedirectPath(raw);
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        // eslint-disable-next-line no-control-regex
        expect(out).not.toMatch(/[\\\u0000-\u001f\u007f]/);
        for (const page of pages) {
          expect(new URL(out, page).origin).toBe('https://doublecast.example');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('is stable: a path it answers is answered again unchanged', () => {
    fc.assert(
      fc.property(oddPath, (raw) => {
        const out = safeRedirectPath(raw);
        expect(safeRedirectPath(out)).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps ordinary same-site paths as they are', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
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
