/**
 * Water used per zone (issue 14, beyond §7): GET areas/{id}/water-use, the area's meter volumes
 * shared among the zones that ran while they were measured, per zone and per local day, and each
 * zone's measured flow against its usual flow (addons/water-use.ts).
 */
import { z } from 'zod';
import { idParamSchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { defineEndpoint } from './endpoint.ts';

/** Days a water-use answer covers at most: a season's fortnightly review needs no more. */
export const WATER_USE_MAX_DAYS = 90;
export const WATER_USE_DEFAULT_DAYS = 14;

export const waterUseQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d+$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(WATER_USE_MAX_DAYS))
    .default(WATER_USE_DEFAULT_DAYS)
    .describe(`Days back from now, 1 to ${WATER_USE_MAX_DAYS}`),
});
export type WaterUseQuery = z.infer<typeof waterUseQuerySchema>;

const volumeSchema = z.number().nonnegative().describe('m³');

export const waterUseSchema = z.object({
  area: idSchema,
  timezone: z.string(),
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  /** Meters whose totals were read (water meters of the area, combined meters left out). */
  meters: z.array(idSchema),
  days: z.array(
    z.object({
      date: z.string().describe('YYYY-MM-DD in the site time zone'),
      zones: z.array(z.object({ section: idSchema, volume: volumeSchema })),
      unattributed: volumeSchema,
    }),
  ),
  zones: z.array(
    z.object({
      section: idSchema,
      label: z.string(),
      volume: volumeSchema,
      hours: z.number().nonnegative(),
      latestFlow: z.number().nonnegative().nullable().describe('m³/h of its latest run'),
      usualFlow: z.number().nonnegative().nullable().describe('median m³/h of its earlier runs'),
      flagged: z.boolean().describe('latest flow far from the usual flow'),
    }),
  ),
  unattributed: volumeSchema,
});
export type WaterUse = z.infer<typeof waterUseSchema>;

export const waterUseEndpoints = {
  getWaterUse: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/water-use',
    tag: 'areas',
    summary: 'Water used per zone and per day, and each zone’s flow against its usual flow',
    params: idParamSchema,
    query: waterUseQuerySchema,
    responses: { 200: waterUseSchema },
  }),
};
