/**
 * Query keys of frost protection: under the area, so the route refresh reaches them; the site's
 * frost rules under the site.
 */
import { areaKeys } from '../areas/keys.ts';
import { siteKeys } from '../sites/keys.ts';

export const frostKeys = {
  /** GET sites/{id}/frost-rules. */
  rules: (siteId: number) => [...siteKeys.detail(siteId), 'frostRules'] as const,
  /** GET areas/{id}/frost-summary. */
  summary: (areaId: number) => [...areaKeys.detail(areaId), 'frostSummary'] as const,
  /** GET areas/{id}/frost-runs?from&to. */
  runs: (areaId: number, from: string, to: string) =>
    [...areaKeys.detail(areaId), 'frostRuns', from, to] as const,
  /** GET areas/{id}/frost-forecast: tonight's. */
  forecast: (areaId: number) => [...areaKeys.detail(areaId), 'frostForecast'] as const,
  /** Every GET areas/{id}/frost-forecasts?from&to of the area (a new forecast changes them). */
  forecastNights: (areaId: number) => [...areaKeys.detail(areaId), 'frostForecasts'] as const,
  /** GET areas/{id}/frost-forecasts?from&to. */
  forecasts: (areaId: number, from: string, to: string) =>
    [...frostKeys.forecastNights(areaId), from, to] as const,
};
