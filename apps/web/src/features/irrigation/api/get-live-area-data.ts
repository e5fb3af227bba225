/**
 * The area's programs and controls as the irrigation workspace reads them: the shared queries
 * (src/data), polled faster while the program is live (running, starting, a request in flight…)
 * so the map and the panel follow the field.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAreaControls } from '../../../data/controls/get-area-controls.ts';
import { getAreaProgramsQueryOptions } from '../../../data/programs/get-area-programs.ts';
import { LIVE_REFRESH_MS, isProgramLive } from '../live.ts';

function getLiveAreaProgramsQueryOptions(areaId: number) {
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

/** The area's controls, at the live pace while the program is live. */
export function useLiveAreaControls(areaId: number, live: boolean) {
  return useAreaControls(areaId, { refetchInterval: live ? LIVE_REFRESH_MS : false });
}
