import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WATER_BALANCE,
  WATER_BALANCE_MAX_DAYS,
  seasonStartOnOrBefore,
  todayEt0StandIn,
  waterBalanceFrom,
  waterBalanceParameters,
  waterBalanceSettingsSchema,
  zoneDayIrrigation,
  zoneWaterBalance,
} from './parameters.ts';

describe('waterBalanceParameters', () => {
  it('falls back field by field: the zone, then the area, then the default', () => {
    const settings = waterBalanceSettingsSchema.parse({
      soil: { fieldCapacity: 0.36, rootDepth: 1 },
      crop: { kc: { mid: 0.8 }, stages: { late: 60 } },
      zones: { '7': { rootDepth: 0.4, areaSquareMetres: 5000 } },
    });
    const zone7 = waterBalanceParameters(settings, 7, '2026-09-01');
    expect(zone7.soil).toEqual({
      fieldCapacity: 0.36,
      wiltingPoint: DEFAULT_WATER_BALANCE.soil.wiltingPoint,
      rootDepth: 0.4,
      depletionFraction: DEFAULT_WATER_BALANCE.soil.depletionFraction,
    });
    expect(zone7.areaSquareMetres).toBe(5000);
    expect(zone7.crop).toEqual({
      seasonStart: '2026-09-01',
      kc: { initial: 0.3, mid: 0.8, end: 0.45 },
      stages: { initial: 30, development: 60, midSeason: 40, late: 60 },
    });
    expect(waterBalanceParameters(settings, 8, '2026-09-01').soil.rootDepth).toBe(1);
    expect(waterBalanceParameters(undefined, 8, '2026-09-01')).toMatchObject({
      soil: DEFAULT_WATER_BALANCE.soil,
      areaSquareMetres: null,
    });
  });

  it.each([
    [{ soil: { fieldCapacity: 1.2 } }, 'soil.fieldCapacity'],
    [{ crop: { stages: { initial: 0 } } }, 'crop.stages.initial'],
    [{ zones: { north: {} } }, 'zones.north'],
    [{ soil: { clay: 1 } }, 'soil'],
  ])('refuses %j at %s', (settings, path) => {
    const result = waterBalanceSettingsSchema.safeParse(settings);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});

describe('the days a balance runs', () => {
  it.each([
    ['0109', '2026-11-21', '2026-09-01'],
    ['0109', '2026-09-01', '2026-09-01'],
    ['0109', '2026-08-31', '2025-09-01'],
    ['2902', '2027-03-01', '2027-02-28'],
  ])('season %s on %s started %s', (dayMonth, date, start) => {
    expect(seasonStartOnOrBefore(dayMonth, date)).toBe(start);
  });

  it(`runs from the season start or ${WATER_BALANCE_MAX_DAYS} days back, the later`, () => {
    expect(waterBalanceFrom('2026-09-01', '2026-11-21')).toBe('2026-09-01');
    expect(waterBalanceFrom('2025-09-01', '2026-08-31')).toBe('2026-05-04');
  });
});

describe('zoneDayIrrigation', () => {
  it.each([
    [{ applied: 10, runtimeMs: 7_200_000, volume: 25 }, 5000, { depth: 5, source: 'metered' }],
    [{ applied: 10, runtimeMs: 7_200_000, volume: 25 }, null, { depth: 10, source: 'run-time' }],
    [{ applied: 0, runtimeMs: 0, volume: null }, 5000, { depth: 0, source: 'none' }],
  ])('%j over %s m² is %j', (day, area, expected) => {
    expect(zoneDayIrrigation(day, area)).toEqual(expected);
  });
});

describe('zoneWaterBalance', () => {
  it('counts a missing ET0 as 0 and starts at field capacity', () => {
    const parameters = waterBalanceParameters(undefined, 1, '2026-09-01');
    const { steps, kc } = zoneWaterBalance(parameters, [
      { date: '2026-09-01', et0: 5, rain: 0, irrigation: 0 },
      { date: '2026-09-02', et0: null, rain: 0, irrigation: 0 },
    ]);
    expect(kc).toEqual([0.3, 0.3]);
    expect(steps.map((step) => step.depletion)).toEqual([1.5, 1.5]);
  });
});

describe('todayEt0StandIn and the probe', () => {
  const et0 = new Map([
    ['2026-11-17', 4.2],
    ['2026-11-19', 5.1],
  ]);
  it.each([
    ['2026-11-20', { date: '2026-11-19', et0: 5.1 }],
    ['2026-11-21', { date: '2026-11-19', et0: 5.1 }],
    ['2026-11-22', { date: '2026-11-19', et0: 5.1 }],
    ['2026-11-23', null],
    ['2026-11-18', { date: '2026-11-17', et0: 4.2 }],
  ])('today %s counts %o', (today, expected) => {
    expect(todayEt0StandIn(et0, today)).toEqual(expected);
  });

  it('corrects a day toward the probe when one is given, half way', () => {
    const parameters = waterBalanceParameters(undefined, 1, '2026-09-01');
    const { steps } = zoneWaterBalance(parameters, [
      { date: '2026-09-01', et0: 5, rain: 0, irrigation: 0, probeMoisture: 20 },
    ]);
    // Default loam: θFC 0.30, Zr 0.6 m: 20 % implies (0.30 − 0.20) · 1000 · 0.6 = 60 mm.
    expect(steps[0]?.modelDepletion).toBeCloseTo(1.5, 6);
    expect(steps[0]?.probeDepletion).toBeCloseTo(60, 6);
    expect(steps[0]?.depletion).toBeCloseTo(30.75, 6);
  });
});
