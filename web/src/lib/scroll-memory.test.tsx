import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The module as a new document loads it: what the tab kept is read again, and nothing noted by
 * an earlier test is remembered.
 */
async function freshModules() {
  vi.resetModules();
  const { renderRoutes } = await import('../test/render');
  const memory = await import('./scroll-memory');
  const Layout = () => (
    <>
      <Outlet />
      <memory.ScrollMemory />
    </>
  );
  return { renderRoutes, render: renderRoutes, Layout, ...memory };
}

describe('ScrollMemory', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  const scrolled = (y: number) =>
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  beforeEach(() => {
    scrollTo = vi.fn((_x: number, y: number) => scrolled(y));
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => {
    scrolled(0);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('starts a page reached by a link at the top or its fragment; Back returns where it was', async () => {
    const { renderRoutes, Layout } = await freshModules();
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const { history } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/a', element: <Link to="/b">To b</Link> },
            { path: '/b', element: <Link to="/c#part">To c</Link> },
            { path: '/c', element: <h2 id="part">Part</h2> },
          ],
        },
      ],
      { at: '/a' },
    );
    expect(window.history.scrollRestoration).toBe('manual');
    // The first page keeps where the browser put it.
    expect(scrollTo).not.toHaveBeenCalled();

    scrolled(300);
    fireEvent.click(screen.getByRole('link', { name: 'To b' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrolled(40);
    fireEvent.click(screen.getByRole('link', { name: 'To c' }));
    expect(intoView).toHaveBeenCalledTimes(1);
    expect(intoView.mock.contexts[0]).toBe(screen.getByRole('heading', { name: 'Part' }));

    act(() => history.go(-2));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
    act(() => history.go(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 40);

    window.dispatchEvent(new Event('pagehide'));
    const kept = JSON.parse(sessionStorage.getItem('doublecast-scroll-positions')!) as Record<
      string,
      number
    >;
    expect(Object.values(kept)).toEqual(expect.arrayContaining([300, 40]));
  });

  it.each(['null', '5', '"text"', '[300]', '{"default":"far"}', '{broken'])(
    'ignores what else is kept under its key (%s)',
    async (stored) => {
      sessionStorage.setItem('doublecast-scroll-positions', stored);
      const { render, ScrollMemory: Memory } = await freshModules();
      const { history } = render(
        [
          {
            element: (
              <>
                <Outlet />
                <Memory />
              </>
            ),
            children: [
              { path: '/a', element: <Link to="/b">To b</Link> },
              { path: '/b', element: <p>Page b</p> },
            ],
          },
        ],
        { at: '/a' },
      );
      expect(scrollTo).not.toHaveBeenCalled();
      scrolled(120);
      fireEvent.click(screen.getByRole('link', { name: 'To b' }));
      act(() => history.go(-1));
      expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
      window.dispatchEvent(new Event('pagehide'));
      const kept = JSON.parse(sessionStorage.getItem('doublecast-scroll-positions')!) as Record<
        string,
        number
      >;
      // The two entries of this visit; nothing of what was there before.
      expect(Object.values(kept).sort()).toEqual([0, 120]);
      expect(kept[history.location.key]).toBe(120);
    },
  );

  it('remembers the newest entries only, the one on screen included when the tab hides', async () => {
    sessionStorage.removeItem('doublecast-scroll-positions');
    const { render, ScrollMemory: Memory, SCROLL_MEMORY_ENTRIES } = await freshModules();
    const { history } = render(
      [
        {
          element: (
            <>
              <Outlet />
              <Memory />
            </>
          ),
          children: [{ path: '*', element: <p>A page</p> }],
        },
      ],
      { at: '/0' },
    );
    for (let n = 1; n <= SCROLL_MEMORY_ENTRIES + 20; n += 1) {
      scrolled(n);
      act(() => history.push(`/${n}`));
    }
    scrolled(7);
    window.dispatchEvent(new Event('pagehide'));
    const kept = JSON.parse(sessionStorage.getItem('doublecast-scroll-positions')!) as Record<
      string,
      number
    >;
    expect(Object.keys(kept)).toHaveLength(SCROLL_MEMORY_ENTRIES);
    expect(kept[history.location.key]).toBe(7);
    expect(Object.values(kept)).not.toContain(1);
  });

  it('starts a page whose fragment is not valid percent-encoding at the top', async () => {
    const { renderRoutes, Layout } = await freshModules();
    const { container } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/a', element: <Link to="/b#%E0%A4%A">To b</Link> },
            { path: '/b', element: <p>Page b</p> },
          ],
        },
      ],
      { at: '/a' },
    );
    scrolled(50);
    fireEvent.click(screen.getByRole('link', { name: 'To b' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(container.textContent).toBe('Page b');
  });
});
