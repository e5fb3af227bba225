import { seriesGrid, seriesSchema, type Series, type SeriesGrid } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sensors } from '../db/schema.ts';
import { responseSerializerCompiler } from '../http/serializer.ts';
import {
  readSeriesAverages,
  readSeriesHighLows,
  readSeriesStats,
  seriesSource,
} from './series-summary.repository.ts';
import { insertReadings, type ReadingRow } from './reading.repository.ts';
import {
  itRefusesReadsOfOneThing,
  itRefusesReadsWithoutAccess,
} from '../../test/helpers/refusals.ts';
import { addSeries } from '../../test/helpers/farm.ts';
import { only } from '../../test/helpers/rows.ts';
import { rollup6hMismatches, rollup6hPhasesOf } from '../../test/helpers/rollups.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
/** A weather sensor of site a (Pacific/Auckland) listing temperature and humidity. */
let weatherId: number;
const seriesIds: Record<string, number> = {};

const addSiteSeries = (type: 'sensor' | 'control', id: number, metric: string) =>
  addSeries(t.db, t.farm.sites.a.id, { type, id, metric });

const at = (iso: string, value: number) => ({ time: new Date(iso), value });

async function insert(seriesId: number, readings: Array<{ time: Date; value: number }>) {
  const rows: ReadingRow[] = readings.map((reading) => ({
    seriesId,
    time: reading.time.getTime(),
    value: reading.value,
  }));
  // In chunks, as ingest writes them: rollups of one bucket are built across several inserts.
  for (let start = 0; start < rows.length; start += 500) {
    await insertReadings(t.db, rows.slice(start, start + 500));
  }
}

/** Hourly readings whose value is the hour count since `from`, to see which bucket took which. */
function hourly(from: string, hours: number) {
  const start = Date.parse(from);
  return Array.from({ length: hours }, (_, hour) => ({
    time: new Date(start + hour * HOUR),
    value: hour,
  }));
}

beforeAll(async () => {
  t = await buildTestApp();
  weatherId = only(
    await t.db
      .insert(sensors)
      .values({
        siteId: t.farm.sites.a.id,
        areaId: t.farm.areas.frost.id,
        type: 'weather',
        tags: {},
        topics: [
          { metric: 'temperature', type: 'analog', lastValue: null, timestamp: null },
          { metric: 'humidity', type: 'analog', lastValue: null, timestamp: null },
        ],
        label: 'Weather station',
        serialno: 'S-1090',
      })
      .returning(),
  ).id;
  seriesIds.temperature = await addSiteSeries('sensor', weatherId, 'temperature');
  seriesIds.dst = await addSiteSeries('sensor', weatherId, 'dst.probe');
  seriesIds.wave = await addSiteSeries('sensor', weatherId, 'wave');
  seriesIds.flow = await addSiteSeries('control', t.farm.controls.valve1.id, 'flow');

  await insert(seriesIds.temperature, [
    at('2026-11-08T23:50:00Z', 1000), // before the window
    at('2026-11-09T00:00:00Z', 1),
    at('2026-11-09T00:10:00Z', 2),
    at('2026-11-09T00:20:00Z', 6),
    at('2026-11-09T02:30:00Z', 10),
    at('2026-11-09T02:50:00Z', 20),
    at('2026-11-17T00:00:00Z', 1000), // the window's end is exclusive
  ]);
  await insert(seriesIds.dst, [
    ...hourly('2026-04-01T00:00:00Z', 10 * 24),
    ...hourly('2026-09-24T00:00:00Z', 7 * 24),
  ]);
  // Twelve days of 10-minute readings of an irregular wave, for comparing rollups with readings.
  const waveStart = Date.parse('2026-10-01T00:00:00Z');
  await insert(
    seriesIds.wave,
    Array.from({ length: 12 * 144 }, (_, i) => ({
      time: new Date(waveStart + i * 10 * MINUTE),
      value: Math.round(1000 * Math.sin(i / 7) + 300 * Math.cos(i / 31)) / 10,
    })),
  );
  await insert(seriesIds.flow, [
    at('2026-11-21T06:05:00Z', 12.5),
    at('2026-11-21T06:35:00Z', 14.5),
    at('2026-11-21T08:15:00Z', 3),
  ]);
});
afterAll(() => t.close());

