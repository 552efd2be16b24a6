import { ApiError } from './api-client';

/**
 * The one way a failure becomes text on screen: the server's own message where it speaks to the
 * user (validation, refusals, limits, expired links, offline), else the caller's fallback, the
 * product's text for that place. Internal errors and an unavailable dependency never show their
 * wording (it is written for operators), nor does anything that is not an ApiError.
 */
export function userMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'internal' && error.code !== 'unavailable')
    return error.message;
  return fallback;
}
