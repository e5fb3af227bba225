/**
 * Daily reference evapotranspiration by the agronomy job (issue 30 item 2): a station's local day
 * of 10-minute readings gets the ET0 that FAO-56 eq. 6 (domain dailyEt0) gives for that day's
 * extremes and means, stored with its inputs and as a series point; a day without a day's
 * temperature gets none; a back-filled day is computed again. On PGlite, or PostgreSQL with
 * DATABASE_URL.
 */
import { dailyEt0, dayOfYear, KRS_COASTAL } from '@paddock/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DatabaseHandle } from '../db/client.ts';
import { et0Days, sites } from '../db/schema.ts';
import { createHistoryStore, type HistoryPoints } from '../ingest/history-store.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { seedTestFarm, type TestFarm } from '../../test/helpers/farm.ts';
import { addStationSensor } from '../../test/helpers/weather-station.ts';
import { recomputeAgronomy } from './agronomy.ts';
import { ET0_METRIC } from './et0-days.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 1 December 2026 00:00 in Auckland (NZDT +13): no daylight-saving change that week. */
const DAY_ONE = Date.parse('2026-11-30T11:00:00.000Z');
const ELEVATION = 120;

let handle: DatabaseHandle;
let db: Database;
let farm: TestFarm;
const ids = { temperature: 0, humidity: 0, wind: 0, radiation: 0 };

type Series = { times: number[]; values: number[] };

/** 10-minute readings over [from, to), rounded to 0.1 as devices send them. */
function tenMinute(from: number, to: number, value: (hour: number) => number): Series {
  const times: number[] = [];
  const values: number[] = [];
  for (let time = from; time < to; time += 10 * MINUTE) {
    times.push(time);
    values.push(Math.round(value(((time - DAY_ONE) % DAY) / HOUR) * 10) / 10);
  }
  return { times, values };
}

const diurnal = (hour: number) => Math.cos((2 * Math.PI * (hour - 15)) / 24);
const temperatureAt = (hour: number) => 18 + 7 * diurnal(hour);
const humidityAt = (hour: number) => 65 - 25 * diurnal(hour);
const windAt = (hour: number) => 10 + 5 * diurnal(hour);
const radiationAt = (hour: number) => Math.max(0, 900 * Math.sin((Math.PI * (hour - 6)) / 14));

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

async function store(points: HistoryPoints[]) {
  await createHistoryStore(db).store(farm.sites.a.id, points);
}

const point = (id: number, metric: string, series: Series): HistoryPoints => ({
  thing: 'sensor',
  id,
  metric,
  ...series,
});

async function days() {
  return db.select().from(et0Days).where(eq(et0Days.areaId, farm.areas.irrigation.id));
}

async function seriesValues() {
  return queryRows<{ time: Date | string; value: number }>(
    db,
    sql`select r.time, r.value from readings r join series s on s.id = r.series_id
        where s.thing_type = 'sensor' and s.thing_id = ${ids.temperature}
          and s.metric = ${ET0_METRIC}
        order by r.time`,
  );
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  farm = await seedTestFarm(db);
  const [site] = await db.select().from(sites).where(eq(sites.id, farm.sites.a.id));
  await db
    .update(sites)
    .set({ config: { ...site?.config, elevation: ELEVATION, kRsLocation: 'coastal' } })
    .where(eq(sites.id, farm.sites.a.id));
  const station = (type: string, label: string, metrics: string[]) =>
    addStationSensor(db, farm, { type, label, metrics });
  ids.temperature = await station('temperature', 'air', ['temperature']);
  ids.humidity = await station('humidity', 'humidity', ['humidity.relative.current']);
  ids.wind = await station('wind', 'anemometer', ['wind.speed']);
  ids.radiation = await station('solar', 'pyranometer', ['solar.radiation.current']);
});

afterAll(async () => {
  await handle.close();
});

