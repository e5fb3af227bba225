/** Query keys of controls (valves, pumps, add-on valves, pivots). */
import { areaKeys } from '../areas/keys.ts';

export const controlKeys = {
  /** GET controls?area=. */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'controls'] as const,
  /** GET controls/{id}. */
  detail: (controlId: number) => ['controls', controlId] as const,
};
