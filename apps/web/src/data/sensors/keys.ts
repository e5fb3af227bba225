/** Query keys of sensors. */
import { areaKeys } from '../areas/keys.ts';

export const sensorKeys = {
  /** GET sensors?area=. */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'sensors'] as const,
};
