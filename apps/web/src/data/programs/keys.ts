/** Query keys of programs. */
import { areaKeys } from '../areas/keys.ts';

export const programKeys = {
  /** GET programs?area= (one program per area, §3). */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'programs'] as const,
};
