/**
 * GET programs?area={id} (§7): the area's program (one per area, §3). Keyed under the area so the
 * route refresh (§2, every 60 s) reloads it. A valve deep link reads its zones' irrigation types to
 * tell zone- from valve-based scheduling (§4); the irrigation workspace polls the same query
 * faster while the program is live.
 */
import { programEndpoints, type Program } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { programKeys } from './keys.ts';

function getAreaPrograms(areaId: number): Promise<Program[]> {
  return callEndpoint(programEndpoints.listPrograms, { query: { area: areaId } });
}

export function getAreaProgramsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: programKeys.area(areaId),
      queryFn: () => getAreaPrograms(areaId),
    }),
    { key: 'areaPrograms', areaId },
  );
}

export function useAreaPrograms(areaId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAreaProgramsQueryOptions(areaId), enabled: options.enabled ?? true });
}
