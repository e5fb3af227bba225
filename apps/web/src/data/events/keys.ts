/** Query keys of events. */
import { areaKeys } from '../areas/keys.ts';

export const eventKeys = {
  /** Every events query of the area (POST areas/{id}/events). */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'events'] as const,
  /** Every event of the area, unfiltered (the hardware views' Events pane). */
  areaAll: (areaId: number) => [...eventKeys.area(areaId), {}] as const,
  /** The area's open events only (the Irrigation tab's count, §1). */
  areaOpen: (areaId: number) => [...eventKeys.area(areaId), { open: true }] as const,
};
