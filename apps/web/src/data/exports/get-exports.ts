/**
 * GET exports?page=: the user's exports, newest first, 6 a page (§9). Polled every 2 s while one
 * is still being made, so its progress moves; otherwise read once. Kept in the offline cache
 * (§3 `exports`), so the list shows at once and while the API cannot be reached.
 */
import { exportEndpoints, type ExportList } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { exportKeys } from './keys.ts';

/** How often the list is read while an export is being made. */
const EXPORT_POLL_MS = 2_000;

function getExports(page: number): Promise<ExportList> {
  return callEndpoint(exportEndpoints.listExports, { query: { page } });
}

const isOpen = (status: string) => status === 'new' || status === 'pending' || status === 'inProgress';

function getExportsQueryOptions(page: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: exportKeys.list(page),
      queryFn: () => getExports(page),
      refetchInterval: (query) =>
        query.state.data?.items.some((item) => isOpen(item.status)) ? EXPORT_POLL_MS : false,
    }),
    { key: 'exports' },
  );
}

export function useExports(page = 1) {
  return useQuery(getExportsQueryOptions(page));
}
