import { act } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CONFIG } from '@doublecast/common/plans';
import type { Voice } from '@doublecast/common/voices';
import { useSession } from '../features/auth/api/get-session';
import { useBlogPosts } from '../features/blog/api/list-blog-posts';
import { Faq } from '../features/marketing/components/faq';
import { usePlanConfig } from '../features/plans/api/get-plans';
import { VoiceCatalogue } from '../features/voices/components/voice-catalogue';
import { createTestQueryClient } from '../test/render';

const voice = (id: string, category: Voice['category']): Voice => ({
  id,
  name: id,
  originalName: id,
  description: null,
  labels: { gender: null, age: null, accent: null, useCase: null },
  bestFor: [],
  category,
  previewUrl: `/api/voices/${id}/preview`,
  featured: true,
  engine: 'local',
});

function Account() {
  const { user } = useSession();
  const config = usePlanConfig();
  const posts = useBlogPosts();
  return (
    <p>
      {user ? `Signed in as ${user.email}` : 'Signed out'}, {config.monthlyPrice},{' '}
      {posts.data ? `${posts.data.pages[0]?.posts.length} posts` : 'posts loading'}
    </p>
  );
}

const page = (client: QueryClient): ReactNode => (
  <QueryClientProvider client={client}>
    <MemoryRouter>
      <Account />
      <VoiceCatalogue signedIn={false} autoplay={null} />
      <Faq config={DEFAULT_PLAN_CONFIG} />
    </MemoryRouter>
  </QueryClientProvider>
);

/**
 * A page the build rendered, hydrated by a browser whose queries answered before this part of
 * the page hydrated (a lazy chunk arriving late): the answers must wait for hydration.
 */
describe('queries that answer before hydration', () => {
  it('hydrate as the build drew them, then show their answers', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(createTestQueryClient()));
    document.body.append(container);

    const client = createTestQueryClient();
    client.setQueryData(['voices', 'featured'], [voice('ann', 'women'), voice('tom', 'men')]);
    client.setQueryData(['session'], {
      user: { id: 'u1', email: 'ann@example.com', role: 'user' },
    });
    client.setQueryData(['plans'], {
      config: { ...DEFAULT_PLAN_CONFIG, monthlyPrice: 12.5 },
    });
    client.setQueryData(['blog', 'posts'], {
      pages: [{ posts: [], hasMore: false, nextCursor: null }],
      pageParams: [null],
    });
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page(client), { onRecoverableError: (e) => mismatches.push(e) });
    });

    expect(mismatches).toEqual([]);
    expect(container.textContent).toContain('Signed in as ann@example.com, 12.5, 0 posts');
    expect(container.textContent).toContain('2 voices: men, women and children');
    expect(container.textContent).toContain('MEN (1)');
    container.remove();
  });
});
