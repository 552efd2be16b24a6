import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import {
  Link,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useLocation,
  useNavigate,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { guardHistory, useNavigationBlocker, type BlockerFunction } from './navigation-guard';

/** A guarded memory history at `entries` (the last one shown), listened to as the router does. */
function guarded(entries: string[], shouldBlock: BlockerFunction) {
  const memory = createMemoryHistory({ initialEntries: entries, v5Compat: true });
  const history = guardHistory(memory);
  const shown: string[] = [];
  history.listen(({ location }) => shown.push(location.pathname));
  const onHeld = vi.fn<(held: { proceed(): void; reset(): void } | null) => void>();
  history.block(shouldBlock, onHeld);
  const held = () => onHeld.mock.lastCall?.[0] ?? null;
  return { history, memory, shown, held, onHeld };
}

const otherPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

describe('guardHistory', () => {
  it('holds a push the page refuses; proceed runs it once, reset drops it', () => {
    const { history, memory, shown, held } = guarded(['/edit'], otherPage);
    history.push('/blog');
    expect(history.location.pathname).toBe('/edit');
    expect(shown).toEqual([]);
    held()!.reset();
    expect(held()).toBeNull();
    expect(history.location.pathname).toBe('/edit');

    history.push({ pathname: '/blog' });
    const first = held()!;
    first.proceed();
    first.proceed();
    expect(history.location.pathname).toBe('/blog');
    expect(shown).toEqual(['/blog']);
    expect(memory.index).toBe(1);
  });

  it('lets through what the page allows: the same page with another query, or anything unblocked', () => {
    const { history, shown, onHeld } = guarded(['/edit'], otherPage);
    history.replace('/edit?tab=2');
    expect(shown).toEqual(['/edit']);
    expect(onHeld).not.toHaveBeenCalled();
    const free = guarded(['/edit'], () => false);
    free.history.push('/blog');
    expect(free.shown).toEqual(['/blog']);
  });

  it('undoes Back while refused and replays it on proceed', () => {
    const { history, memory, shown, held } = guarded(['/blog', '/edit'], otherPage);
    history.go(-1);
    // The POP happened and was undone: the router was told nothing, the entry is /edit again.
    expect(history.location.pathname).toBe('/edit');
    expect(memory.index).toBe(1);
    expect(shown).toEqual([]);
    const back = held()!;
    back.proceed();
    back.proceed();
    expect(history.location.pathname).toBe('/blog');
    expect(memory.index).toBe(0);
    expect(shown).toEqual(['/blog']);
  });

  it('keeps the page through repeated Back presses while the question is open, then Stay', () => {
    const { history, shown, held } = guarded(['/', '/blog', '/edit'], otherPage);
    history.go(-1);
    history.go(-2);
    expect(history.location.pathname).toBe('/edit');
    held()!.reset();
    expect(history.location.pathname).toBe('/edit');
    expect(shown).toEqual([]);
    // Answered: the next Back is asked about again, and Leave goes to the last one asked.
    history.go(-2);
    held()!.proceed();
    expect(history.location.pathname).toBe('/');
    expect(shown).toEqual(['/']);
  });

  it('copes with a browser dropping the undo: Stay goes back to the page, Leave stays where it is', () => {
    for (const answer of ['reset', 'proceed'] as const) {
      const memory = createMemoryHistory({ initialEntries: ['/blog', '/edit'], v5Compat: true });
      let drops = 0;
      // A browser asked for several traversals at once may run only one of them.
      const lossy = Object.assign(Object.create(memory) as typeof memory, {
        go: (delta: number) => (drops > 0 ? void (drops -= 1) : memory.go(delta)),
      });
      const history = guardHistory(lossy);
      const shown: string[] = [];
      history.listen(({ location }) => shown.push(location.pathname));
      let held: { proceed(): void; reset(): void } | null = null;
      history.block(otherPage, (h) => (held = h));
      drops = 1;
      memory.go(-1);
      expect(memory.location.pathname).toBe('/blog');
      expect(shown).toEqual([]);
      held![answer]();
      if (answer === 'reset') {
        expect(memory.location.pathname).toBe('/edit');
        expect(shown).toEqual([]);
      } else {
        expect(memory.location.pathname).toBe('/blog');
        expect(shown).toEqual(['/blog']);
      }
    }
  });

  it('in the browser, judges Back to an entry a fragment link made and undoes it by the right distance', async () => {
    window.history.replaceState(null, '', '/blog');
    const browser = createBrowserHistory({ v5Compat: true });
    const history = guardHistory(browser, window.history);
    // The tab's first entry gets a key of its own, as React Router gives every entry it makes.
    expect(history.location.key).not.toBe('default');
    const shown: string[] = [];
    const stop = history.listen(({ location }) => shown.push(location.pathname + location.hash));
    const popped = () =>
      new Promise<void>((resolve) =>
        window.addEventListener('popstate', () => resolve(), { once: true }),
      );
    try {
      // "Skip to content": the browser adds an entry with no state and reports a POP.
      window.history.pushState(null, '', '/blog#main');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      expect(shown).toEqual(['/blog#main']);
      expect(history.location.key).not.toBe('default');
      history.push('/edit');
      const held = vi.fn<(held: { proceed(): void; reset(): void } | null) => void>();
      history.block(otherPage, held);

      let landed = popped();
      window.history.back();
      await landed;
      // Refused: undone with one step forward, not by an entry's index.
      expect(held.mock.lastCall?.[0]).toMatchObject({ proceed: expect.any(Function) });
      landed = popped();
      await landed;
      expect(window.location.pathname).toBe('/edit');
      expect(shown).toEqual(['/blog#main', '/edit']);

      landed = popped();
      held.mock.lastCall![0]!.proceed();
      await landed;
      expect(window.location.pathname + window.location.hash).toBe('/blog#main');
      expect(shown).toEqual(['/blog#main', '/edit', '/blog#main']);
    } finally {
      stop();
    }
  });

  it('asks nothing once the page stops blocking, and tells who listens which page is left', () => {
    const history = guardHistory(createMemoryHistory({ initialEntries: ['/a'], v5Compat: true }));
    const left: string[] = [];
    history.onLeave((location) => left.push(location.pathname));
    history.listen(() => undefined);
    const stop = history.block(() => true, vi.fn());
    stop();
    history.push('/b');
    history.go(-1);
    expect(history.location.pathname).toBe('/a');
    expect(left).toEqual(['/a', '/b']);
  });
});

function Dirty() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <div>
      <p>at {pathname}</p>
      <button onClick={() => setDirty(true)}>Type</button>
      <Link to="/other">Other</Link>
      <button onClick={() => void navigate('/other')}>Go</button>
      {blocker.state === 'blocked' && (
        <div role="dialog" aria-label="Leave this page?">
          <button onClick={blocker.reset}>Stay</button>
          <button onClick={blocker.proceed}>Leave</button>
        </div>
      )}
    </div>
  );
}

describe('useNavigationBlocker', () => {
  function renderDirty() {
    return renderRoutes(
      [
        { path: '/edit', element: <Dirty /> },
        { path: '/other', element: <p>Other page</p> },
      ],
      { at: '/edit' },
    );
  }

  it('lets a clean page go without asking', () => {
    renderDirty();
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByText('Other page')).toBeTruthy();
  });

  it('holds links, navigate() and Back while dirty', () => {
    const { history } = renderDirty();
    fireEvent.click(screen.getByRole('button', { name: 'Type' }));
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('at /edit')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Other page')).toBeTruthy();

    act(() => history.go(-1));
    expect(screen.getByText('at /edit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Type' }));
    act(() => history.go(1));
    expect(screen.getByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(screen.getByText('at /edit')).toBeTruthy();
    expect(history.location.pathname).toBe('/edit');
  });
});
