import { DEFAULT_QUERY_STALE_MS, REFETCH_ON_WINDOW_FOCUS } from '@paddock/domain';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

/**
 * §9: queries never go stale on their own and do not refetch on focus; they refresh by polling
 * (refetchInterval on the query) or by invalidation after a mutation. Client errors (4xx) are not
 * retried. A query that gets no answer ('offline', §4) is retried once the API answers again:
 * meanwhile it is paused and keeps its data (the offline cache's included, lib/online-status.ts).
 * Mutations always run, so an action taken offline fails at once with 'offline'.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_QUERY_STALE_MS,
        refetchOnWindowFocus: REFETCH_ON_WINDOW_FOCUS,
        retry: (failures, error) => {
          if (isApiError(error) && error.status === 0) return true;
          return !(isApiError(error) && error.status < 500) && failures < 2;
        },
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
