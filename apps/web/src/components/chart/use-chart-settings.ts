/**
 * The chart's settings: the §3 chart preferences (chartInterval, chartOptions, chartDateRange,
 * chartZoomingInfo), so every chart opens as the user left the last one, and the toolbar's
 * choices that change them.
 */
import type { ChartInterval, ChartOption } from '@paddock/domain';
import { useCallback, useMemo } from 'react';
import { usePreference } from '../../lib/preferences.ts';
import { localDay, nextDay, startOfLocalDay } from './zoned-time.ts';

export function useChartSettings(timeZone: string) {
  const [interval, setInterval] = usePreference('chartInterval');
  const [option, setOption] = usePreference('chartOptions');
  const [dateRange, setDateRange] = usePreference('chartDateRange');
  const [zoom, setZoom] = usePreference('chartZoomingInfo');

  // Stable callbacks and values: the toolbar is memoised, so new data repaints only the plot.
  const chooseInterval = useCallback(
    (value: ChartInterval) => {
      setInterval(value);
      setDateRange(null);
      setZoom(null);
    },
    [setInterval, setDateRange, setZoom],
  );
  const chooseOption = useCallback((value: ChartOption) => setOption(value), [setOption]);
  const chooseDates = useCallback(
    ([start, end]: readonly [string | null, string | null]) => {
      if (start === null && end === null) {
        setDateRange(null);
        setZoom(null);
      } else if (start !== null && end !== null) {
        setDateRange({
          from: new Date(startOfLocalDay(start, timeZone)).toISOString(),
          to: new Date(startOfLocalDay(nextDay(end), timeZone)).toISOString(),
        });
        setZoom(null);
      }
    },
    [setDateRange, setZoom, timeZone],
  );
  const resetZoom = useCallback(() => setZoom(null), [setZoom]);
  const pickedDates = useMemo(
    (): readonly [string | null, string | null] =>
      dateRange
        ? [
            localDay(Date.parse(dateRange.from), timeZone),
            localDay(Date.parse(dateRange.to) - 1, timeZone),
          ]
        : [null, null],
    [dateRange, timeZone],
  );

  return {
    interval,
    option,
    dateRange,
    zoom,
    setZoom,
    pickedDates,
    chooseInterval,
    chooseOption,
    chooseDates,
    resetZoom,
  };
}
