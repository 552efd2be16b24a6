import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCRIPT_MESSAGES, type ScriptSummary } from '@doublecast/common/scripts';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ScriptsManager } from './scripts-manager';

const summary = (id: string, title: string): ScriptSummary => ({
  id,
  title,
  preview: 'ANNA\nHi.',
  characters: [{ name: 'ANNA', lineCount: 1, gender: null }],
  tags: [],
  isArchived: false,
  isFavorite: false,
  isSample: false,
  wordCount: 2,
  characterCount: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastOpenedAt: null,
});

describe('ScriptsManager', () => {
  it('tells a failed Archive in that script card, and clears it when a retry succeeds', async () => {
    let archiveFails = true;
    mockFetch((url, init) => {
      if (url.startsWith('/api/scripts?') || url === '/api/scripts') {
        return jsonResponse({
          scripts: [summary('a', 'Kitchen'), summary('b', 'Garden')],
          nextCursor: null,
        });
      }
      if (init.method === 'PATCH' && url === '/api/scripts/b/archive') {
        if (archiveFails) return errorResponse('internal', 'x', 500);
        return jsonResponse({ ...summary('b', 'Garden'), content: 'ANNA\nHi.', analysis: null });
      }
      throw new Error(`Unexpected fetch: ${init.method} ${url}`);
    });
    renderWithProviders(<ScriptsManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Garden' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SCRIPT_MESSAGES.archive);
    const garden = screen.getByRole('article', { name: 'Garden' });
    expect(garden.contains(alert)).toBe(true);
    expect(
      within(screen.getByRole('article', { name: 'Kitchen' })).queryByRole('alert'),
    ).toBeNull();

    archiveFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Archive Garden' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('tells a failed Delete in that script card', async () => {
    mockFetch((url, init) => {
      if (init.method === 'DELETE') return errorResponse('internal', 'x', 500);
      return jsonResponse({ scripts: [summary('a', 'Kitchen')], nextCursor: null });
    });
    renderWithProviders(<ScriptsManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kitchen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SCRIPT_MESSAGES.delete);
    expect(screen.getByRole('article', { name: 'Kitchen' }).contains(alert)).toBe(true);
  });
});
