import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { StudioRoute } from './studio';

describe('StudioRoute', () => {
  it("asks for the Studio's data while the subscription check is still out (decision 238)", async () => {
    // Nothing answers: the page stays on its subscription check.
    const fetchMock = mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<StudioRoute />, { at: '/studio' });
    expect(screen.getByText('Checking your subscription...')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
        '/api/preferences',
        '/api/readings',
        '/api/subscription',
        '/api/usage',
        '/api/voices',
      ]),
    );
  });
});
