/**
 * The first script's half of early-requests.ts: which reads a page starts as it arrives, and
 * starting them. Only GETs without side effects are listed.
 */

/** The script list's page size (MAX_SCRIPT_PAGE_SIZE in common/src/scripts.ts; a test holds it). */
export const PRACTICE_SCRIPTS_PATH = '/api/scripts?limit=100';
const SESSION_PATH = '/api/session';
const VOICES_PATH = '/api/voices';
const UNREAD_PATH = '/api/messages/unread-count';

/** The GETs the page at `pathname` reads for its first screen (none for most pages). */
export function earlyRequestPaths(pathname: string): string[] {
  if (pathname === '/practice' || pathname === '/practice/')
    return [SESSION_PATH, UNREAD_PATH, PRACTICE_SCRIPTS_PATH, VOICES_PATH];
  const run = /^\/practice\/([^/]+)\/?$/.exec(pathname);
  if (run) return [SESSION_PATH, UNREAD_PATH, `/api/scripts/${run[1]}`, VOICES_PATH];
  return [];
}

// Read by the app through early-requests.ts.
const pending = (): Map<string, Promise<Response>> =>
  ((
    globalThis as { __doublecastEarlyRequests?: Map<string, Promise<Response>> }
  ).__doublecastEarlyRequests ??= new Map());

/** Starts the page's early reads; a read that fails to start is left to the app. */
export function startEarlyRequests(pathname: string, fetcher: typeof fetch = fetch): void {
  for (const path of earlyRequestPaths(pathname)) {
    const response = fetcher(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    // A read nobody takes up must not surface as an unhandled rejection.
    response.catch(() => undefined);
    pending().set(path, response);
  }
}
