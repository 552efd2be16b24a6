import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { useGuardedHistory } from './navigation-guard';

const STORAGE_KEY = 'doublecast-scroll-positions';
/** Entries remembered: the newest ones, so a long visit does not grow the tab's storage. */
export const SCROLL_MEMORY_ENTRIES = 100;

/** Scroll positions by history entry (React Router's location key), oldest first. */
let positions: Map<string, number> | null = null;

/** The positions kept for the tab; whatever else is stored under the key is ignored. */
function saved(): Map<string, number> {
  if (!positions) {
    positions = new Map();
    try {
      const kept: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      if (kept && typeof kept === 'object' && !Array.isArray(kept)) {
        for (const [key, top] of Object.entries(kept)) {
          if (typeof top === 'number' && Number.isFinite(top)) positions.set(key, top);
        }
      }
    } catch {
      // Not JSON (or no storage): nothing remembered.
    }
  }
  return positions;
}

function note(key: string, top: number) {
  const map = saved();
  map.delete(key);
  map.set(key, top);
  for (const oldest of map.keys()) {
    if (map.size <= SCROLL_MEMORY_ENTRIES) break;
    map.delete(oldest);
  }
}

/** The element a fragment names, if any (a fragment that is not valid percent-encoding names none). */
function fragmentTarget(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * What the data router's ScrollRestoration did, for the declarative router (decision 245): a
 * page reached by a link or `navigate()` starts at the top (or at its #fragment); Back and
 * Forward, and a reload, return to where that entry was scrolled. The position of the page
 * being left is noted just before the router shows the next one, and kept in sessionStorage
 * when the tab hides.
 */
export function ScrollMemory() {
  const history = useGuardedHistory();
  const location = useLocation();
  const action = useNavigationType();

  useLayoutEffect(() => {
    if (!history) return;
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      // The entry on screen too: a reload comes back to it.
      note(history.location.key, window.scrollY);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(saved())));
      } catch {
        // Storage full or refused: positions are kept for this document only.
      }
    };
    const stop = history.onLeave((left) => {
      note(left.key, window.scrollY);
    });
    window.addEventListener('pagehide', keep);
    return () => {
      stop();
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, [history]);

  useLayoutEffect(() => {
    if (action === NavigationType.Pop) {
      const top = saved().get(location.key);
      if (top !== undefined) window.scrollTo(0, top);
      return;
    }
    const target = fragmentTarget(location.hash);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Once per entry shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
