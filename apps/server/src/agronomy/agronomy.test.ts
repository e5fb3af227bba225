/**
 * Agronomy on the server (issue 14): a season of 10-minute temperatures back-filled through the
 * history store (as the demo farm's past is) gives the growing degree days the formula gives
 * summed by hand over the readings' own local days; new readings extend the totals; dew point
 * and air density are computed only where the station does not report them.
 */
import { growingDegreeDays, zonedDateTime } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DatabaseHandle } from '../db/client.ts';
import { sensors } from '../db/schema.ts';
import { recomputeAgronomy } from './agronomy.ts';
import { createHistoryStore, type HistoryPoints } from '../ingest/history-store.ts';
import { addRollup6hPhases } from '../telemetry/reading.repository.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { seedTestFarm, type TestFarm } from '../../test/helpers/farm.ts';
import { rollup6hMismatches } from '../../test/helpers/rollups.ts';
import { addStationSensor, analogTopic } from '../../test/helpers/weather-station.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TIME_ZONE = 'Pacific/Auckland';
/** 1 September 2026 00:00 in Auckland (NZST +12): the test farm's season start (0109). */
const SEASON_START = Date.parse('2026-08-31T12:00:00.000Z');
const SEASON_DAYS = 80;

let handle: DatabaseHandle;
let db: Database;
let farm: TestFarm;
let temperatureId: number;
let humidityId: number;
let barometerId: number;

/** A believable spring: warming through the season, a 12 °C daily swing, some noise. */
function temperatureAt(time: number): number {
  const days = (time - SEASON_START) / DAY;
  const hour = (((time / 3_600_000 + 12) % 24) + 24) % 24;
  const noise = Math.sin(time / 7_777_777) * 1.5;
  return 9 + days * 0.08 + 6 * Math.cos((2 * Math.PI * (hour - 15)) / 24) + noise;
}

function tenMinute(from: number, to: number, value: (time: number) => number) {
  const times: number[] = [];
  const values: number[] = [];
  for (let time = from; time < to; time += 10 * MINUTE) {
    times.push(time);
    values.push(Math.round(value(time) * 10) / 10);
  }
  return { times, values };
}

/** The formula summed by hand: each local day's max and min of the readings themselves. */
function gddByHand(
  times: readonly number[],
  values: readonly number[],
): { total: number; days: number } {
  const days = new Map<string, { min: number; max: number }>();
  times.forEach((time, index) => {
    const wall = zonedDateTime(new Date(time), TIME_ZONE);
    const key = `${wall.year}-${wall.month}-${wall.day}`;
    const value = values[index] as number;
    const day = days.get(key) ?? { min: value, max: value };
    days.set(key, { min: Math.min(day.min, value), max: Math.max(day.max, value) });
  });
  let total = 0;
  for (const { min, max } of days.values()) total += growingDegreeDays(max, min);
  return { total, days: days.size };
}

async function seriesValues(sensorId: number, metric: string) {
  return queryRows<{ time: Date | string; value: number }>(
    db,
    sql`select r.time, r.value from readings r join series s on s.id = r.series_id
        where s.thing_type = 'sensor' and s.thing_id = ${sensorId} and s.metric = ${metric}
        order by r.time`,
  );
}

async function store(points: HistoryPoints[]) {
  await createHistoryStore(db).store(farm.sites.a.id, points);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  farm = await seedTestFarm(db);
  const station = (type: string, label: string, metrics: string[]) =>
    addStationSensor(db, farm, { type, label, metrics });
  temperatureId = await station('temperature', 'air', ['temperature']);
  humidityId = await station('humidity', 'humidity', ['humidity.relative.current']);
  barometerId = await station('air', 'barometer', ['air.pressure.relative.current']);
});

afterAll(async () => {
  await handle.close();
});

