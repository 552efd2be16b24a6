/**
 * The API reads a signed-in page's first screen needs, started by the first script (main.tsx,
 * early-requests-start.ts) as the page arrives, so they answer while the app's code is still downloading and running
 * instead of one after another once it has (session, then the page's data). The app takes
 * them up while it prepares the first page (boot.tsx) and drops the rest: a later read always
 * asks the server again. Only GETs without side effects are listed.
 */

/**
 * The reads started, kept on the window rather than in a module both import: a module the first
 * script shares with the app would make it import the app's shared chunk (and React with it)
 * before the first paint (decision 235). early-requests-start.ts writes under the same key.
 */
const pending = (): Map<string, Promise<Response>> =>
  ((
    globalThis as { __doublecastEarlyRequests?: Map<string, Promise<Response>> }
  ).__doublecastEarlyRequests ??= new Map());

/** The early response for a GET of `path`, once; undefined when none was started. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const response = pending().get(path);
  pending().delete(path);
  return response;
}

/** Whether any early read is waiting to be taken up. */
export function hasEarlyRequests(): boolean {
  return pending().size > 0;
}

/** Forgets the reads not taken up: after the first page they would be stale. */
export function dropEarlyRequests(): void {
  pending().clear();
}
