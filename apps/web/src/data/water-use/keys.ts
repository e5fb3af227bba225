/** Query keys of water use. */
import { areaKeys } from '../areas/keys.ts';

export const waterUseKeys = {
  /** GET areas/{id}/water-use?days=. */
  area: (areaId: number, days: number) => [...areaKeys.detail(areaId), 'water-use', days] as const,
};
