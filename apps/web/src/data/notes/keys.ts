/** Query keys of notes. */
import { areaKeys } from '../areas/keys.ts';

export const noteKeys = {
  /** GET areas/{id}/notes: under the area, so the route refresh (§2) renews them. */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'notes'] as const,
};
