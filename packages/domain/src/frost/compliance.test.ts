import { describe, expect, it } from 'vitest';
import {
  fanFueling,
  findRuns,
  frostFanTotals,
  frostRuns,
  type FanReadings,
  type TimedValue,
} from './compliance.ts';
import { FROST_RULE_PRESETS, defaultFrostRules, withinPermittedHours } from './rules.ts';
import { frostNightOf, frostNightRange } from './night.ts';
import { minutesBelowZero, frostSummary } from './summary.ts';

const T0 = Date.parse('2026-09-20T14:00:00Z'); // 02:00 NZST, 21 September
const MIN = 60_000;
const series = (values: readonly number[], step = 10 * MIN, from = T0): TimedValue[] =>
  values.map((v, i) => ({ t: from + i * step, v }));

function fan(overrides: Partial<FanReadings> = {}): FanReadings {
  return {
    fan: 7,
    label: 'Fan 1',
    rpm: series([0, 2300, 2350, 2340, 0, 0]),
    canopy: series([1.5, 0.8, 0.5, 1.9, 3.2, 3.5]),
    tower: series([4.5, 4.6, 4.4, 4.0, 4.1, 4.2]),
    wind: series([2, 3, 2, 4, 3, 2]),
    fuel: series([80, 79, 77, 75, 74, 74]),
    engineHours: series([500, 500.1, 500.3, 500.5, 500.6, 500.6]),
    trigger: [],
    ...overrides,
  };
}

const rules = FROST_RULE_PRESETS.westernBayOfPlenty;
const range = { from: T0 - 60 * MIN, to: T0 + 12 * 60 * MIN };
const zone = 'Pacific/Auckland';

describe('frost compliance', () => {
  it('finds runs from RPM, an unfinished one open', () => {
    expect(findRuns(series([0, 100, 100, 0, 5]))).toEqual([
      { start: T0 + 10 * MIN, stop: T0 + 30 * MIN },
      { start: T0 + 40 * MIN, stop: null },
    ]);
  });

  it('records a run with its temperatures, engine hours and fuel', () => {
    const [run] = frostRuns(fan(), rules, zone, range, T0 + 100 * MIN);
    expect(run).toMatchObject({
      start: new Date(T0 + 10 * MIN).toISOString(),
      stop: new Date(T0 + 40 * MIN).toISOString(),
      durationMinutes: 30,
      trigger: 'auto',
      canopyAtStart: 0.8,
      canopyAtStop: 3.2,
      towerAtStart: 4.6,
      inversionAtStart: 3.8,
      inversionClassAtStart: 'strong',
      lowestCanopy: 0.5,
      highestWind: 4,
      averageRpm: 2330,
      engineHoursStart: 500.1,
      engineHoursEnd: 500.6,
      fuelStart: 79,
      fuelEnd: 74,
      flags: [],
    });
  });

  it.each([
    [
      'a start above the permitted temperature',
      { canopy: series([3, 2.5, 1, 1.9, 3.2, 3.5]) },
      rules,
      'startAboveTemperature',
    ],
    [
      'running on past the stop temperature',
      { canopy: series([1, 0.8, 4.2, 4.5, 4.6, 4]) },
      rules,
      'ranPastStopTemperature',
    ],
    [
      'running in wind above the shutdown speed',
      { wind: series([2, 9, 10, 4, 3, 2]) },
      FROST_RULE_PRESETS.marlboroughConsent,
      'ranInWind',
    ],
    ['no canopy reading at the start', { canopy: [] }, rules, 'missingData'],
    [
      'running outside the permitted hours',
      {},
      { ...rules, permittedHours: { from: '03:00', to: '07:00' } },
      'outsidePermittedHours',
    ],
  ] as const)('flags %s', (_, overrides, rulesUsed, flag) => {
    const [run] = frostRuns(fan(overrides), rulesUsed, zone, range, T0 + 100 * MIN);
    expect(run?.flags).toContain(flag);
  });

  it('counts a run stopped by wind as a wind shutdown', () => {
    const [run] = frostRuns(
      fan({ wind: series([2, 3, 2, 4, 12, 2]) }),
      FROST_RULE_PRESETS.marlboroughConsent,
      zone,
      range,
      T0 + 100 * MIN,
    );
    expect(run?.windShutdowns).toBe(1);
  });

  it('reads the trigger reported at the start', () => {
    const [run] = frostRuns(
      fan({ trigger: series([2], 1, T0 + 10 * MIN) }),
      rules,
      zone,
      range,
      T0 + 100 * MIN,
    );
    expect(run?.trigger).toBe('test');
  });

  it('totals and fuels a fan: refills from level jumps, hours left at the last burn', () => {
    const readings = fan({ fuel: series([80, 79, 77, 75, 95, 95]) });
    const runs = frostRuns(readings, rules, zone, range, T0 + 100 * MIN);
    expect(frostFanTotals(readings, runs)).toMatchObject({ runs: 1, hours: 0.5, flaggedRuns: 0 });
    const fueling = fanFueling(readings, runs, zone);
    expect(fueling.refills).toEqual([
      {
        at: new Date(T0 + 40 * MIN).toISOString(),
        from: 75,
        to: 95,
        engineHoursSincePrevious: 0.6,
      },
    ]);
    expect(fueling.nights).toEqual([{ night: '2026-09-20', fuelUsed: 0, engineHours: 0.5 }]);
    expect(fueling.fuelUsed).toBe(5);
  });
});