describe('agronomy of a back-filled season', () => {
  const until = SEASON_START + SEASON_DAYS * DAY;
  const temperature = tenMinute(SEASON_START, until, temperatureAt);

  it('equals the formula summed by hand over the local days (±0.01 GDD)', async () => {
    await store([{ thing: 'sensor', id: temperatureId, metric: 'temperature', ...temperature }]);
    const run = await recomputeAgronomy(db, new Date(until));
    expect(run).toMatchObject({ stations: 1, computed: 1, full: 1 });
    const gdd = await seriesValues(temperatureId, 'growingDays.gdd10');
    const expected = gddByHand(temperature.times, temperature.values);
    // One point per local day: 80 days of UTC readings touch 81 local days across the DST change.
    expect(gdd).toHaveLength(expected.days);
    expect(expected.total).toBeGreaterThan(100);
    expect(Math.abs((gdd.at(-1)?.value ?? 0) - expected.total)).toBeLessThanOrEqual(0.01);
    // The latest value is on the sensor for the weather map's marker.
    const [sensor] = await db
      .select()
      .from(sensors)
      .where(sql`id = ${temperatureId}`);
    const marker = sensor?.topics.find((topic) => topic.metric === 'growingDays.gdd10');
    expect(marker).toMatchObject({ type: 'computed', lastValue: gdd.at(-1)?.value });
    // Spring in Hawke's Bay: chill units were counted and many hours were below 7.2 °C.
    expect((await seriesValues(temperatureId, 'chillHours.total')).at(-1)?.value).toBeGreaterThan(
      0,
    );
  });

  it('does nothing when no reading came, and extends the totals with new readings', async () => {
    expect((await recomputeAgronomy(db, new Date(until))).computed).toBe(0);
    const more = tenMinute(until, until + 2 * DAY, temperatureAt);
    await store([{ thing: 'sensor', id: temperatureId, metric: 'temperature', ...more }]);
    const run = await recomputeAgronomy(db, new Date(until + 2 * DAY));
    expect(run).toMatchObject({ computed: 1, full: 0 });
    const gdd = await seriesValues(temperatureId, 'growingDays.gdd10');
    const expected = gddByHand(
      [...temperature.times, ...more.times],
      [...temperature.values, ...more.values],
    );
    expect(gdd).toHaveLength(expected.days);
    expect(Math.abs((gdd.at(-1)?.value ?? 0) - expected.total)).toBeLessThanOrEqual(0.01);
  });

  it('computes the whole past again when older readings are back-filled', async () => {
    // A week before the season: GDD start again at the season start, so the total is the same.
    const older = tenMinute(SEASON_START - 7 * DAY, SEASON_START, temperatureAt);
    // A chart has read the computed series in 6-hour cells: they are replaced with the rest.
    const [chill] = await queryRows<{ id: number }>(
      db,
      sql`select id from series where thing_id = ${temperatureId} and metric = 'chillUnits.total'`,
    );
    await addRollup6hPhases(db, chill?.id ?? -1, [0, 300]);
    await store([{ thing: 'sensor', id: temperatureId, metric: 'temperature', ...older }]);
    const before = (await seriesValues(temperatureId, 'growingDays.gdd10')).at(-1)?.value;
    const run = await recomputeAgronomy(db, new Date(until + 2 * DAY));
    expect(run).toMatchObject({ computed: 1, full: 1 });
    const gdd = await seriesValues(temperatureId, 'growingDays.gdd10');
    expect(gdd).toHaveLength(SEASON_DAYS + 2 + 7 + 1);
    expect(gdd.at(-1)?.value).toBeCloseTo(before ?? Number.NaN, 6);
    // The rollups of a computed series stay the exact aggregates of its readings.
    const [check] = await queryRows<{ readings: number; rolled: number }>(
      db,
      sql`select (select count(*) from readings where series_id = s.id)::int as readings,
                 (select sum(count) from reading_rollups where series_id = s.id)::int as rolled
          from series s where s.thing_id = ${temperatureId} and s.metric = 'chillUnits.total'`,
    );
    expect(check?.rolled).toBe(check?.readings);
    expect(await rollup6hMismatches(db, chill?.id ?? -1)).toEqual([]);
  });
});

describe('dew point and air density', () => {
  it('are computed from the station`s humidity and pressure when it does not report them', async () => {
    const from = SEASON_START + 90 * DAY;
    const to = from + DAY;
    const temperature = tenMinute(from, to, () => 20);
    const humidity = tenMinute(from, to, () => 50);
    const pressure = tenMinute(from, to, () => 1013.25);
    await store([
      { thing: 'sensor', id: temperatureId, metric: 'temperature', ...temperature },
      { thing: 'sensor', id: humidityId, metric: 'humidity.relative.current', ...humidity },
      { thing: 'sensor', id: barometerId, metric: 'air.pressure.relative.current', ...pressure },
    ]);
    await recomputeAgronomy(db, new Date(to));
    const dew = await seriesValues(humidityId, 'temperature.dewpoint.current');
    expect(dew).toHaveLength(144);
    expect(dew[0]?.value).toBeCloseTo(9.26, 1);
    const density = await seriesValues(barometerId, 'air.density.current');
    expect(density.at(-1)?.value).toBeCloseTo(1.1988, 3);
  });

  it('are left alone when the station reports them', async () => {
    await db
      .update(sensors)
      .set({
        topics: [
          analogTopic('humidity.relative.current'),
          analogTopic('temperature.dewpoint.current'),
        ],
      })
      .where(sql`id = ${humidityId}`);
    const from = SEASON_START + 91 * DAY;
    const before = (await seriesValues(humidityId, 'temperature.dewpoint.current')).length;
    await store([
      {
        thing: 'sensor',
        id: temperatureId,
        metric: 'temperature',
        ...tenMinute(from, from + DAY, () => 21),
      },
      {
        thing: 'sensor',
        id: humidityId,
        metric: 'humidity.relative.current',
        ...tenMinute(from, from + DAY, () => 40),
      },
    ]);
    await recomputeAgronomy(db, new Date(from + DAY));
    expect(await seriesValues(humidityId, 'temperature.dewpoint.current')).toHaveLength(before);
  });
});
