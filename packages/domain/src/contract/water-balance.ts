/**
 * The soil water balance of an area's zones (issue 30 items 3 and 8): each zone's root-zone
 * depletion on a local date (FAO-56 ch. 8), computed on read from the site's ET0 days, its rain
 * gauge and the zone's irrigation.
 */
import { z } from 'zod';
import { idParamSchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { calendarDateSchema } from '../water-take/days.ts';
import { defineEndpoint } from './endpoint.ts';

/** GET areas/{id}/water-balance: the local date to run to; absent, today in the site's zone. */
export const waterBalanceQuerySchema = z.object({ date: calendarDateSchema.optional() });
export type WaterBalanceQuery = z.infer<typeof waterBalanceQuerySchema>;

const mm = z.number().nonnegative();

export const zoneWaterBalanceSchema = z.object({
  section: idSchema,
  label: z.string(),
  /** Root-zone depletion Dr at the end of the date (mm below field capacity). */
  depletion: mm.describe('mm below field capacity at the end of the date'),
  taw: mm.describe('total available water, mm: 1000 (θFC − θWP) Zr'),
  raw: mm.describe('readily available water, mm: p · TAW'),
  percentOfRaw: z.number().nonnegative().describe('depletion as % of RAW; 0 when RAW is 0'),
  /** Depletion beyond RAW: the crop is stressed, the zone wants water. */
  dry: z.boolean(),
  soil: z.object({
    fieldCapacity: z.number(),
    wiltingPoint: z.number(),
    rootDepth: z.number(),
    depletionFraction: z.number(),
  }),
  today: z.object({
    et0: mm.describe(
      'the station’s ET0 of the date, mm; today, before it is computed, the stand-in of et0EstimatedFrom; 0 when missing',
    ),
    kc: z.number().nonnegative(),
    stage: z.enum([
      'before-season',
      'initial',
      'development',
      'mid-season',
      'late-season',
      'after-season',
    ]),
    etc: mm.describe('ET0 × Kc, mm'),
    rain: mm.describe('the gauge’s total, mm'),
    effectiveRain: mm.describe('what counted of it, mm'),
    irrigation: mm.describe('depth applied, mm'),
    irrigationSource: z.enum(['metered', 'run-time', 'none']),
  }),
  /**
   * The zone's soil probe (a soil.moisture sensor on a radio of the zone) whose end-of-day
   * readings corrected the balance (bucket.ts probeCorrectedDepletion: each day's depletion
   * moved half way to the one the reading implies); its newest reading used. Null without one.
   */
  probe: z
    .object({
      sensor: idSchema,
      label: z.string(),
      moisture: z.number().describe('volumetric %'),
      at: isoDateTimeSchema,
      depletion: mm.describe('the depletion the reading implies, mm: (θFC − θ) · 1000 · Zr'),
    })
    .nullable(),
});
export type ZoneWaterBalance = z.infer<typeof zoneWaterBalanceSchema>;

export const areaWaterBalanceSchema = z.object({
  area: idSchema,
  timezone: z.string(),
  /** The date the balance runs to. */
  date: calendarDateSchema,
  /** The first day it ran from (field capacity): the season start or 120 days back. */
  from: calendarDateSchema,
  seasonStart: calendarDateSchema,
  /** The weather station whose ET0 was read; null when the site has none in the range. */
  et0Station: z.object({ area: idSchema, label: z.string() }).nullable(),
  /** The rain gauge read; null when the site has none. */
  rainGauge: z.object({ sensor: idSchema, label: z.string() }).nullable(),
  /**
   * Today, whose ET0 is computed once it is over: the recent day whose ET0 counts for it
   * (todayEt0StandIn); null on any other date or when no recent day has one.
   */
  et0EstimatedFrom: calendarDateSchema.nullable(),
  /** Days of the run with no ET0 at the station: counted as 0, oldest first. */
  missingEt0: z.array(calendarDateSchema),
  zones: z.array(zoneWaterBalanceSchema),
});
export type AreaWaterBalance = z.infer<typeof areaWaterBalanceSchema>;

export const waterBalanceEndpoints = {
  getAreaWaterBalance: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/water-balance',
    tag: 'areas',
    summary:
      'Each zone’s root-zone depletion (FAO-56 ch. 8) on a local date against its TAW and RAW, with the date’s ET0, Kc, rain and irrigation',
    description:
      'Run on read from the season start (or 120 days back, the later) at field capacity: ET0 ' +
      'from the site’s weather station (a day without one counts 0 and is listed), rain from its ' +
      'gauge, irrigation from the zone’s metered volume over its area, else its run time × rate; ' +
      'today counts the newest of the 3 days before (et0EstimatedFrom) until its own is computed. ' +
      'A zone with a soil probe has each day corrected half way to the depletion its last ' +
      'reading of the day implies. ' +
      'Soil and crop from the area’s settings.waterBalance, else a loam under wine grapes.',
    params: idParamSchema,
    query: waterBalanceQuerySchema,
    responses: { 200: areaWaterBalanceSchema },
  }),
};