describe('daily ET0 of a weather station', () => {
  const dayTwo = DAY_ONE + DAY;
  const dayThree = DAY_ONE + 2 * DAY;
  const temperature = tenMinute(DAY_ONE, dayTwo, temperatureAt);
  const humidity = tenMinute(DAY_ONE, dayThree + DAY, humidityAt);
  const wind = tenMinute(DAY_ONE, dayThree + DAY, windAt);
  const radiation = tenMinute(DAY_ONE, dayTwo, radiationAt);

  it('equals FAO-56 eq. 6 of the day`s readings, with its inputs kept', async () => {
    await store([
      point(ids.temperature, 'temperature', temperature),
      point(ids.humidity, 'humidity.relative.current', humidity),
      point(ids.wind, 'wind.speed', wind),
      point(ids.radiation, 'solar.radiation.current', radiation),
      // Day two: four hours of temperature are not a day's extremes; day three: a whole day.
      point(ids.temperature, 'temperature', tenMinute(dayTwo, dayTwo + 4 * HOUR, temperatureAt)),
      point(ids.temperature, 'temperature', tenMinute(dayThree, dayThree + DAY, temperatureAt)),
    ]);
    await recomputeAgronomy(db, new Date(dayThree + DAY + HOUR));

    const expected = dailyEt0({
      dayOfYear: dayOfYear('2026-12-01'),
      latitudeDegrees: -39.64,
      elevationMetres: ELEVATION,
      tMaxCelsius: Math.max(...temperature.values),
      tMinCelsius: Math.min(...temperature.values),
      rhMaxPercent: Math.max(...humidity.values.slice(0, 144)),
      rhMinPercent: Math.min(...humidity.values.slice(0, 144)),
      windSpeedMetresPerSecond: mean(wind.values.slice(0, 144)) / 3.6,
      solarRadiationMjPerM2Day: (mean(radiation.values) * 86_400) / 1e6,
    });
    const rows = await days();
    // No ET0 for day two: its temperature covers four hours of it.
    expect(rows.map((row) => row.date)).toEqual(['2026-12-01', '2026-12-03']);
    const [first, third] = rows;
    expect(first?.et0).toBeCloseTo(expected.et0MmPerDay, 2);
    expect(expected.et0MmPerDay).toBeGreaterThan(3);
    expect(first?.inputs).toMatchObject({
      sources: { ea: 'rh', rs: 'measured', pressure: 'elevation', wind: 'measured' },
      kRs: null,
      sensors: { temperature: ids.temperature, solarRadiation: ids.radiation, pressure: null },
    });
    expect(first?.inputs.terms.rsMj).toBeCloseTo(expected.rsMj, 6);
    expect(first?.inputs.terms.pressureKpa).toBeCloseTo(expected.pressureKpa, 6);
    // Day three has no radiation: eq. 50 with the site's coastal kRs.
    expect(third?.inputs).toMatchObject({
      sources: { ea: 'rh', rs: 'temperature' },
      kRs: KRS_COASTAL,
      solarRadiationMjPerM2Day: null,
    });
    // The series: one point at the start of each local day, in mm to the hundredth.
    const series = await seriesValues();
    expect(series.map((row) => new Date(row.time).getTime())).toEqual([DAY_ONE, dayThree]);
    expect(series[0]?.value).toBeCloseTo(expected.et0MmPerDay, 2);
  });

  it('takes ea from Tmin (FAO-56 eq. 48) on a day without humidity', async () => {
    const dayFour = dayThree + DAY;
    await store([
      point(
        ids.temperature,
        'temperature',
        tenMinute(dayFour, dayFour + DAY + HOUR, () => 20),
      ),
    ]);
    await recomputeAgronomy(db, new Date(dayFour + DAY + 2 * HOUR));
    const row = (await days()).find((day) => day.date === '2026-12-04');
    expect(row?.inputs).toMatchObject({ sources: { ea: 'tmin', wind: 'default' } });
    expect(row?.inputs.rhMaxPercent).toBeNull();
  });

  it('computes a back-filled day again', async () => {
    const before = (await days()).find((day) => day.date === '2026-12-01');
    // The logger's missed five-minute readings of day one arrive, with a hotter afternoon.
    const late = tenMinute(DAY_ONE + 5 * MINUTE, dayTwo, (hour) =>
      hour >= 14 && hour < 16 ? 31 : temperatureAt(hour),
    );
    await store([point(ids.temperature, 'temperature', late)]);
    const run = await recomputeAgronomy(db, new Date(dayThree + 2 * DAY + 2 * HOUR));
    expect(run).toMatchObject({ computed: 1, full: 1 });

    const all = [...temperature.values, ...late.values];
    const expected = dailyEt0({
      dayOfYear: dayOfYear('2026-12-01'),
      latitudeDegrees: -39.64,
      elevationMetres: ELEVATION,
      tMaxCelsius: Math.max(...all),
      tMinCelsius: Math.min(...all),
      rhMaxPercent: Math.max(...humidity.values.slice(0, 144)),
      rhMinPercent: Math.min(...humidity.values.slice(0, 144)),
      windSpeedMetresPerSecond: mean(wind.values.slice(0, 144)) / 3.6,
      solarRadiationMjPerM2Day: (mean(radiation.values) * 86_400) / 1e6,
    });
    const after = (await days()).find((day) => day.date === '2026-12-01');
    expect(after?.inputs.tMaxCelsius).toBe(31);
    expect(after?.et0).toBeCloseTo(expected.et0MmPerDay, 2);
    expect(after?.et0).not.toBeCloseTo(before?.et0 ?? 0, 2);
    expect((await seriesValues())[0]?.value).toBeCloseTo(expected.et0MmPerDay, 2);
  });
});
