/** GET areas/{id}/irrigation-history (§9 "irrigation monthly"): applied depth per zone per period. */
import { irrigationHistoryEndpoints, type IrrigationHistory } from '@paddock/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { irrigationHistoryKeys, type IrrigationHistoryAsk } from './keys.ts';

function getIrrigationHistory(areaId: number, ask: IrrigationHistoryAsk): Promise<IrrigationHistory> {
  return callEndpoint(irrigationHistoryEndpoints.getIrrigationHistory, {
    params: { id: areaId },
    query: {
      interval: ask.interval,
      ...(ask.range ? { from: ask.range.from, to: ask.range.to } : {}),
      ...(ask.section === undefined ? {} : { section: String(ask.section) }),
    },
  });
}

function getIrrigationHistoryQueryOptions(areaId: number, ask: IrrigationHistoryAsk) {
  return queryOptions({
    queryKey: irrigationHistoryKeys.area(areaId, ask),
    queryFn: () => getIrrigationHistory(areaId, ask),
  });
}

/** The history; while a zoom is fetched the bars asked before stay up. */
export function useIrrigationHistory(
  areaId: number,
  ask: IrrigationHistoryAsk,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...getIrrigationHistoryQueryOptions(areaId, ask),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
