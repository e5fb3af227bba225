/**
 * The irrigation history (§9 chart type "irrigation monthly"): GET areas/{id}/irrigation-history,
 * per zone and per site-local month or day, the depth its runs applied against the program's
 * target and the water its meters measured (irrigation/irrigation-history.ts).
 */
import { z } from 'zod';
import { idParamSchema, idParamValueSchema } from '../entities/params.ts';
import { idSchema } from '../entities/primitives.ts';
import {
  daysBetween,
  IRRIGATION_HISTORY_INTERVALS,
  IRRIGATION_HISTORY_MAX_DAYS,
} from '../irrigation/irrigation-history.ts';
import { defineEndpoint } from './endpoint.ts';

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused). */
const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date, YYYY-MM-DD')
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'No such date');

export const irrigationHistoryQuerySchema = z
  .object({
    from: localDateSchema
      .optional()
      .describe('First site-local day (with to); the current month and the two before by default'),
    to: localDateSchema
      .optional()
      .describe('Site-local day after the last one, exclusive (with from)'),
    interval: z
      .enum(IRRIGATION_HISTORY_INTERVALS)
      .default('month')
      .describe('One bar per zone per month (default) or per day'),
    section: idParamValueSchema.optional().describe('Only this zone of the area'),
  })
  .superRefine((query, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if ((query.from === undefined) !== (query.to === undefined)) {
      issue(query.from === undefined ? 'from' : 'to', 'from and to go together');
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const days = daysBetween(query.from, query.to);
    if (days <= 0) issue('to', 'Must be after from');
    else if (days > IRRIGATION_HISTORY_MAX_DAYS) {
      issue('to', `The range may span at most ${IRRIGATION_HISTORY_MAX_DAYS} days`);
    }
  });
export type IrrigationHistoryQuery = z.infer<typeof irrigationHistoryQuerySchema>;

const depthSchema = z.number().nonnegative().describe('mm');

export const irrigationHistorySchema = z.object({
  area: idSchema,
  timezone: z.string(),
  interval: z.enum(IRRIGATION_HISTORY_INTERVALS),
  from: z.string().describe('First site-local day, YYYY-MM-DD'),
  to: z.string().describe('Site-local day after the last, YYYY-MM-DD'),
  /** Every period of the range in order (YYYY-MM or YYYY-MM-DD), with runs or not. */
  periods: z.array(z.string()),
  /** The area's zones (or the one asked), by label. */
  zones: z.array(
    z.object({
      section: idSchema,
      label: z.string(),
      /** A water meter of the area measured this zone's water in the range. */
      metered: z.boolean(),
    }),
  ),
  /** Per zone and period with runs or metered water; a missing pair had neither. */
  rows: z.array(
    z.object({
      period: z.string(),
      section: idSchema,
      runs: z.number().int().nonnegative(),
      runtime: z.number().nonnegative().describe('minutes, to 0.1'),
      applied: depthSchema.describe('mm applied, to 0.1'),
      target: depthSchema
        .nullable()
        .describe('mm the program asked of these runs, to 0.1; null: no program setting'),
      volume: z
        .number()
        .nonnegative()
        .nullable()
        .describe('m³ measured, to the litre; null: no meter'),
    }),
  ),
});
export type IrrigationHistory = z.infer<typeof irrigationHistorySchema>;

export const irrigationHistoryEndpoints = {
  getIrrigationHistory: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/irrigation-history',
    tag: 'areas',
    summary:
      'Depth applied per zone and per month or day against the program’s target, and the water measured',
    params: idParamSchema,
    query: irrigationHistoryQuerySchema,
    responses: { 200: irrigationHistorySchema },
  }),
};
