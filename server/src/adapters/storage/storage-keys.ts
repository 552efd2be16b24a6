/** Keys are built by the server: `users/{id}/generations/{file}.mp3` and the like. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** True for a key every store accepts: slash-separated names, never `..`, never absolute. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}
