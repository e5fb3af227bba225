/**
 * GET areas/{id}/water-balance (issue 30 items 3 and 8): each zone's root-zone depletion from
 * the site's ET0 days, its weather station's rain gauge and the zone's runs, equal to the
 * domain's runBucket over the same days; a 30 mm rain refills the bucket; a zone's own soil
 * setting bounds it at its TAW; an area without data stays at field capacity; 403 without the
 * area; 400 naming `date`. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import {
  appliedDepthMm,
  datesBetween,
  runBucket,
  totalAvailableWater,
  waterBalanceParameters,
} from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema.ts';
import { addSeries } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  addEt0Days,
  readWaterBalance,
  setIrrigationSettings,
} from '../helpers/water-balance-kit.ts';
import { addStationSensor } from '../helpers/weather-station.ts';

let t: TestApp;
const HOUR = 3_600_000;
/** Site a is in Auckland: NZDT (+13) all November; the default season starts on 1 September. */
const SEASON_START = '2026-09-01';
/** ET0 of each November day the station has (mm); the 5th is missing. */
const ET0: Record<string, number> = {
  '2026-11-01': 4.1,
  '2026-11-02': 4.6,
  '2026-11-03': 3.2,
  '2026-11-04': 5.0,
  '2026-11-06': 5.4,
  '2026-11-07': 4.8,
  '2026-11-08': 2.1,
  '2026-11-09': 4.4,
  '2026-11-10': 4.9,
};
/** Gauge rain (mm) per local day: 2 mm on the 2nd, 30 mm on the 8th. */
const RAIN: Record<string, number> = { '2026-11-02': 2, '2026-11-08': 30 };
/** Local midnight of a November date in Auckland, as an instant. */
const midnight = (date: string) => Date.parse(`${date}T00:00:00+13:00`);
/** Zone 1's one run: 2 h from 06:00 on 3 November. */
const RUN = { start: midnight('2026-11-03') + 6 * HOUR, hours: 2 };

beforeAll(async () => {
  t = await buildTestApp();
  const { sites, controls } = t.farm;
  await addEt0Days(t, ET0);
  const gauge = await addStationSensor(t.db, t.farm, {
    type: 'rainbucket',
    label: 'Weather station rain gauge',
    metrics: ['rain.avg'],
  });
  // The gauge reports its mean rate (mm/h) since its last report: 1 mm/h for 2 h, 10 mm/h for 3 h.
  const rainSeries = await addSeries(t.db, sites.a.id, {
    type: 'sensor',
    id: gauge,
    metric: 'rain.avg',
  });
  const rain: [number, number][] = [
    [midnight('2026-11-02') + 10 * HOUR, 0],
    [midnight('2026-11-02') + 12 * HOUR, 1],
    [midnight('2026-11-08') + 9 * HOUR, 0],
    [midnight('2026-11-08') + 12 * HOUR, 10],
  ];
  const running: [number, number][] = [
    [RUN.start, 1],
    [RUN.start + RUN.hours * HOUR, 0],
  ];
  const valveSeries = await addSeries(t.db, sites.a.id, {
    type: 'control',
    id: controls.valve1.id,
    metric: 'running',
  });
  for (const [seriesId, points] of [
    [rainSeries, rain],
    [valveSeries, running],
  ] as const) {
    await t.db
      .insert(s.readings)
      .values(points.map(([time, value]) => ({ seriesId, time: new Date(time), value })));
  }
});
afterAll(() => t.close());

const get = (area: number, query = '', user = t.farm.users.admin.id) =>
  t.as(user, { method: 'GET', url: `/api/areas/${area}/water-balance${query}` });

const balance = (area: number, query: string) => readWaterBalance(t, area, query);

/** The depletion runBucket gives over the season to `date` from the test's own inputs. */
function expectedDepletion(section: number, date: string, irrigationMm: number): number {
  const { soil, crop } = waterBalanceParameters(undefined, section, SEASON_START);
  const days = datesBetween(SEASON_START, date).map((day) => ({
    et0: ET0[day] ?? 0,
    kc: cropKc(crop, day),
    rain: [{ at: 0, depth: RAIN[day] ?? 0 }],
    irrigation: [{ at: 0, depth: day === '2026-11-03' ? irrigationMm : 0 }],
  }));
  return runBucket(soil, 0, days).at(-1)?.depletion ?? Number.NaN;
}

/** Kc by FAO-56 eq. 66 as the test reads the curve: constant Kc ini through the initial stage. */
function cropKc(crop: ReturnType<typeof waterBalanceParameters>['crop'], day: string): number {
  const i = (Date.parse(day) - Date.parse(crop.seasonStart)) / 86_400_000 + 1;
  const { initial, development } = crop.stages;
  if (i <= initial) return crop.kc.initial;
  if (i <= initial + development) {
    return crop.kc.initial + ((i - initial) / development) * (crop.kc.mid - crop.kc.initial);
  }
  return crop.kc.mid;
}

