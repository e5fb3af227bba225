/**
 * A chart series of any thing that has one: the call for its kind, its query options and hook.
 * Series stay fresh for a minute (§9: the route refreshes every 60 s).
 */
import type { Series } from '@paddock/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getControlSeries } from './get-control-series.ts';
import { getRadioSeries } from './get-radio-series.ts';
import { getSensorSeries } from './get-sensor-series.ts';
import { getUnitSeries } from './get-unit-series.ts';
import { seriesKeys } from './keys.ts';
import type { SeriesKind, SeriesRequest } from './series-request.ts';

const FETCH: Record<
  SeriesKind,
  (id: number, request: SeriesRequest, signal?: AbortSignal) => Promise<Series>
> = {
  sensor: getSensorSeries,
  control: getControlSeries,
  radio: getRadioSeries,
  unit: getUnitSeries,
};

function getSeries(
  kind: SeriesKind,
  id: number,
  request: SeriesRequest,
  signal?: AbortSignal,
): Promise<Series> {
  return FETCH[kind](id, request, signal);
}

const SERIES_STALE_MS = 60_000;

export function getSeriesQueryOptions(kind: SeriesKind, id: number, request: SeriesRequest) {
  return queryOptions({
    queryKey: seriesKeys.detail(kind, id, request),
    queryFn: ({ signal }) => getSeries(kind, id, request, signal),
    staleTime: SERIES_STALE_MS,
    refetchInterval: SERIES_STALE_MS,
    // A chart keeps its lines while the next window loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
