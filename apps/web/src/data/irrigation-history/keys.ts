/** Query keys of the irrigation history. */
import type { IrrigationHistoryInterval } from '@paddock/domain';
import { areaKeys } from '../areas/keys.ts';

/** What one irrigation history is asked for: no range is the chart's opening three months. */
export type IrrigationHistoryAsk = {
  readonly interval: IrrigationHistoryInterval;
  readonly range?: { readonly from: string; readonly to: string };
  readonly section?: number;
};

export const irrigationHistoryKeys = {
  /** GET areas/{id}/irrigation-history: under the area, so the route refresh renews it. */
  area: (areaId: number, ask: IrrigationHistoryAsk) =>
    [
      ...areaKeys.detail(areaId),
      'irrigation-history',
      ask.interval,
      ask.range?.from ?? null,
      ask.range?.to ?? null,
      ask.section ?? null,
    ] as const,
};