describe('GET /api/areas/{id}/water-balance', () => {
  it('runs each zone`s bucket from the season start as runBucket does over the same days', async () => {
    const body = await balance(t.farm.areas.irrigation.id, '?date=2026-11-07');
    expect(body).toMatchObject({
      date: '2026-11-07',
      from: SEASON_START,
      seasonStart: SEASON_START,
      timezone: 'Pacific/Auckland',
      et0Station: { area: t.farm.areas.irrigation.id },
      rainGauge: { label: 'Weather station rain gauge' },
    });
    expect(body.missingEt0).toContain('2026-11-05');
    expect(body.missingEt0).not.toContain('2026-11-04');
    const zone1 = body.zones.find((zone) => zone.section === t.farm.sections.zone1.id);
    const zone2 = body.zones.find((zone) => zone.section === t.farm.sections.zone2.id);
    // The test farm's program sets no rate: the default mm/h of the irrigation history.
    const applied = appliedDepthMm(RUN.hours * HOUR);
    expect(applied).toBeGreaterThan(0);
    expect(zone1?.depletion).toBeCloseTo(
      expectedDepletion(zone1?.section ?? 0, '2026-11-07', applied),
      1,
    );
    expect(zone1?.depletion).toBeGreaterThan(0);
    // Zone 2 had no run: the same weather, no irrigation, so it is drier than zone 1.
    expect(zone2?.depletion).toBeCloseTo(
      expectedDepletion(zone2?.section ?? 0, '2026-11-07', 0),
      1,
    );
    expect(zone2?.depletion ?? 0).toBeGreaterThan(zone1?.depletion ?? 0);
    expect(zone2?.today).toMatchObject({ et0: 4.8, irrigation: 0, irrigationSource: 'none' });
    expect(zone1).toMatchObject({ taw: 90, raw: 45, dry: false });
  });

  it('counts the day`s run and rain, and a 30 mm rain refills the bucket to 0', async () => {
    const run = await balance(t.farm.areas.irrigation.id, '?date=2026-11-03');
    const zone1 = run.zones.find((zone) => zone.section === t.farm.sections.zone1.id);
    expect(zone1?.today).toMatchObject({ irrigation: 10, irrigationSource: 'run-time' });
    const wet = await balance(t.farm.areas.irrigation.id, '?date=2026-11-08');
    for (const zone of wet.zones) {
      expect(zone.depletion).toBe(0);
      expect(zone.today).toMatchObject({ rain: 30, effectiveRain: 30 });
    }
    const after = await balance(t.farm.areas.irrigation.id, '?date=2026-11-10');
    const zone2 = after.zones.find((zone) => zone.section === t.farm.sections.zone2.id);
    expect(zone2?.depletion).toBeCloseTo(
      expectedDepletion(t.farm.sections.zone2.id, '2026-11-10', 0),
      1,
    );
  });

  it('keeps a zone with its own shallow soil within its TAW', async () => {
    const zone3 = t.farm.sections.zone3.id;
    const settings = { waterBalance: { zones: { [zone3]: { rootDepth: 0.02 } } } };
    await setIrrigationSettings(t, settings);
    const body = await balance(t.farm.areas.irrigation.id, '?date=2026-11-07');
    const zone = body.zones.find((entry) => entry.section === zone3);
    const taw = totalAvailableWater({ fieldCapacity: 0.3, wiltingPoint: 0.15, rootDepth: 0.02 });
    expect(zone?.taw).toBe(taw);
    expect(zone?.depletion).toBe(taw);
    expect(zone).toMatchObject({ dry: true, percentOfRaw: 200 });
  });

  it('leaves an area without ET0, rain or runs at field capacity, every day missing', async () => {
    const body = await balance(t.farm.areas.irrigationB.id, '?date=2026-11-07');
    expect(body).toMatchObject({ et0Station: null, rainGauge: null });
    expect(body.missingEt0).toEqual(datesBetween(body.from, '2026-11-07'));
    expect(body.zones).toEqual([
      expect.objectContaining({ section: t.farm.sections.zoneB1.id, depletion: 0, dry: false }),
    ]);
  });

  it('runs to today in the site`s zone when no date is asked', async () => {
    // The test clock is 22:00 on 21 November in Auckland.
    const body = await balance(t.farm.areas.irrigation.id, '');
    expect(body.date).toBe('2026-11-21');
  });

  it('is refused without the area, and 400 naming date for a bad one', async () => {
    const nobody = await get(t.farm.areas.irrigation.id, '', t.farm.users.nobody.id);
    expect(nobody.statusCode).toBe(403);
    const outsider = await get(t.farm.areas.irrigation.id, '', t.farm.users.outsider.id);
    expect(outsider.statusCode).toBe(403);
    for (const date of ['2026-13-01', 'yesterday', '2026-02-30']) {
      const response = await get(t.farm.areas.irrigation.id, `?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('date');
    }
  });
});
