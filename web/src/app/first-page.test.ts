import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SCRIPT_PAGE_SIZE } from '@doublecast/common/scripts';
import { sessionQueryKey } from '../features/auth/api/get-session';
import { apiRequest } from '../lib/api-client';
import { availableVoicesQueryKey } from '../lib/available-voices';
import { dropEarlyRequests, hasEarlyRequests } from '../lib/early-requests';
import { earlyRequestPaths, startEarlyRequests } from '../lib/early-requests-start';
import { jsonResponse, mockFetch } from '../test/fetch';
import { createTestQueryClient } from '../test/render';
import { prepareFirstPage } from './first-page';

/** Long enough for a busy machine: the test is about what is read, not when. */
const WAIT = 60_000;
const USER = { id: 'u1', email: 'actor@example.com', role: 'user' as const };

/** What the server answers for each early read. */
function answer(url: string): Response {
  if (url === '/api/session') return jsonResponse({ user: USER });
  if (url === '/api/messages/unread-count') return jsonResponse({ unreadCount: 2 });
  if (url.startsWith('/api/scripts?')) return jsonResponse({ scripts: [], nextCursor: null });
  if (url === '/api/voices') return jsonResponse({ voices: [] });
  throw new Error(`unexpected read ${url}`);
}

afterEach(() => dropEarlyRequests());

describe('early requests', () => {
  it('asks for the page of scripts Practice lists', () => {
    expect(earlyRequestPaths('/practice')).toContain(`/api/scripts?limit=${MAX_SCRIPT_PAGE_SIZE}`);
    expect(earlyRequestPaths('/practice/abc')).toContain('/api/scripts/abc');
    // The self-tape page (the camera) and public pages start nothing.
    expect(earlyRequestPaths('/practice/abc/self-tape')).toEqual([]);
    expect(earlyRequestPaths('/')).toEqual([]);
  });

  it("fills the first page's data from the reads the first script started, once", async () => {
    const early = vi.fn(async (url: RequestInfo | URL) => answer(String(url)));
    startEarlyRequests('/practice', early as typeof fetch);
    expect(early).toHaveBeenCalledTimes(4);
    // Anything the app asks the server itself is counted here.
    const later = mockFetch(answer);

    const client = createTestQueryClient();
    await prepareFirstPage(client, { pathname: '/practice', search: '' }, WAIT);

    expect(later).not.toHaveBeenCalled();
    expect(client.getQueryData(sessionQueryKey)).toEqual({ user: USER });
    expect(client.getQueryData(availableVoicesQueryKey)).toEqual({ voices: [] });
    expect(client.getQueryData(['scripts', 'practice', null])).toEqual([]);
    expect(client.getQueryData(['messages', 'unread'])).toEqual({ unreadCount: 2 });
    // What is read later asks the server again: an early answer is never served twice.
    expect(hasEarlyRequests()).toBe(false);
    await apiRequest('GET', '/api/session');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('drops the reads a page does not take up', async () => {
    startEarlyRequests('/practice', (async (url: RequestInfo | URL) =>
      answer(String(url))) as typeof fetch);
    const later = mockFetch(answer);
    // The address changed before the app started: nothing is prepared and nothing is kept.
    await prepareFirstPage(createTestQueryClient(), { pathname: '/scripts', search: '' });
    expect(hasEarlyRequests()).toBe(false);
    await apiRequest('GET', '/api/voices');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a page that started no reads', async () => {
    const later = mockFetch(answer);
    const client = createTestQueryClient();
    await prepareFirstPage(client, { pathname: '/practice', search: '' });
    expect(later).not.toHaveBeenCalled();
    expect(client.getQueryData(sessionQueryKey)).toBeUndefined();
  });
});
