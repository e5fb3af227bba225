import type { Series } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { shapeSeries, withGaps } from './shape.ts';
import { chartMetric } from '../../testing/fixtures.ts';

const HOUR = 3600;
const t0 = Date.parse('2026-11-09T00:00:00Z') / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function answer(points: Series['points'], option: 1 | 2 = 1, bucketSeconds = HOUR): Series {
  return {
    thing: { type: 'sensor', id: 4 },
    metric: 'soil.moisture',
    interval: null,
    timezone: 'Pacific/Auckland',
    from: iso(t0),
    to: iso(t0 + 6 * HOUR),
    bucket: { unit: 'hour', size: bucketSeconds / HOUR },
    bucketSeconds,
    option,
    points,
  } as Series;
}

const PROBE = { kind: 'sensor', id: 4 } as const;
const moisture = chartMetric(PROBE, 'soil.moisture', 'Soil moisture', '%');
const temperature = chartMetric(PROBE, 'soil.temperature', 'Soil temperature', '°C');

describe('withGaps: a missing bucket becomes a null, so the line breaks there', () => {
  it('puts one null after the last point before each hole', () => {
    const column = withGaps(
      answer([
        [iso(t0), 1],
        [iso(t0 + HOUR), 2],
        [iso(t0 + 4 * HOUR), 5],
        [iso(t0 + 5 * HOUR), 6],
      ]),
    );
    expect(column.times).toEqual([t0, t0 + HOUR, t0 + 2 * HOUR, t0 + 4 * HOUR, t0 + 5 * HOUR]);
    expect(column.values).toEqual([[1, 2, null, 5, 6]]);
  });

  it.each([
    ['no points', []],
    ['one point', [[iso(t0), 3]]],
  ] as const)('%s: no gap', (_, points) => {
    const column = withGaps(answer(points as unknown as Series['points']));
    expect(column.values[0]).not.toContain(null);
  });

  it('buckets finer than the reports: the usual spacing is no gap, a missed report is', () => {
    const FIVE = 300;
    const column = withGaps(
      answer(
        [0, 2, 4, 6, 10, 12].map((n) => [iso(t0 + n * FIVE), n] as [string, number]),
        1,
        FIVE,
      ),
    );
    expect(column.times).toEqual([0, 2, 4, 6, 7, 10, 12].map((n) => t0 + n * FIVE));
    expect(column.values).toEqual([[0, 2, 4, 6, null, 10, 12]]);
  });

  it('does not take a 31-day month (bucketSeconds of 30 days) for a hole', () => {
    const month = 30 * 86_400;
    const column = withGaps(
      answer(
        [
          ['2026-01-01T00:00:00.000Z', 1],
          ['2026-02-01T00:00:00.000Z', 2],
          ['2026-04-01T00:00:00.000Z', 4],
        ],
        1,
        month,
      ),
    );
    expect(column.values).toEqual([[1, 2, null, 4]]);
  });

  it('high-low: high then low, nulls in both', () => {
    const column = withGaps(
      answer(
        [
          [iso(t0), 1, 4],
          [iso(t0 + 3 * HOUR), 2, 5],
        ],
        2,
      ),
    );
    expect(column.times).toEqual([t0, t0 + HOUR, t0 + 3 * HOUR]);
    expect(column.values).toEqual([
      [4, null, 5],
      [1, null, 2],
    ]);
  });
});

describe('shapeSeries: answers → uPlot columns', () => {
  it('one average metric: x in seconds, the window of the answer, one unit', () => {
    const shape = shapeSeries(
      [moisture],
      [
        answer([
          [iso(t0), 30],
          [iso(t0 + 2 * HOUR), 32],
        ]),
      ],
    );
    expect(shape.data).toEqual([
      [t0, t0 + HOUR, t0 + 2 * HOUR],
      [30, null, 32],
    ]);
    expect(shape.series).toEqual([
      { metric: 0, role: 'average', label: 'Soil moisture', unit: '%' },
    ]);
    expect(shape.bands).toEqual([]);
    expect(shape.units).toEqual(['%']);
    expect(shape.window).toEqual({ min: t0, max: t0 + 6 * HOUR });
    expect(shape.empty).toBe(false);
  });

  it('high-low: two series and a band from high (1) to low (2)', () => {
    const shape = shapeSeries([moisture], [answer([[iso(t0), 29, 31]], 2)]);
    expect(shape.data).toEqual([[t0], [31], [29]]);
    expect(shape.series.map((s) => s.role)).toEqual(['high', 'low']);
    expect(shape.bands).toEqual([[1, 2]]);
  });

  it('two metrics join on one time axis: a time only the other has is undefined (spanned)', () => {
    const shape = shapeSeries(
      [moisture, temperature],
      [
        answer([
          [iso(t0), 30],
          [iso(t0 + HOUR), 31],
        ]),
        answer([
          [iso(t0 + HOUR), 12],
          [iso(t0 + 3 * HOUR), 14],
        ]),
      ],
    );
    expect(shape.data).toEqual([
      [t0, t0 + HOUR, t0 + 2 * HOUR, t0 + 3 * HOUR],
      [30, 31, undefined, undefined],
      [undefined, 12, null, 14],
    ]);
    expect(shape.units).toEqual(['%', '°C']);
  });

  it('two metrics high-low: bands numbered as uPlot counts series', () => {
    const shape = shapeSeries(
      [moisture, temperature],
      [answer([[iso(t0), 1, 2]], 2), answer([[iso(t0), 3, 4]], 2)],
    );
    expect(shape.bands).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(shape.data).toEqual([[t0], [2], [1], [4], [3]]);
  });

  it('no points anywhere is empty (No data to display); answers not arrived give no window', () => {
    expect(shapeSeries([moisture], [answer([])]).empty).toBe(true);
    const pending = shapeSeries([moisture], [undefined]);
    expect(pending.empty).toBe(true);
    expect(pending.window).toBeNull();
    // Its series are there, without points, so the plot can be made before the answer.
    expect(pending.data).toEqual([[], []]);
    expect(pending.series).toEqual([
      { metric: 0, role: 'average', label: moisture.label, unit: moisture.unit },
    ]);
    const pendingBand = shapeSeries([moisture], [undefined], 2);
    expect(pendingBand.series.map((item) => item.role)).toEqual(['high', 'low']);
    expect(pendingBand.bands).toEqual([[1, 2]]);
  });
});
