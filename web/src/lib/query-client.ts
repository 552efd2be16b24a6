import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Errors the server meant (not found, refused) are not retried; network blips are, twice.
        retry: (count, error) =>
          count < 2 &&
          error instanceof ApiError &&
          (error.code === 'network' || error.code === 'unavailable'),
      },
    },
  });
}
