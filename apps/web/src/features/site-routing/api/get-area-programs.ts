/**
 * GET programs?area={id} (§7): the area's program. A valve deep link reads its zones'
 * irrigation types to tell zone- from valve-based scheduling (§4).
 */
import { programSchema, type Program } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, arrayOf } from '../../../lib/api-client.ts';

const programsSchema = arrayOf(programSchema);

export function getAreaPrograms(areaId: number): Promise<Program[]> {
  return api.get('/programs', { schema: programsSchema, query: { area: areaId } });
}

export function getAreaProgramsQueryOptions(areaId: number) {
  return queryOptions({
    queryKey: ['areas', areaId, 'programs'],
    queryFn: () => getAreaPrograms(areaId),
  });
}

export function useAreaPrograms(areaId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAreaProgramsQueryOptions(areaId), enabled: options.enabled ?? true });
}
