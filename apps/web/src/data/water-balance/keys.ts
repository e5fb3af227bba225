/** Query keys of the water balance. */
import { areaKeys } from '../areas/keys.ts';

export const waterBalanceKeys = {
  /** GET areas/{id}/water-balance of today: under the area, so the route refresh renews it. */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'water-balance'] as const,
};
