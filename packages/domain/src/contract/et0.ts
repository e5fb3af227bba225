/**
 * Reference evapotranspiration (issue 30 items 2 and 8): a site's daily FAO-56 ET0 per weather
 * station over a range of local dates, each day with the inputs and terms it came from.
 */
import { z } from 'zod';
import { et0DayInputsSchema } from '../agronomy/et0-day.ts';
import { idParamSchema, localDateRangeQuerySchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { calendarDateSchema } from '../water-take/days.ts';
import { defineEndpoint } from './endpoint.ts';

/** Decision: one call covers at most this many local days (a season and a bit, as frost-runs). */
export const ET0_MAX_DAYS = 400;

/** GET sites/{id}/et0: local dates `from` to `to`, both included. */
export const et0QuerySchema = localDateRangeQuerySchema(calendarDateSchema, ET0_MAX_DAYS, 'days');
export type Et0Query = z.infer<typeof et0QuerySchema>;

export const et0DaySchema = z.object({
  /** The local date in the site's zone. */
  date: calendarDateSchema,
  /** Grass reference evapotranspiration of the day (mm), FAO-56 eq. 6. */
  et0: z.number().nonnegative(),
  inputs: et0DayInputsSchema,
  computedAt: isoDateTimeSchema,
});
export type Et0Day = z.infer<typeof et0DaySchema>;

export const siteEt0Schema = z.object({
  site: idSchema,
  timezone: z.string(),
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** Each weather station (an area with weather sensors) that has a computed day in the range. */
  stations: z.array(
    z.object({
      area: idSchema,
      label: z.string(),
      /** Oldest first; a day without a day's temperature is absent. */
      days: z.array(et0DaySchema),
    }),
  ),
});
export type SiteEt0 = z.infer<typeof siteEt0Schema>;

export const et0Endpoints = {
  getSiteEt0: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/et0',
    tag: 'agronomy',
    summary:
      "The site's daily reference evapotranspiration (FAO-56 Penman–Monteith, mm) per weather station over local dates, each day with its inputs and where each came from",
    description:
      'A day is computed once it is over in the site zone and again when older readings arrive. ' +
      'Radiation is measured where the station has a pyranometer, else FAO-56 eq. 50 with the ' +
      "site's kRs (config kRsLocation); pressure from a barometer, else eq. 7 from config elevation.",
    params: idParamSchema,
    query: et0QuerySchema,
    responses: { 200: siteEt0Schema },
  }),
};
