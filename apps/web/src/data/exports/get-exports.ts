/**
 * GET exports?page=: the user's exports, newest first, 6 a page (§9). Polled every 2 s while one
 * is still being made, so its progress moves; otherwise read once.
 */
import { exportEndpoints, type ExportList } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { exportKeys } from './keys.ts';

/** How often the list is read while an export is being made. */
export const EXPORT_POLL_MS = 2_000;

export function getExports(page: number): Promise<ExportList> {
  return callEndpoint(exportEndpoints.listExports, { query: { page } });
}

const isOpen = (status: string) => status === 'new' || status === 'pending' || status === 'inProgress';

export function getExportsQueryOptions(page: number) {
  return queryOptions({
    queryKey: exportKeys.list(page),
    queryFn: () => getExports(page),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => isOpen(item.status)) ? EXPORT_POLL_MS : false,
  });
}

export function useExports(page = 1) {
  return useQuery(getExportsQueryOptions(page));
}
