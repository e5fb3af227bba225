/** Query keys of radios. */
import { areaKeys } from '../areas/keys.ts';

export const radioKeys = {
  /** GET areas/{id}/radios. */
  area: (areaId: number) => [...areaKeys.detail(areaId), 'radios'] as const,
  /** GET radios/{id}. */
  detail: (radioId: number) => ['radios', radioId] as const,
};
