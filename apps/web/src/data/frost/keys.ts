/** Query keys of frost protection: under the area, so the route refresh reaches them. */
import { areaKeys } from '../areas/keys.ts';

export const frostKeys = {
  /** GET areas/{id}/frost-summary. */
  summary: (areaId: number) => [...areaKeys.detail(areaId), 'frostSummary'] as const,
  /** GET areas/{id}/frost-runs?from&to. */
  runs: (areaId: number, from: string, to: string) =>
    [...areaKeys.detail(areaId), 'frostRuns', from, to] as const,
};
