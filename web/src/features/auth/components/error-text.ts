import { ApiError } from '../../../lib/api-client';

/**
 * The text to show for a failed call: the server's own message where it speaks to the user
 * (validation, wrong credentials, rate limits, expired links, offline), else the page's
 * fallback from the spec.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'internal' || error.code === 'unavailable') return fallback;
    return error.message;
  }
  return fallback;
}
