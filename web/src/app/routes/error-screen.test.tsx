import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorScreen', () => {
  it('replaces a crashed page with the spec texts and reports the failure', async () => {
    const fetchMock = mockFetch(() => new Response('{}', { status: 202 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <Broken /> }]);

    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText("We're sorry for the inconvenience. Please try refreshing the page."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect(JSON.parse(init.body as string)).toMatchObject({
      name: 'exception',
      properties: { description: 'render failed', fatal: true },
    });
  });

  it('shows for a page whose chunk fails to load, and goes when the user moves to another entry', async () => {
    mockFetch(() => new Response('{}', { status: 202 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const { history } = renderRoutes([
      { path: '/', element: <Link to="/missing">Open</Link> },
      {
        path: '/missing',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <Missing />
          </Suspense>
        ),
      },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    act(() => history.go(-1));
    expect(screen.getByRole('link', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
