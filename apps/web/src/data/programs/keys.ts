/** Query keys of programs. */
import { areaKeys } from '../areas/keys.ts';

export const programKeys = {
  /** GET programs?area= (one program per area, §3). */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'programs'] as const,
  /**
   * GET programs/{id}/decisions and /decision, under the area's programs: what refreshes the
   * program after a start or an edit (invalidateProgramArea) refreshes its decisions too.
   */
  decisions: (areaId: number, programId: number) =>
    [...programKeys.area(areaId), programId, 'decisions'] as const,
  decision: (areaId: number, programId: number) =>
    [...programKeys.area(areaId), programId, 'decision'] as const,
};
