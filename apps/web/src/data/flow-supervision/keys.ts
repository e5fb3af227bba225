/** Query keys of flow supervision's settings (issue 30 item 1). */
import { areaKeys } from '../areas/keys.ts';

export const flowSupervisionKeys = {
  /**
   * Every zone's and meter's flow settings in the area: under the area, so the route refresh
   * renews what a meter sees now; the zones share the area's meters, so learning one zone (the
   * server learns the whole area) or changing its designed flow changes the others' answers.
   */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'flow'] as const,
  /** GET sections/{id}/flow. */
  zone: (areaId: number, sectionId: number) =>
    [...flowSupervisionKeys.area(areaId), 'section', sectionId] as const,
  /** GET sensors/{id}/flow. */
  meter: (areaId: number, sensorId: number) =>
    [...flowSupervisionKeys.area(areaId), 'sensor', sensorId] as const,
};
