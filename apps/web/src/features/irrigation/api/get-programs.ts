/**
 * The area's programs as the irrigation workspace reads them: the shared query (sites feature),
 * polled faster while the program is live (running, starting, a request in flight…) so the map and
 * the panel follow the field.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAreaProgramsQueryOptions } from '../../sites/api/get-area-programs.ts';
import { LIVE_REFRESH_MS, isProgramLive } from '../live.ts';

export function getLiveAreaProgramsQueryOptions(areaId: number) {
  return queryOptions({
    ...getAreaProgramsQueryOptions(areaId),
    refetchInterval: (query) =>
      query.state.data?.some((program) => isProgramLive(program, new Date()))
        ? LIVE_REFRESH_MS
        : false,
  });
}

export function useLiveAreaPrograms(areaId: number) {
  return useQuery(getLiveAreaProgramsQueryOptions(areaId));
}
