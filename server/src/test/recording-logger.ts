import { expect, vi } from 'vitest';
import { AppError } from '../lib/app-error';

/** A logger whose calls tests can read (`log.error.mock.calls`). */
export function recordingLogger() {
  const log = {
    level: 'trace',
    fatal: vi.fn(),
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    silent: vi.fn(),
    child: () => log,
  };
  return log;
}

/** The AppError a promise rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a rejection');
}
