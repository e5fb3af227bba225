/**
 * A chart's series query and answer (issue 4 "telemetry series"; docs/api.md): which window a
 * chart covers, and the zod contract of GET sensors/{id}/series and controls/{id}/series (and of
 * radios/{id}/series and units/{id}/series, whose metrics are battery, signal and misses).
 *
 * Decision on the window: every interval of §9 except year to date is rolling and ends now (see
 * chartIntervalRange). The spec names 'year' apart from 'year to date', so 'year' cannot mean
 * the calendar year so far; read alike, 'day', 'week' and 'month' are the last 24 hours, 7 days
 * and 30 days, as 'last 3 days' is the last 72 hours. Year to date starts at local midnight on
 * 1 January. An explicit range (the stored chartDateRange) is taken as given.
 */
import { z } from 'zod';
import {
  CHART_OPTIONS,
  chartIntervalRange,
  chartIntervalSchema,
  chartOptionSchema,
  DEFAULT_CHART_INTERVAL,
  DEFAULT_CHART_OPTION,
  type ChartInterval,
  type ChartRange,
} from '../constants/charts.ts';
import { METRIC_MAX_LENGTH } from '../constants/limits.ts';
import { idSchema, isoDateTimeSchema, nonEmptyTextSchema } from '../entities/primitives.ts';
import { SERIES_MAX_RANGE_MS, SERIES_WIDTH } from './buckets.ts';
import { isOneOf } from '../entities/words.ts';

/** A query-string whole number: digits only, so an empty `interval=` is refused, not read as 0. */
const wholeNumberTextSchema = z
  .string()
  .regex(/^\d+$/, 'Expected a whole number')
  .transform(Number);

export const seriesQuerySchema = z
  .object({
    metric: nonEmptyTextSchema(METRIC_MAX_LENGTH).describe(
      'The metric of the thing, e.g. soil.moisture',
    ),
    interval: wholeNumberTextSchema
      .pipe(chartIntervalSchema)
      .optional()
      .describe('§9 chart interval code; month (2) when neither it nor from and to are given'),
    option: wholeNumberTextSchema
      .pipe(chartOptionSchema)
      .default(DEFAULT_CHART_OPTION)
      .describe('§9 chart option: 1 average, 2 high-low'),
    width: wholeNumberTextSchema
      .pipe(z.number().int().min(SERIES_WIDTH.min).max(SERIES_WIDTH.max))
      .default(SERIES_WIDTH.default)
      .describe('Chart width in pixels: at most 2 points per pixel'),
    from: isoDateTimeSchema.optional().describe('Start of an explicit range (with to)'),
    to: isoDateTimeSchema.optional().describe('End of an explicit range, exclusive (with from)'),
    stats: z
      .stringbool()
      .optional()
      .describe(
        "true adds stats to the answer: each bucket's lowest, highest, average and count (the chart exports)",
      ),
  })
  .superRefine((query, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (query.from !== undefined && query.interval !== undefined) {
      issue('interval', 'Give either interval or from and to, not both');
    }
    if ((query.from === undefined) !== (query.to === undefined)) {
      issue(query.from === undefined ? 'from' : 'to', 'from and to go together');
    }
    if (query.from === undefined || query.to === undefined) return;
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0) issue('to', 'Must be after from');
    else if (span > SERIES_MAX_RANGE_MS) issue('to', 'The range may span at most 100 years');
  });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/**
 * The window a series query covers at `now` in the site's `timeZone`: its explicit range, else
 * its interval (default month). Throws RangeError for an unknown zone.
 */
export function seriesWindow(
  query: Pick<SeriesQuery, 'interval' | 'from' | 'to'>,
  now: Date,
  timeZone: string,
): ChartRange {
  if (query.from !== undefined && query.to !== undefined) {
    return { from: new Date(query.from), to: new Date(query.to) };
  }
  return chartIntervalRange(query.interval ?? DEFAULT_CHART_INTERVAL, now, timeZone);
}

/** The interval a query charts, or null for an explicit range. */
export function seriesInterval(
  query: Pick<SeriesQuery, 'interval' | 'from'>,
): ChartInterval | null {
  if (query.from !== undefined) return null;
  return query.interval ?? DEFAULT_CHART_INTERVAL;
}

/**
 * What a series is of: a sensor's or control's metric (its readings), or a radio's or unit's
 * health (battery, signal, misses from its status reports).
 */
export const seriesThingTypeSchema = z.enum(['sensor', 'control', 'radio', 'unit']);
export type SeriesThingType = z.infer<typeof seriesThingTypeSchema>;

/** The health metrics a radio's or unit's status reports are kept as series under. */
export const DEVICE_SERIES_METRICS = ['battery', 'signal', 'misses'] as const;
export type DeviceSeriesMetric = (typeof DEVICE_SERIES_METRICS)[number];

/** Whether `metric` is one of the health metrics a radio or unit has series of. */
export function isDeviceSeriesMetric(metric: string): metric is DeviceSeriesMetric {
  return isOneOf(DEVICE_SERIES_METRICS, metric);
}

const seriesAnswerFields = {
  thing: z.object({ type: seriesThingTypeSchema, id: idSchema }),
  metric: z.string(),
  interval: chartIntervalSchema.nullable().describe('null for an explicit from/to range'),
  timezone: z.string().describe("The site's IANA zone the buckets are laid in"),
  from: isoDateTimeSchema.describe(
    'Start of the first bucket: the window widened to whole buckets',
  ),
  to: isoDateTimeSchema.describe('End of the last bucket, exclusive'),
  bucket: z.object({
    unit: z.enum(['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year']),
    size: z.number().int().positive(),
  }),
  bucketSeconds: z
    .number()
    .int()
    .positive()
    .describe('Bucket length; for day and longer the usual one (a DST day is 23 or 25 h)'),
  rawReadingsFrom: isoDateTimeSchema
    .optional()
    .describe(
      "Only when the window starts earlier: the first instant of the site's raw readings kept (its reading retention); buckets before it are drawn from the half-hour rollups",
    ),
  stats: z
    .array(
      z.tuple([isoDateTimeSchema, z.number(), z.number(), z.number(), z.number().int().positive()]),
    )
    .optional()
    .describe(
      'Only with stats=true: [bucket start, lowest, highest, average, readings], the same buckets as points',
    ),
};

/**
 * One chart series: a point per bucket that holds readings, at the bucket's start. Buckets
 * without readings are left out, so a chart shows a gap there.
 */
export const seriesSchema = z.discriminatedUnion('option', [
  z.object({
    ...seriesAnswerFields,
    option: z.literal(CHART_OPTIONS.average),
    points: z.array(z.tuple([isoDateTimeSchema, z.number()])).describe('[bucket start, average]'),
  }),
  z.object({
    ...seriesAnswerFields,
    option: z.literal(CHART_OPTIONS.highLow),
    points: z
      .array(z.tuple([isoDateTimeSchema, z.number(), z.number()]))
      .describe('[bucket start, lowest, highest]'),
  }),
]);
export type Series = z.infer<typeof seriesSchema>;
