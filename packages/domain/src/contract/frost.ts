/**
 * Frost protection (issue 15): an area's frost summary, its fans' runs over a range (the frost
 * explorer's run periods and the compliance record), and a site's frost rules.
 */
import { z } from 'zod';
import { idParamSchema, localDateRangeQuerySchema } from '../entities/params.ts';
import { isoDateTimeSchema } from '../entities/primitives.ts';
import {
  frostForecastSchema,
  frostForecastsSchema,
  frostNightDateSchema,
} from '../frost/forecast-schemas.ts';
import { frostRulesSchema } from '../frost/rules.ts';
import { frostRunsSchema, frostSummarySchema, siteFrostRulesSchema } from '../frost/schemas.ts';
import { defineEndpoint } from './endpoint.ts';

/** Decision: one frost-runs call covers at most this many days (a season). */
export const FROST_RUNS_MAX_DAYS = 400;

export const frostRunsQuerySchema = z
  .object({ from: isoDateTimeSchema, to: isoDateTimeSchema })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), {
    message: 'The range must end after it starts',
    path: ['to'],
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= FROST_RUNS_MAX_DAYS * 86_400_000, {
    message: `A range covers at most ${FROST_RUNS_MAX_DAYS} days`,
    path: ['to'],
  });

/** GET areas/{id}/frost-forecasts: the nights that began from `from` to `to` (local dates, inclusive). */
export const frostForecastsQuerySchema = localDateRangeQuerySchema(
  frostNightDateSchema,
  FROST_RUNS_MAX_DAYS,
  'nights',
);

export const frostEndpoints = {
  getFrostSummary: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/frost-summary',
    tag: 'frost',
    summary:
      "A frost area's summary now: fans running and in fault, the coldest canopy temperature and where, minutes below 0 °C tonight, the lowest fuel",
    params: idParamSchema,
    responses: { 200: frostSummarySchema },
  }),
  listFrostRuns: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/frost-runs',
    tag: 'frost',
    summary:
      "The runs of a frost area's fans that overlap a range, with start and stop temperatures, the compliance flags and each fan's totals",
    params: idParamSchema,
    query: frostRunsQuerySchema,
    responses: { 200: frostRunsSchema },
  }),
  getSiteFrostRules: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/frost-rules',
    tag: 'frost',
    summary: "The site's frost fan rules (start, stop, wind, hours) and where they come from",
    params: idParamSchema,
    responses: { 200: siteFrostRulesSchema },
  }),
  updateSiteFrostRules: defineEndpoint({
    method: 'PUT',
    path: '/sites/:id/frost-rules',
    tag: 'frost',
    summary: "Sets the site's frost fan rules (needs the edit privilege); returns them",
    params: idParamSchema,
    body: frostRulesSchema,
    responses: { 200: siteFrostRulesSchema },
  }),
  getFrostForecast: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/frost-forecast',
    tag: 'frost',
    summary:
      "Tonight's minimum-temperature forecast of a frost area (FAO FFST): sunset, T₂ and Td₂ two hours after it, the coefficients and their fit, Tmin, when the start temperature is expected, the expected curve and the early warning",
    params: idParamSchema,
    responses: { 200: frostForecastSchema },
  }),
  listFrostForecasts: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/frost-forecasts',
    tag: 'frost',
    summary:
      "A frost area's past nights in a range of local dates: each night's forecast minimum against the observed minimum, whether it was radiative, and the season's error (count, mean absolute error, bias)",
    params: idParamSchema,
    query: frostForecastsQuerySchema,
    responses: { 200: frostForecastsSchema },
  }),
  forecastFrostNow: defineEndpoint({
    method: 'POST',
    path: '/areas/:id/frost-forecast',
    tag: 'frost',
    summary:
      "Makes tonight's forecast again from the area's latest readings (needs the edit privilege on the area), recording when; may send tonight's early warning if it has not gone out. Returns tonight's forecast",
    params: idParamSchema,
    responses: { 200: frostForecastSchema },
  }),
};
