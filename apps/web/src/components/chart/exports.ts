/**
 * The chart's file exports (§3 "chart export csv, advanced csv, png"), built from series answers
 * asked with stats=true (each bucket's lowest, highest, average and count):
 * - csv: per bucket its start as the site's local time, the average, the unit, the series label;
 * - advanced csv: thing, metric, bucket start and end (local, ISO 8601 with the UTC offset),
 *   lowest, highest, average, count of readings, unit.
 * Both RFC 4180 with a UTF-8 BOM (domain toCsv). Column titles come translated from the caller.
 */
import { toCsv, zonedDateTime, zonedTimeToInstant, type Series } from '@paddock/domain';
import type { ChartMetric } from './types.ts';
import { isoWithOffset, localDateTime } from './zoned-time.ts';

export interface CsvTitles {
  readonly time: string;
  readonly value: string;
  readonly unit: string;
  readonly series: string;
}

export interface AdvancedCsvTitles {
  readonly thing: string;
  readonly metric: string;
  readonly start: string;
  readonly end: string;
  readonly min: string;
  readonly max: string;
  readonly average: string;
  readonly count: string;
  readonly unit: string;
}

type Stat = NonNullable<Series['stats']>[number];

const statsOf = (answer: Series | undefined): readonly Stat[] => answer?.stats ?? [];

/** csv: Time (local), Value (the bucket's average), Unit, Series. */
export function chartCsv(
  metrics: readonly ChartMetric[],
  answers: readonly (Series | undefined)[],
  timeZone: string,
  titles: CsvTitles,
): string {
  const rows = metrics.flatMap((metric, index) =>
    statsOf(answers[index]).map(([start, , , average]) => [
      localDateTime(Date.parse(start), timeZone),
      average,
      metric.unit,
      metric.label,
    ]),
  );
  return toCsv([titles.time, titles.value, titles.unit, titles.series], rows);
}

/** The end of the bucket that starts at `start` (exclusive): the next bucket's start. */
export function bucketEnd(start: number, bucket: Series['bucket'], timeZone: string): number {
  switch (bucket.unit) {
    case 'minute':
      return start + bucket.size * 60_000;
    case 'hour':
      return start + bucket.size * 3_600_000;
    default: {
      // Calendar buckets step in local dates, so a DST day ends at the next local midnight.
      const wall = zonedDateTime(new Date(start), timeZone);
      const days =
        bucket.unit === 'day' ? bucket.size : bucket.unit === 'week' ? 7 * bucket.size : 0;
      const months =
        bucket.unit === 'month'
          ? bucket.size
          : bucket.unit === 'quarter'
            ? 3 * bucket.size
            : bucket.unit === 'year'
              ? 12 * bucket.size
              : 0;
      const next = new Date(Date.UTC(wall.year, wall.month - 1 + months, wall.day + days));
      return zonedTimeToInstant(
        { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
        timeZone,
      ).getTime();
    }
  }
}

/** advanced csv: Thing, Metric, Bucket start, Bucket end, Min, Max, Average, Count, Unit. */
export function chartAdvancedCsv(
  metrics: readonly ChartMetric[],
  answers: readonly (Series | undefined)[],
  timeZone: string,
  titles: AdvancedCsvTitles,
): string {
  const rows = metrics.flatMap((metric, index) => {
    const answer = answers[index];
    if (!answer) return [];
    const windowEnd = Date.parse(answer.to);
    return statsOf(answer).map(([start, low, high, average, count]) => {
      const from = Date.parse(start);
      const to = Math.min(bucketEnd(from, answer.bucket, answer.timezone), windowEnd);
      return [
        `${metric.source.kind} ${metric.source.id}`,
        metric.metric,
        isoWithOffset(from, timeZone),
        isoWithOffset(to, timeZone),
        low,
        high,
        average,
        count,
        metric.unit,
      ];
    });
  });
  return toCsv(
    [
      titles.thing,
      titles.metric,
      titles.start,
      titles.end,
      titles.min,
      titles.max,
      titles.average,
      titles.count,
      titles.unit,
    ],
    rows,
  );
}

/** A file name from the chart's title: letters, digits and dashes, with the date. */
export function exportFileName(title: string, day: string, extension: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${stem || 'chart'}-${day}.${extension}`;
}