const sensorSeries = (query: string, id: number | string = weatherId) =>
  `/api/sensors/${id}/series?${query}`;

async function getSeries(url: string): Promise<Series> {
  const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return seriesSchema.parse(response.json());
}

// 8 days at 100 px: hour buckets (at most 200 points).
const eightDays = 'from=2026-11-09T00:00:00Z&to=2026-11-17T00:00:00Z&width=100';

describe('GET /api/sensors/{id}/series', () => {
  it('averages each hour bucket that holds readings, leaving empty ones out', async () => {
    expect(await getSeries(sensorSeries(`metric=temperature&${eightDays}`))).toEqual({
      thing: { type: 'sensor', id: weatherId },
      metric: 'temperature',
      interval: null,
      option: 1,
      timezone: 'Pacific/Auckland',
      from: '2026-11-09T00:00:00.000Z',
      to: '2026-11-17T00:00:00.000Z',
      bucket: { unit: 'hour', size: 1 },
      bucketSeconds: 3600,
      points: [
        ['2026-11-09T00:00:00.000Z', 3],
        ['2026-11-09T02:00:00.000Z', 15],
      ],
    });
  });

  it('high-low gives the lowest and highest reading of each bucket', async () => {
    const answer = await getSeries(sensorSeries(`metric=temperature&${eightDays}&option=2`));
    expect(answer.option).toBe(2);
    expect(answer.points).toEqual([
      ['2026-11-09T00:00:00.000Z', 1, 6],
      ['2026-11-09T02:00:00.000Z', 10, 20],
    ]);
  });

  it("stats=true adds each bucket's lowest, highest, average and count (the exports)", async () => {
    const answer = await getSeries(sensorSeries(`metric=temperature&${eightDays}&stats=true`));
    expect(answer.points).toEqual([
      ['2026-11-09T00:00:00.000Z', 3],
      ['2026-11-09T02:00:00.000Z', 15],
    ]);
    expect(answer.stats).toEqual([
      ['2026-11-09T00:00:00.000Z', 1, 6, 3, 3],
      ['2026-11-09T02:00:00.000Z', 10, 20, 15, 2],
    ]);
    const plain = await getSeries(sensorSeries(`metric=temperature&${eightDays}`));
    expect(plain).not.toHaveProperty('stats');
  });

  it('finer buckets than the rollups read the readings: 10-minute buckets over a day', async () => {
    const answer = await getSeries(
      sensorSeries(
        'metric=temperature&from=2026-11-09T00:00:00Z&to=2026-11-10T00:00:00Z&width=100&option=2',
      ),
    );
    expect(answer.bucket).toEqual({ unit: 'minute', size: 10 });
    expect(answer.points).toEqual([
      ['2026-11-09T00:00:00.000Z', 1, 1],
      ['2026-11-09T00:10:00.000Z', 2, 2],
      ['2026-11-09T00:20:00.000Z', 6, 6],
      ['2026-11-09T02:30:00.000Z', 10, 10],
      ['2026-11-09T02:50:00.000Z', 20, 20],
    ]);
  });

  it('a §9 interval ends now, in 1-minute buckets for the last 3 hours on a 100 px chart', async () => {
    // The test clock reads 2026-11-21T09:00Z.
    const answer = await getSeries(
      `/api/controls/${t.farm.controls.valve1.id}/series?metric=flow&interval=8&width=100`,
    );
    expect(answer).toMatchObject({
      thing: { type: 'control', id: t.farm.controls.valve1.id },
      interval: 8,
      from: '2026-11-21T06:00:00.000Z',
      to: '2026-11-21T09:00:00.000Z',
      bucket: { unit: 'minute', size: 1 },
      points: [
        ['2026-11-21T06:05:00.000Z', 12.5],
        ['2026-11-21T06:35:00.000Z', 14.5],
        ['2026-11-21T08:15:00.000Z', 3],
      ],
    });
  });

  it('month is the default interval: the last 30 days in 30-minute buckets at 1000 px', async () => {
    const answer = await getSeries(`/api/controls/${t.farm.controls.valve1.id}/series?metric=flow`);
    expect(answer).toMatchObject({
      interval: 2,
      option: 1,
      from: '2026-10-22T09:00:00.000Z',
      to: '2026-11-21T09:00:00.000Z',
      bucket: { unit: 'minute', size: 30 },
      points: [
        ['2026-11-21T06:00:00.000Z', 12.5],
        ['2026-11-21T06:30:00.000Z', 14.5],
        ['2026-11-21T08:00:00.000Z', 3],
      ],
    });
  });

  it('a metric the sensor lists but has no readings of is an empty chart', async () => {
    const answer = await getSeries(sensorSeries('metric=humidity&interval=3'));
    expect(answer.points).toEqual([]);
  });

  it('404 with the field for a metric the sensor neither lists nor has readings of', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: sensorSeries('metric=rainfall'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'metric', location: 'querystring' });
  });

  it.each([
    ['interval 5', 'metric=temperature&interval=5', 'interval'],
    ['width 50', 'metric=temperature&width=50', 'width'],
    ['option 0', 'metric=temperature&option=0', 'option'],
    ['no metric', 'interval=2', 'metric'],
    ['from without to', 'metric=temperature&from=2026-11-09T00:00:00Z', 'to'],
    [
      'a range ending before it starts',
      'metric=temperature&from=2026-11-09T00:00:00Z&to=2026-11-08T00:00:00Z',
      'to',
    ],
    ['a date that is no date', 'metric=temperature&from=yesterday&to=2026-11-08T00:00:00Z', 'from'],
    ['interval with a range', `metric=temperature&interval=2&${eightDays}`, 'interval'],
  ])('400 for %s, naming %s', async (_name, query, field) => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: sensorSeries(query),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'querystring' });
  });

  itRefusesReadsOfOneThing(() => t, {
    thing: 'sensor',
    url: (id) => sensorSeries('metric=temperature', id),
    id: () => weatherId,
  });
});

