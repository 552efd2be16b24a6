import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { useGuardedHistory } from './navigation-guard';

const STORAGE_KEY = 'doublecast-scroll-positions';

/** Scroll positions by history entry (React Router's location key), kept for the tab. */
let positions: Record<string, number> | null = null;

function saved(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
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
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // Storage full or refused: positions are kept for this document only.
      }
    };
    const stop = history.onLeave((left) => {
      saved()[left.key] = window.scrollY;
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
      const top = saved()[location.key];
      if (top !== undefined) window.scrollTo(0, top);
      return;
    }
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Once per entry shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
