import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  NavigationType,
  parsePath,
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
  type Location,
  type To,
} from 'react-router';

type History = HistoryRouterProps['history'];
/** The browser's own history (`window.history`), whose entries carry React Router's state. */
type BrowserEntries = Pick<globalThis.History, 'state' | 'replaceState'>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** A location key as React Router makes them. */
const newKey = () => Math.random().toString(36).slice(2, 10);

/** Asked before each navigation while a page holds one (decision 245). */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}) => boolean;

/** A held navigation: `proceed` lets it through, `reset` drops it. */
export interface Blocker {
  state: 'blocked' | 'unblocked';
  proceed(): void;
  reset(): void;
}

interface Held {
  proceed(): void;
  reset(): void;
}

/** A history whose navigations a page can hold until the user answers (see `guardHistory`). */
export interface GuardedHistory extends History {
  /** Makes `shouldBlock` judge navigations; `onHeld` hears of a held one and of its end. */
  block(shouldBlock: BlockerFunction, onHeld: (held: Held | null) => void): () => void;
  /** Calls `listener` with the location being left, just before each navigation is shown. */
  onLeave(listener: (location: Location) => void): () => void;
}

/**
 * Wraps a React Router history (browser or memory) so a page can hold navigations, as the data
 * router's `useBlocker` does, without the data router (decision 245). `push` and `replace` are
 * held before they touch the history. A POP (Back, Forward) has already happened when it is
 * heard, so it is undone with `go` and replayed with `go` on `proceed`. Positions are counted
 * from the deltas the history reports; a POP that lands on the entry on screen (an undo
 * arriving) is not passed to the router.
 *
 * In the browser, `entries` is `window.history`: positions are then read from the index React
 * Router keeps in each entry's state (`idx`), and an entry the browser made itself (a fragment
 * link such as "Skip to content", whose state is null) is given the index and key React Router
 * would have given it. Without that, React Router reports no delta for such an entry and a
 * wrong one (the next entry's index) for the POP after it, so Back to or from it went unjudged
 * or was undone by the wrong distance; and every such entry, like a tab's first one, had the
 * location key 'default', which the scroll memory keeps positions under.
 */
export function guardHistory(history: History, entries?: BrowserEntries): GuardedHistory {
  if (entries && typeof entries.state?.key !== 'string') {
    // The tab's first entry of this document: a key of its own, kept by a reload.
    entries.replaceState({ ...entries.state, key: newKey() }, '');
  }
  const indexNow = () => {
    const idx: unknown = entries?.state?.idx;
    return typeof idx === 'number' ? idx : null;
  };
  let shown = history.location;
  let position = indexNow() ?? 0;
  let shownPosition = position;
  /** Where a proceeded POP is going; the POP that lands there is passed to the router. */
  let passTo: number | null = null;
  let judge: BlockerFunction | null = null;
  let tell: ((held: Held | null) => void) | null = null;
  let held: Held | null = null;
  const leaving = new Set<(location: Location) => void>();

  const hold = (next: Held | null) => {
    held = next;
    tell?.(next);
  };
  const blocks = (nextLocation: Location, historyAction: NavigationType) =>
    !!judge?.({ currentLocation: shown, nextLocation, historyAction });
  const leave = () => leaving.forEach((listener) => listener(shown));
  const locationOf = (to: To, state: unknown): Location => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return {
      pathname: path.pathname ?? shown.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state,
      key: '',
    };
  };
  /** Holds a navigation until the page answers; only the first answer to the newest one counts. */
  const holdUntilAnswered = (onProceed: () => void, onReset: () => void) => {
    const me: Held = { proceed: () => answer(onProceed), reset: () => answer(onReset) };
    const answer = (then: () => void) => {
      if (held !== me) return;
      hold(null);
      then();
    };
    hold(me);
  };
  /** Runs a push or replace now, or holds it while the page says so. */
  const attempt = (action: NavigationType, run: () => void, next: Location) => {
    if (held || blocks(next, action)) holdUntilAnswered(run, () => undefined);
    else run();
  };

  const guarded: GuardedHistory = {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state) {
      attempt(
        NavigationType.Push,
        () => {
          leave();
          history.push(to, state);
        },
        locationOf(to, state),
      );
    },
    replace(to, state) {
      attempt(
        NavigationType.Replace,
        () => {
          leave();
          history.replace(to, state);
        },
        locationOf(to, state),
      );
    },
    listen(fn) {
      shown = history.location;
      const show = (update: Update) => {
        if (update.action === NavigationType.Pop) leave();
        passTo = null;
        shownPosition = position;
        shown = update.location;
        fn(update);
      };
      return history.listen((heard) => {
        let update = heard;
        if (update.action !== NavigationType.Pop) {
          position =
            indexNow() ?? (update.action === NavigationType.Push ? position + 1 : position);
          show(update);
          return;
        }
        if (entries) {
          let index = indexNow();
          if (index === null) {
            // An entry the browser made (a fragment link), one after the entry on screen.
            index = shownPosition + 1;
            entries.replaceState({ usr: null, key: newKey(), idx: index }, '');
            update = { ...update, location: history.location };
          }
          position = index;
        } else if (update.delta == null) {
          show(update);
          return;
        } else {
          position += update.delta;
        }
        if (position === shownPosition) {
          // An undo arriving; a Leave pressed before it arrived goes now.
          if (passTo !== null) history.go(passTo - position);
          return;
        }
        if (passTo === position || !(held || blocks(update.location, update.action))) {
          show(update);
          return;
        }
        const target = position;
        holdUntilAnswered(
          () => {
            passTo = target;
            // The undo may have been dropped (a browser runs one traversal of several asked
            // at once): then the page already stands on the entry asked for.
            if (position === target) show({ ...update, location: history.location });
            else history.go(target - position);
          },
          () => {
            if (position !== shownPosition) history.go(shownPosition - position);
          },
        );
        // Back to the entry on screen; each later POP that lands elsewhere is undone again.
        history.go(shownPosition - position);
      });
    },
    block(shouldBlock, onHeld) {
      judge = shouldBlock;
      tell = onHeld;
      return () => {
        if (judge !== shouldBlock) return;
        judge = null;
        tell = null;
        held = null;
      };
    },
    onLeave(listener) {
      leaving.add(listener);
      return () => void leaving.delete(listener);
    },
  };
  return guarded;
}

const GuardContext = createContext<GuardedHistory | null>(null);

/** React Router's declarative router on a guarded history, which pages reach through hooks. */
export function GuardedRouter({
  history,
  children,
}: {
  history: GuardedHistory;
  children: ReactNode;
}) {
  return (
    <GuardContext value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </GuardContext>
  );
}

/** The guarded history of the app (null outside a GuardedRouter, as on the server). */
export const useGuardedHistory = () => use(GuardContext);

const UNBLOCKED: Blocker = { state: 'unblocked', proceed() {}, reset() {} };

/**
 * Holds in-app navigations (links, `navigate()`, Back and Forward) that `shouldBlock` refuses,
 * until the page calls `proceed` or `reset` on the returned blocker. Like React Router's
 * `useBlocker`, which needs the data router (decision 245). `shouldBlock` may change each render.
 */
export function useNavigationBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useGuardedHistory();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  const [held, setHeld] = useState<Held | null>(null);
  useEffect(() => {
    if (!history) return;
    const stop = history.block((args) => latest.current(args), setHeld);
    return () => {
      stop();
      setHeld(null);
    };
  }, [history]);
  return held ? { state: 'blocked', ...held } : UNBLOCKED;
}
