import { FAN_METRICS, fitCoefficients, isRadiativeNight } from '@paddock/domain';
import type { HistoryChunk, HistorySeries } from '@paddock/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/client.ts';
import { createTestDatabase } from '../../../server/test/helpers/database.ts';
import { seedDemoFarm } from './demo-farm.ts';
import { DEMO_SITES } from './demo-sites.ts';
import {
  FROST_SEASON_DAYS,
  frostSeasonPlans,
  overlayFrostSeason,
  seasonNights,
  sitePhysics,
  type FrostSitePlan,
} from './frost-season.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const STEP_MS = 10 * 60_000;
const NOW = new Date('2026-11-28T23:00:00Z');
const teAwa = DEMO_SITES[0] as (typeof DEMO_SITES)[number];
const physics = sitePhysics(31_000);
const plan: FrostSitePlan = {
  siteId: 1,
  physics,
  nights: seasonNights({
    seed: 31_000,
    physics,
    location: teAwa.shed,
    timeZone: teAwa.timezone,
    now: NOW,
  }),
  sensors: { canopies: [11, 12], fans: [21], air: [31], dewPoint: [41], wind: [51] },
};

/** What the simulator's past reports, on a mild spring night with a breeze: steady values. */
const SIMULATED: [number, string, number][] = [
  [11, 'temperature', 12],
  [12, 'temperature', 12],
  [21, FAN_METRICS.towerTemperature, 12.5],
  [21, FAN_METRICS.rpm, 0],
  [31, 'temperature', 12],
  [41, 'temperature.dewpoint.current', 6],
  [51, 'wind.speed', 9],
];

/** The season's past, a day a chunk with a reading every 10 minutes, overlaid. */
function overlaidPast(): Map<string, { times: number[]; values: number[] }> {
  const out = new Map<string, { times: number[]; values: number[] }>();
  const from = NOW.getTime() - (FROST_SEASON_DAYS + 1) * DAY_MS;
  for (let start = from; start < NOW.getTime(); start += DAY_MS) {
    const series: HistorySeries[] = SIMULATED.map(([id, metric, value]) => {
      const times: number[] = [];
      for (let time = start; time < start + DAY_MS; time += STEP_MS) times.push(time);
      return { thing: 'sensor', id, metric, times, values: times.map(() => value) };
    });
    const chunk: HistoryChunk = {
      siteId: 1,
      from: new Date(start),
      to: new Date(start + DAY_MS),
      series,
      points: 0,
    };
    overlayFrostSeason(plan, chunk);
    for (const entry of chunk.series) {
      const key = `${entry.id}:${entry.metric}`;
      const all = out.get(key) ?? { times: [], values: [] };
      all.times.push(...entry.times);
      all.values.push(...entry.values);
      out.set(key, all);
    }
  }
  return out;
}

const past = overlaidPast();
const readings = (id: number, metric: string) =>
  past.get(`${id}:${metric}`) ?? { times: [], values: [] };
function nearest(id: number, metric: string, time: number): number {
  const { times, values } = readings(id, metric);
  let best = 0;
  times.forEach((at, i) => {
    if (Math.abs(at - time) < Math.abs((times[best] ?? Infinity) - time)) best = i;
  });
  return values[best] ?? NaN;
}
function within(id: number, metric: string, from: number, to: number): number[] {
  const { times, values } = readings(id, metric);
  return values.filter((_, i) => (times[i] ?? NaN) >= from && (times[i] ?? NaN) <= to);
}

/** Each night as the forecast reads it: the first canopy sensor, the dew point, the wind. */
const observed = plan.nights.map((night) => {
  const t2At = night.sunset + 2 * HOUR_MS;
  const wind = within(51, 'wind.speed', night.sunset, t2At);
  return {
    night,
    sunsetTemperature: nearest(11, 'temperature', night.sunset),
    t2: nearest(11, 'temperature', t2At),
    td2: nearest(41, 'temperature.dewpoint.current', t2At),
    meanWindKmh: wind.reduce((sum, v) => sum + v, 0) / wind.length,
    observedMin: Math.min(...within(11, 'temperature', night.sunset, night.sunrise + HOUR_MS)),
  };
});

