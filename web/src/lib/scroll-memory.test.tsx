import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { ScrollMemory } from './scroll-memory';

function Layout() {
  return (
    <>
      <Outlet />
      <ScrollMemory />
    </>
  );
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

  it('starts a page reached by a link at the top or its fragment; Back returns where it was', () => {
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
});
