import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { ErrorScreen } from './error-screen';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorScreen', () => {
  it('replaces a crashed page with the spec texts and reports the failure', async () => {
    const fetchMock = mockFetch(() => new Response('{}', { status: 202 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);

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