describe('the demo farm season of frost nights', () => {
  it('has 20 to 30 frost nights over the last six weeks, most of them radiative', () => {
    expect(plan.nights.length).toBeGreaterThanOrEqual(20);
    expect(plan.nights.length).toBeLessThanOrEqual(30);
    const first = Math.min(...plan.nights.map((night) => night.sunset));
    expect(NOW.getTime() - first).toBeLessThanOrEqual((FROST_SEASON_DAYS + 1) * DAY_MS);
    const radiative = plan.nights.filter((night) => night.kind === 'radiative');
    expect(radiative.length).toBeGreaterThan(plan.nights.length / 2);
    expect(plan.nights.some((night) => night.kind !== 'radiative')).toBe(true);
    // Every frost night is over before now.
    expect(Math.max(...plan.nights.map((night) => night.sunrise))).toBeLessThan(NOW.getTime());
  });

  it('is the same season every start', () => {
    const again = seasonNights({
      seed: 31_000,
      physics,
      location: teAwa.shed,
      timeZone: teAwa.timezone,
      now: NOW,
    });
    expect(again).toEqual(plan.nights);
    expect(overlaidPast()).toEqual(past);
  });

  it('writes the nights over the past: the canopy freezes under an inversion, calm or not', () => {
    for (const entry of observed.filter((night) => night.night.kind === 'radiative')) {
      expect(entry.meanWindKmh).toBeLessThan(5);
      const dawn = entry.night.sunrise - 20 * 60_000;
      const inversion =
        nearest(21, FAN_METRICS.towerTemperature, dawn) - nearest(11, 'temperature', dawn);
      expect(inversion).toBeGreaterThan(1);
    }
    expect(observed.filter((night) => night.observedMin < 0).length).toBeGreaterThan(15);
    // The fans' other readings and the days between are the simulator's own.
    expect(new Set(readings(21, FAN_METRICS.rpm).values)).toEqual(new Set([0]));
    const noon = (plan.nights[0]?.sunset ?? NaN) - 8 * HOUR_MS;
    expect(nearest(11, 'temperature', noon)).toBe(12);
  });

  it('classes the radiative nights by the forecast rule, and their fit finds the site', () => {
    const radiative = observed.filter((night) => isRadiativeNight(night));
    expect(radiative.map((night) => night.night.kind)).toEqual(radiative.map(() => 'radiative'));
    expect(radiative.length).toBeGreaterThanOrEqual(12);
    const fit = fitCoefficients(radiative);
    if (!fit) throw new Error('the radiative nights gave no fit');
    expect(Math.abs(fit.a - physics.a)).toBeLessThan(0.15);
    expect(Math.abs(fit.b - physics.b)).toBeLessThan(0.2);
    expect(fit.meanAbsoluteError).toBeLessThan(0.6);
  });
});

describe('the season on the seeded demo farm', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoFarm(handle.db, { now: NOW });
  });
  afterAll(() => handle.close());

  it('gives every frost site its nights and finds the sensors the forecast reads', async () => {
    const plans = await frostSeasonPlans(handle.db, NOW);
    expect(plans).toHaveLength(DEMO_SITES.filter((spec) => spec.frost).length);
    for (const site of plans) {
      expect(site.nights.length).toBeGreaterThanOrEqual(20);
      expect(site.sensors.canopies.length).toBeGreaterThan(0);
      expect(site.sensors.fans).toHaveLength(site.sensors.canopies.length);
      // The frost area's own dew point and tower wind, with the station's where the site has one.
      expect(site.sensors.dewPoint.length).toBeGreaterThan(0);
      expect(site.sensors.wind.length).toBeGreaterThan(0);
    }
    expect(plans.filter((site) => site.sensors.air.length > 0).length).toBeGreaterThan(0);
  });
});
