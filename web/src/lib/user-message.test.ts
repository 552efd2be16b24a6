import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { userMessage } from './user-message';

describe('userMessage', () => {
  it("shows the server's words where they speak to the user", () => {
    for (const code of [
      'invalid-argument',
      'unauthenticated',
      'permission-denied',
      'not-found',
      'aborted',
      'resource-exhausted',
      'network',
    ] as const)
      expect(userMessage(new ApiError(code, `said ${code}`, 400), 'fallback')).toBe(`said ${code}`);
  });

  it('falls back for internal and unavailable errors and for anything not from the API', () => {
    expect(userMessage(new ApiError('internal', 'Internal error', 500), 'Try again.')).toBe(
      'Try again.',
    );
    expect(userMessage(new ApiError('unavailable', 'engine down', 503), 'Try again.')).toBe(
      'Try again.',
    );
    expect(userMessage(new TypeError('boom'), 'Try again.')).toBe('Try again.');
    expect(userMessage(undefined, 'Try again.')).toBe('Try again.');
  });
});
