import { DEFAULT_QUERY_STALE_MS, REFETCH_ON_WINDOW_FOCUS } from '@paddock/domain';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

/**
 * §9: queries never go stale on their own and do not refetch on focus; they refresh by polling
 * (refetchInterval on the query) or by invalidation after a mutation. Client errors (4xx) and
 * 'offline' are not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_QUERY_STALE_MS,
        refetchOnWindowFocus: REFETCH_ON_WINDOW_FOCUS,
        retry: (failures, error) =>
          !(isApiError(error) && (error.status === 0 || error.status < 500)) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