describe('GET /api/controls/{id}/series', () => {
  itRefusesReadsWithoutAccess(
    () => t,
    () => ({ method: 'GET', url: `/api/controls/${t.farm.controls.valve1.id}/series?metric=flow` }),
  );

  it('404 for an unknown control', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: '/api/controls/999999/series?metric=flow',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('day buckets at Auckland midnight across daylight saving', () => {
  // Hourly readings valued by hour count: a day bucket's low is its first hour, its high its last.
  const dayRange = (from: string, to: string) =>
    sensorSeries(`metric=dst.probe&from=${from}&to=${to}&width=100&option=2`);

  it('5 April 2026 (NZDT ends) is a 25-hour day', async () => {
    const answer = await getSeries(dayRange('2026-03-01T00:00:00Z', '2026-06-30T00:00:00Z'));
    expect(answer.bucket).toEqual({ unit: 'day', size: 1 });
    expect(answer.points).toEqual([
      // 1 April from 13:00 NZDT, the first reading: a partial day.
      ['2026-03-31T11:00:00.000Z', 0, 10],
      ['2026-04-01T11:00:00.000Z', 11, 34],
      ['2026-04-02T11:00:00.000Z', 35, 58],
      ['2026-04-03T11:00:00.000Z', 59, 82],
      ['2026-04-04T11:00:00.000Z', 83, 107], // 25 readings
      ['2026-04-05T12:00:00.000Z', 108, 131], // NZST from here: midnight is 12:00 UTC
      ['2026-04-06T12:00:00.000Z', 132, 155],
      ['2026-04-07T12:00:00.000Z', 156, 179],
      ['2026-04-08T12:00:00.000Z', 180, 203],
      ['2026-04-09T12:00:00.000Z', 204, 227],
      ['2026-04-10T12:00:00.000Z', 228, 239],
    ]);
  });

  it('27 September 2026 (NZDT starts) is a 23-hour day', async () => {
    const answer = await getSeries(dayRange('2026-09-01T00:00:00Z', '2026-12-31T00:00:00Z'));
    if (answer.option !== 2) throw new Error('high-low asked for');
    const days = answer.points.map(([start, low, high]) => [start, high - low + 1]);
    expect(days).toEqual([
      ['2026-09-23T12:00:00.000Z', 12], // from 24 Sep 12:00 NZST, the first reading
      ['2026-09-24T12:00:00.000Z', 24],
      ['2026-09-25T12:00:00.000Z', 24],
      ['2026-09-26T12:00:00.000Z', 23],
      ['2026-09-27T11:00:00.000Z', 24],
      ['2026-09-28T11:00:00.000Z', 24],
      ['2026-09-29T11:00:00.000Z', 24],
      ['2026-09-30T11:00:00.000Z', 13],
    ]);
  });
});

describe('rollups and readings give the same chart for an aligned grid', () => {
  const window = { from: new Date('2026-10-01T05:17:00Z'), to: new Date('2026-10-12T19:43:00Z') };

  it.each([
    ['30-minute buckets', 400, 'minute'],
    ['2-hour buckets', 100, 'hour'],
  ])('%s', async (_name, width, unit) => {
    const grid = seriesGrid(window, width, 'Pacific/Auckland');
    expect(grid.unit).toBe(unit);
    expect(seriesSource(grid)).toBe('rollups');
    const id = seriesIds.wave ?? 0;
    const averages = await readSeriesAverages(t.db, id, grid, 'rollups');
    const rawAverages = await readSeriesAverages(t.db, id, grid, 'readings');
    expect(averages.length).toBeGreaterThan(40);
    expect(averages.map((row) => row.start)).toEqual(rawAverages.map((row) => row.start));
    averages.forEach((row, i) => {
      expect(row.average).toBeCloseTo(rawAverages[i]?.average ?? NaN, 9);
    });
    expect(await readSeriesHighLows(t.db, id, grid, 'rollups')).toEqual(
      await readSeriesHighLows(t.db, id, grid, 'readings'),
    );
    const stats = await readSeriesStats(t.db, id, grid, 'rollups');
    const rawStats = await readSeriesStats(t.db, id, grid, 'readings');
    expect(stats.map(({ average: _, ...rest }) => rest)).toEqual(
      rawStats.map(({ average: _, ...rest }) => rest),
    );
    stats.forEach((row, i) => {
      expect(row.average).toBeCloseTo(rawStats[i]?.average ?? NaN, 9);
    });
  });

  it('day buckets in Auckland across a DST change', async () => {
    const grid = seriesGrid(
      { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-06-30T00:00:00Z') },
      100,
      'Pacific/Auckland',
    );
    expect(seriesSource(grid)).toBe('rollups-6h');
    const id = seriesIds.dst ?? 0;
    const averages = await readSeriesAverages(t.db, id, grid, 'rollups');
    expect(averages.length).toBe(11);
    expect(averages).toEqual(await readSeriesAverages(t.db, id, grid, 'readings'));
    expect(await readSeriesAverages(t.db, id, grid, 'rollups-6h')).toEqual(averages);
    const highLows = await readSeriesHighLows(t.db, id, grid, 'readings');
    expect(await readSeriesHighLows(t.db, id, grid, 'rollups')).toEqual(highLows);
    expect(await readSeriesHighLows(t.db, id, grid, 'rollups-6h')).toEqual(highLows);
  });

  it('a zone off the half-hour grid reads the readings', () => {
    const grid = seriesGrid(window, 100, 'Pacific/Chatham');
    expect(seriesSource(grid)).toBe('readings');
  });
});

describe('6-hour rollups give the same chart as the 30-minute ones', () => {
  /** Every summary of the grid from both rollups: the same buckets, lows, highs and counts. */
  async function expectSameCharts(id: number, grid: SeriesGrid): Promise<number> {
    const stats = await readSeriesStats(t.db, id, grid, 'rollups-6h');
    const fine = await readSeriesStats(t.db, id, grid, 'rollups');
    expect(stats.map(({ average: _, ...rest }) => rest)).toEqual(
      fine.map(({ average: _, ...rest }) => rest),
    );
    stats.forEach((row, i) => {
      expect(row.average).toBeCloseTo(fine[i]?.average ?? NaN, 9);
    });
    const averages = await readSeriesAverages(t.db, id, grid, 'rollups-6h');
    const fineAverages = await readSeriesAverages(t.db, id, grid, 'rollups');
    expect(averages.map((row) => row.start)).toEqual(fineAverages.map((row) => row.start));
    averages.forEach((row, i) => {
      expect(row.average).toBeCloseTo(fineAverages[i]?.average ?? NaN, 9);
    });
    expect(await readSeriesHighLows(t.db, id, grid, 'rollups-6h')).toEqual(
      await readSeriesHighLows(t.db, id, grid, 'rollups'),
    );
    expect(await rollup6hMismatches(t.db, id)).toEqual([]);
    return stats.length;
  }

  it.each([
    // 30 days at 100 px: 6-hour buckets from Auckland midnight in summer (11:00 UTC).
    ['6-hour buckets in summer', '2026-09-20T00:00:00Z', '2026-10-20T00:00:00Z', 'hour', 6],
    // 60 days: 12-hour buckets laid from a winter midnight (12:00 UTC) through the change.
    [
      '12-hour buckets across a DST change',
      '2026-08-25T00:00:00Z',
      '2026-10-24T00:00:00Z',
      'hour',
      12,
    ],
    // Across the end of NZDT on 5 April: 6-hour buckets from a summer midnight.
    [
      '6-hour buckets across the end of NZDT',
      '2026-03-20T00:00:00Z',
      '2026-04-19T00:00:00Z',
      'hour',
      6,
    ],
    [
      'day buckets across the start of NZDT',
      '2026-09-01T00:00:00Z',
      '2026-12-31T00:00:00Z',
      'day',
      1,
    ],
  ] as const)('%s', async (_name, from, to, unit, size) => {
    const grid = seriesGrid({ from: new Date(from), to: new Date(to) }, 100, 'Pacific/Auckland');
    expect(grid).toMatchObject({ unit, size });
    expect(seriesSource(grid)).toBe('rollups-6h');
    let points = 0;
    for (const id of [seriesIds.wave ?? 0, seriesIds.dst ?? 0]) {
      points += await expectSameCharts(id, grid);
    }
    expect(points).toBeGreaterThan(5);
  });

  it('a series gets a phase per local midnight its charts met, and ingest keeps them', async () => {
    const id = seriesIds.wave ?? 0;
    const winter = seriesGrid(
      { from: new Date('2026-08-25T00:00:00Z'), to: new Date('2026-10-24T00:00:00Z') },
      100,
      'Pacific/Auckland',
    );
    await readSeriesAverages(t.db, id, winter);
    // Midnight in NZST is 12:00 UTC (phase 0), in NZDT 11:00 UTC (phase 300).
    expect(await rollup6hPhasesOf(t.db, id)).toEqual(expect.arrayContaining([0, 300]));
    // Later readings, some in buckets already rolled up, some new, some already stored.
    const later = Date.parse('2026-10-12T22:10:00Z');
    await insert(
      id,
      Array.from({ length: 300 }, (_, i) => ({
        time: new Date(later + i * 10 * MINUTE),
        value: (i % 17) - 3.25,
      })),
    );
    expect(await expectSameCharts(id, winter)).toBeGreaterThan(5);
  });

  it('a half-hour zone reads 6-hour rollups at its own phases', async () => {
    const grid = seriesGrid(
      { from: new Date('2026-09-01T00:00:00Z'), to: new Date('2026-10-31T00:00:00Z') },
      100,
      'Australia/Adelaide',
    );
    expect(seriesSource(grid)).toBe('rollups-6h');
    expect(await expectSameCharts(seriesIds.wave ?? 0, grid)).toBeGreaterThan(5);
  });
});

describe('OpenAPI', () => {
  it('documents both series calls with their query and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/sensors/{id}/series', '/api/controls/{id}/series']) {
      const call = doc.paths[path].get;
      expect(call.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['id', 'metric', 'interval', 'option', 'width', 'from', 'to']),
      );
      expect(call.responses['200']).toBeDefined();
    }
  });
});

describe('the series answer as production writes it', () => {
  it.each([
    [1, [['2026-11-09T00:00:00.000Z', 3]]],
    [2, [['2026-11-09T00:00:00.000Z', 1, 6]]],
  ] as const)('option %d', (option, points) => {
    const answer = {
      thing: { type: 'sensor', id: 4 },
      metric: 'temperature',
      interval: null,
      option,
      timezone: 'Pacific/Auckland',
      from: '2026-11-09T00:00:00.000Z',
      to: '2026-11-17T00:00:00.000Z',
      bucket: { unit: 'hour', size: 1 },
      bucketSeconds: 3600,
      points,
    };
    const write = responseSerializerCompiler(false)({
      schema: seriesSchema,
      method: 'GET',
      url: '/api/sensors/:id/series',
      httpStatus: '200',
    });
    expect(JSON.parse(write(answer))).toEqual(answer);
  });
});
