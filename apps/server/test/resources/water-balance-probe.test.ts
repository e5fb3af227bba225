/**
 * GET areas/{id}/water-balance with a soil probe (issue 30 item 3): a zone whose radio carries a
 * soil.moisture sensor has each day's depletion corrected toward the probe's last reading of the
 * local day (the domain's probeCorrectedDepletion, as runBucket applies it), and says which
 * probe and reading; a zone without one is the plain model. Today, before its ET0 is computed,
 * counts the newest of the days before it. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import {
  cropCoefficient,
  datesBetween,
  probeDepletion,
  runBucket,
  waterBalanceParameters,
} from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema.ts';
import { addSeries } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { addEt0Days, readWaterBalance } from '../helpers/water-balance-kit.ts';

let t: TestApp;
const HOUR = 3_600_000;
/** Site a is in Auckland (NZDT, +13); the default season starts on 1 September. */
const SEASON_START = '2026-09-01';
/** The test clock's local date (22:00 on 21 November in Auckland). */
const TODAY = '2026-11-21';
/** ET0 (mm) of the days before today the station has; today has none yet. */
const ET0: Record<string, number> = {
  '2026-11-16': 5.2,
  '2026-11-17': 5.6,
  '2026-11-18': 6.1,
  '2026-11-19': 5.8,
  '2026-11-20': 6.4,
};
const local = (date: string, hour: number) => Date.parse(`${date}T00:00:00+13:00`) + hour * HOUR;
/**
 * The probe's readings (volumetric %): two on the 19th (the later counts), one half an hour
 * into the 20th local time (still the 19th in UTC: the site's day decides), one today.
 */
const READINGS: [number, number][] = [
  [local('2026-11-19', 8), 14],
  [local('2026-11-19', 20), 26],
  [local('2026-11-20', 0.5), 18],
  [local(TODAY, 9), 22],
];
/** The end-of-day reading each local date counts. */
const PROBE_BY_DAY: Record<string, number> = {
  '2026-11-19': 26,
  '2026-11-20': 18,
  [TODAY]: 22,
};

beforeAll(async () => {
  t = await buildTestApp();
  const { sites, sensors } = t.farm;
  await addEt0Days(t, ET0);
  // The farm's soil probe is on radio 1, the radio of zone 1.
  const seriesId = await addSeries(t.db, sites.a.id, {
    type: 'sensor',
    id: sensors.soil.id,
    metric: 'soil.moisture',
  });
  await t.db
    .insert(s.readings)
    .values(READINGS.map(([time, value]) => ({ seriesId, time: new Date(time), value })));
});
afterAll(() => t.close());

const balance = (query = '') => readWaterBalance(t, t.farm.areas.irrigation.id, query);

/** runBucket over the season to `date`, with today's ET0 standing in from the 20th. */
function expected(section: number, date: string, withProbe: boolean) {
  const { soil, crop } = waterBalanceParameters(undefined, section, SEASON_START);
  const days = datesBetween(SEASON_START, date).map((day) => ({
    et0: ET0[day] ?? (day === TODAY ? (ET0['2026-11-20'] ?? 0) : 0),
    kc: cropCoefficient(crop, day).kc,
    rain: [],
    irrigation: [],
    probeMoisture: withProbe ? (PROBE_BY_DAY[day] ?? null) : null,
  }));
  return { soil, steps: runBucket(soil, 0, days) };
}

describe('GET /api/areas/{id}/water-balance with a soil probe', () => {
  it('corrects a probed zone toward its last reading of each local day', async () => {
    const body = await balance(`?date=2026-11-20`);
    const zone1 = body.zones.find((zone) => zone.section === t.farm.sections.zone1.id);
    const zone2 = body.zones.find((zone) => zone.section === t.farm.sections.zone2.id);
    const probed = expected(t.farm.sections.zone1.id, '2026-11-20', true);
    const plain = expected(t.farm.sections.zone2.id, '2026-11-20', false);
    expect(zone1?.depletion).toBeCloseTo(probed.steps.at(-1)?.depletion ?? Number.NaN, 1);
    expect(zone2?.depletion).toBeCloseTo(plain.steps.at(-1)?.depletion ?? Number.NaN, 1);
    // The correction moved it: the model alone is elsewhere.
    expect(Math.abs((zone1?.depletion ?? 0) - (zone2?.depletion ?? 0))).toBeGreaterThan(1);
    expect(zone1?.probe).toEqual({
      sensor: t.farm.sensors.soil.id,
      label: 'Soil moisture zone 1',
      moisture: 18,
      at: new Date(local('2026-11-20', 0.5)).toISOString(),
      depletion: Math.round(probeDepletion(probed.soil, 18) * 10) / 10,
    });
    expect(zone2?.probe).toBeNull();
  });

  it('counts yesterday`s ET0 for today until today`s is computed, and says so', async () => {
    const body = await balance();
    expect(body).toMatchObject({ date: TODAY, et0EstimatedFrom: '2026-11-20' });
    expect(body.missingEt0).not.toContain(TODAY);
    const zone1 = body.zones.find((zone) => zone.section === t.farm.sections.zone1.id);
    expect(zone1?.today.et0).toBe(6.4);
    expect(zone1?.probe).toMatchObject({ moisture: 22 });
    const probed = expected(t.farm.sections.zone1.id, TODAY, true);
    expect(zone1?.depletion).toBeCloseTo(probed.steps.at(-1)?.depletion ?? Number.NaN, 1);
    // An asked past date has its own ET0 or none: no stand-in.
    expect((await balance('?date=2026-11-15')).et0EstimatedFrom).toBeNull();
  });
});
