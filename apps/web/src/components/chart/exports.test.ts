import { CSV_BOM, parseCsv, type Series } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { bucketEnd, chartAdvancedCsv, chartCsv, exportFileName } from './exports.ts';
import { isoWithOffset, localDateTime, startOfLocalDay, utcOffset } from './zoned-time.ts';
import { chartMetric } from '../../testing/fixtures.ts';

const AUCKLAND = 'Pacific/Auckland';

const RADIO = { kind: 'radio', id: 7 } as const;
const battery = chartMetric(RADIO, 'battery', 'Battery, "main" cell', 'V');
const signal = chartMetric(RADIO, 'signal', 'Signal', 'dBm');

function answer(
  metric: string,
  bucket: Series['bucket'],
  stats: NonNullable<Series['stats']>,
  to: string,
): Series {
  return {
    thing: { type: 'sensor', id: 7 },
    metric,
    interval: null,
    timezone: AUCKLAND,
    from: stats[0]?.[0] ?? to,
    to,
    bucket,
    bucketSeconds: 1800,
    option: 1,
    points: stats.map(([start, , , average]) => [start, average]),
    stats,
  };
}

const halfHour = { unit: 'minute', size: 30 } as const;
const batteryAnswer = answer(
  'battery',
  halfHour,
  [
    ['2026-11-24T23:00:00.000Z', 3.5, 3.6, 3.55, 3],
    ['2026-11-24T23:30:00.000Z', 3.4, 3.5, 3.45, 2],
  ],
  '2026-11-25T00:00:00.000Z',
);
const signalAnswer = answer(
  'signal',
  halfHour,
  [['2026-11-24T23:00:00.000Z', -80, -70, -75.5, 4]],
  '2026-11-25T00:00:00.000Z',
);

const CSV_TITLES = { time: 'Time', value: 'Value', unit: 'Unit', series: 'Series' };
const ADVANCED_TITLES = {
  thing: 'Thing',
  metric: 'Metric',
  start: 'Bucket start',
  end: 'Bucket end',
  min: 'Min',
  max: 'Max',
  average: 'Average',
  count: 'Count',
  unit: 'Unit',
};

describe('local times of the site zone', () => {
  it.each([
    ['NZDT', '2026-11-24T23:30:00Z', '2026-11-25 12:30', '+13:00'],
    ['NZST', '2026-06-30T23:30:00Z', '2026-07-01 11:30', '+12:00'],
  ])('%s', (_, instant, local, offset) => {
    expect(localDateTime(Date.parse(instant), AUCKLAND)).toBe(local);
    expect(utcOffset(Date.parse(instant), AUCKLAND)).toBe(offset);
  });

  it('half-hour and negative offsets, seconds when not zero', () => {
    expect(isoWithOffset(Date.parse('2026-01-15T12:00:00Z'), 'Australia/Adelaide')).toBe(
      '2026-01-15T22:30:00+10:30',
    );
    expect(isoWithOffset(Date.parse('2026-01-15T12:00:00Z'), 'America/St_Johns')).toBe(
      '2026-01-15T08:30:00-03:30',
    );
    expect(localDateTime(Date.parse('2026-01-15T12:00:07Z'), 'UTC')).toBe('2026-01-15 12:00:07');
  });

  it('a local day starts at local midnight', () => {
    expect(new Date(startOfLocalDay('2026-11-25', AUCKLAND)).toISOString()).toBe(
      '2026-11-24T11:00:00.000Z',
    );
  });
});

describe('csv export: local time, value, unit (RFC 4180, BOM)', () => {
  const text = chartCsv([battery, signal], [batteryAnswer, signalAnswer], AUCKLAND, CSV_TITLES);

  it('starts with a BOM and ends records with CRLF', () => {
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.slice(1).split('\r\n')[0]).toBe('Time,Value,Unit,Series');
  });

  it('parses back to one row per bucket, averages, the label quoted as needed', () => {
    expect(parseCsv(text)).toEqual([
      ['Time', 'Value', 'Unit', 'Series'],
      ['2026-11-25 12:00', '3.55', 'V', 'Battery, "main" cell'],
      ['2026-11-25 12:30', '3.45', 'V', 'Battery, "main" cell'],
      ['2026-11-25 12:00', '-75.5', 'dBm', 'Signal'],
    ]);
  });

  it('a metric whose answer is missing gives no rows', () => {
    expect(parseCsv(chartCsv([battery], [undefined], AUCKLAND, CSV_TITLES))).toEqual([
      ['Time', 'Value', 'Unit', 'Series'],
    ]);
  });
});

describe('advanced csv export: buckets with their UTC offset, min, max, average, count', () => {
  it('parses back with every column', () => {
    const text = chartAdvancedCsv([battery], [batteryAnswer], AUCKLAND, ADVANCED_TITLES);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Thing', 'Metric', 'Bucket start', 'Bucket end', 'Min', 'Max', 'Average', 'Count', 'Unit'],
      [
        'radio 7',
        'battery',
        '2026-11-25T12:00:00+13:00',
        '2026-11-25T12:30:00+13:00',
        '3.5',
        '3.6',
        '3.55',
        '3',
        'V',
      ],
      [
        'radio 7',
        'battery',
        '2026-11-25T12:30:00+13:00',
        '2026-11-25T13:00:00+13:00',
        '3.4',
        '3.5',
        '3.45',
        '2',
        'V',
      ],
    ]);
  });

  it('a bucket ends no later than the window', () => {
    const cut = { ...batteryAnswer, to: '2026-11-24T23:45:00.000Z' };
    const rows = parseCsv(chartAdvancedCsv([battery], [cut], AUCKLAND, ADVANCED_TITLES));
    expect(rows[2]?.[3]).toBe('2026-11-25T12:45:00+13:00');
  });
});

describe('bucketEnd', () => {
  it.each([
    [
      '10 minutes',
      '2026-11-25T00:00:00Z',
      { unit: 'minute', size: 10 },
      '2026-11-25T00:10:00.000Z',
    ],
    ['2 hours', '2026-11-25T00:00:00Z', { unit: 'hour', size: 2 }, '2026-11-25T02:00:00.000Z'],
    // 5 April 2026: NZDT ends, the day lasts 25 hours.
    ['a 25-hour day', '2026-04-04T11:00:00Z', { unit: 'day', size: 1 }, '2026-04-05T12:00:00.000Z'],
    ['a week', '2026-11-22T11:00:00Z', { unit: 'week', size: 1 }, '2026-11-29T11:00:00.000Z'],
    ['a month', '2026-10-31T11:00:00Z', { unit: 'month', size: 1 }, '2026-11-30T11:00:00.000Z'],
    ['a quarter', '2026-09-30T11:00:00Z', { unit: 'quarter', size: 1 }, '2026-12-31T11:00:00.000Z'],
    ['a year', '2025-12-31T11:00:00Z', { unit: 'year', size: 1 }, '2026-12-31T11:00:00.000Z'],
  ] as const)('%s', (_, start, bucket, end) => {
    expect(new Date(bucketEnd(Date.parse(start), bucket, AUCKLAND)).toISOString()).toBe(end);
  });
});

describe('exportFileName', () => {
  it.each([
    ['Battery: WVC-004512', 'csv', 'battery-wvc-004512-2026-11-25.csv'],
    ['Bodenfeuchte Süd', 'png', 'bodenfeuchte-sud-2026-11-25.png'],
    ['***', 'csv', 'chart-2026-11-25.csv'],
  ])('%s', (title, extension, expected) => {
    expect(exportFileName(title, '2026-11-25', extension)).toBe(expected);
  });
});