describe('frost rules', () => {
  it.each([
    ['Marlborough', 1, 2, 8],
    ['Western Bay of Plenty', 2, 4, null],
    ["Hawke's Bay", 2, 4, null],
  ])('defaults %s to start ≤ %s °C, stop %s °C, wind %s', (region, start, stop, wind) => {
    const rule = defaultFrostRules(region);
    expect([rule.startAtOrBelow, rule.stopBy, rule.windShutdownAbove]).toEqual([start, stop, wind]);
    expect(rule.source.length).toBeGreaterThan(10);
  });

  it.each([
    ['22:00', '06:00', 23 * 60, true],
    ['22:00', '06:00', 12 * 60, false],
    ['01:00', '05:00', 3 * 60, true],
  ])('permitted hours %s–%s', (from, to, minute, ok) => {
    expect(withinPermittedHours({ ...rules, permittedHours: { from, to } }, minute)).toBe(ok);
  });
});

describe('the frost night', () => {
  it('runs local noon to noon and is named by the date it began', () => {
    const night = frostNightRange('2026-09-20', zone);
    expect(night.from.toISOString()).toBe('2026-09-20T00:00:00.000Z');
    expect(night.to.toISOString()).toBe('2026-09-21T00:00:00.000Z');
    expect(frostNightOf(new Date(T0), zone)).toBe('2026-09-20');
  });
});

describe('frost summary', () => {
  it('counts minutes below 0 °C once where sensors overlap', () => {
    const a = series([1, -0.5, -1, 0.5], 10 * MIN);
    const b = series([-0.2, -0.3, 1], 10 * MIN, T0 + 5 * MIN);
    expect(minutesBelowZero([a, b], T0, T0 + 60 * MIN)).toBe(25);
  });

  it('counts fans running and in fault, the coldest canopy and the lowest fuel', () => {
    const summary = frostSummary({
      area: 3,
      fans: [
        {
          sensor: 1,
          label: 'Fan 1',
          rpm: 2300,
          fuel: 40,
          fuelAt: null,
          battery: 12.5,
          trip: 2,
          overdue: false,
        },
        {
          sensor: 2,
          label: 'Fan 2',
          rpm: 0,
          fuel: 10,
          fuelAt: null,
          battery: 12.5,
          trip: 2,
          overdue: false,
        },
      ],
      canopies: [
        { sensor: 5, label: 'Block 1', value: -0.4, at: null, tonight: [] },
        { sensor: 6, label: 'Block 2', value: 0.7, at: null, tonight: [] },
      ],
      nightStart: new Date(T0 - 60 * MIN),
      now: new Date(T0),
    });
    expect(summary).toMatchObject({
      fans: 2,
      fansRunning: 1,
      fansFault: 1,
      faults: [{ sensor: 2, reasons: ['fuel'] }],
      coldestCanopy: { value: -0.4, sensor: 5 },
      lowestFuel: { value: 10, sensor: 2 },
    });
  });
});
