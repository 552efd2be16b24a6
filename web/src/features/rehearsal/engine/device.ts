import { useEffect, useRef } from 'react';

/**
 * Keeps the screen on (Screen Wake Lock) until the returned function is called; asks again when
 * the page comes back into view, since the browser lets the lock go when it is hidden. Does
 * nothing where the API is missing or refused.
 */
export function keepScreenOn(): () => void {
  const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
  if (!wakeLock) return () => undefined;
  let sentinel: WakeLockSentinel | null = null;
  let on = true;
  const request = () => {
    if (!on || document.visibilityState !== 'visible') return;
    wakeLock
      .request('screen')
      .then((s) => {
        if (on) sentinel = s;
        else void s.release();
      })
      .catch(() => undefined);
  };
  document.addEventListener('visibilitychange', request);
  request();
  return () => {
    on = false;
    document.removeEventListener('visibilitychange', request);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}

/**
 * A headset's or the lock screen's play/pause (Media Session API) calls `onPress`: at the
 * actor's line it is the cue. The handlers are the page's while it is mounted.
 */
export function useMediaKeys(title: string, onPress: () => void) {
  const press = useRef(onPress);
  press.current = onPress;
  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (!session) return;
    const handler = () => press.current();
    const actions: MediaSessionAction[] = ['play', 'pause', 'nexttrack'];
    for (const action of actions) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    if (typeof MediaMetadata !== 'undefined')
      session.metadata = new MediaMetadata({ title, artist: 'Doublecast scene partner' });
    return () => {
      for (const action of actions) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
      session.metadata = null;
    };
  }, [title]);
}
