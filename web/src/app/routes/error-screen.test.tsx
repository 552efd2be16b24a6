import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('replaces a crashed page with the spec texts and reports the failure', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <ErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);

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
});
