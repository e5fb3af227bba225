import { AREA_CACHE_MS, DEFAULT_QUERY_STALE_MS, REFETCH_ON_WINDOW_FOCUS } from '@paddock/domain';
import { QueryClient } from '@tanstack/react-query';
import { areaKeys } from '../data/areas/keys.ts';
import { isApiError } from '../lib/api-client.ts';

/**
 * §9: queries never go stale on their own and do not refetch on focus; they refresh by polling
 * (refetchInterval on the query) or by invalidation after a mutation. Client errors (4xx) are not
 * retried. A query that gets no answer ('offline', §4) is retried once the API answers again:
 * meanwhile it is paused and keeps its data (the offline cache's included, lib/online-status.ts).
 * Mutations always run, so an action taken offline fails at once with 'offline'.
 * §9 "area cache 10 min": an area's queries (its things, its sections) are fresh for 10 minutes
 * and kept that long once no page uses them, so going back to an area shows it at once.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
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
  for (const key of [areaKeys.all(), areaKeys.allSections()]) {
    client.setQueryDefaults(key, { staleTime: AREA_CACHE_MS, gcTime: AREA_CACHE_MS });
  }
  return client;
}

export const queryClient = createQueryClient();
