import { describe, expect, it } from 'vitest';
import {
  accumulateAgronomy,
  accumulationStart,
  defaultChillStart,
  pairMoistAir,
  type TemperatureBucket,
} from './accumulate.ts';
import {
  airDensity,
  chillHour,
  dewPoint,
  growingDegreeDays,
  saturationVapourPressure,
  utahChillUnits,
} from './formulas.ts';

describe('growingDegreeDays (simple average, base 10 °C)', () => {
  it.each([
    // SAGE, U Wisconsin (crop atlas): Tmax 21, Tmin 15 → mean 18 → 8 GDD at base 10, 13 at base 5.
    { max: 21, min: 15, base: 10, expected: 8 },
    { max: 21, min: 15, base: 5, expected: 13 },
    // UC IPM (citrus table, °F): 75/53 °F → mean 64 °F, 11 DD above 53 °F.
    { max: 75, min: 53, base: 53, expected: 11 },
    // MRCC: a mean at or below the base gives 0, never a negative day.
    { max: 12, min: 4, base: 10, expected: 0 },
    { max: 10, min: 10, base: 10, expected: 0 },
  ])('$max/$min over $base → $expected', ({ max, min, base, expected }) => {
    expect(growingDegreeDays(max, min, base)).toBeCloseTo(expected, 10);
  });
});

describe('utahChillUnits (Richardson et al. 1974, °C edges of chillR)', () => {
  it.each([
    [0, 0],
    [1.4, 0],
    [1.5, 0.5],
    [2.4, 0.5],
    [2.5, 1],
    [9.1, 1],
    [9.2, 0.5],
    [12.4, 0.5],
    [12.5, 0],
    [15.9, 0],
    [16, -0.5],
    [18, -0.5],
    [18.1, -1],
    [30, -1],
  ])('%s °C → %s', (t, units) => expect(utahChillUnits(t)).toBe(units));

  it('chill hours count hours below 7.2 °C only', () => {
    expect(chillHour(7.1)).toBe(1);
    expect(chillHour(7.2)).toBe(0);
    expect(chillHour(-3)).toBe(1);
  });
});

describe('dewPoint (Magnus, WMO 17.62 / 243.12 °C)', () => {
  it.each([
    // Published calculators (NOAA/NWS, Sensirion app note): ±0.1 °C.
    { t: 20, rh: 50, td: 9.3 },
    { t: 25, rh: 60, td: 16.7 },
    { t: 30, rh: 80, td: 26.2 },
    { t: 10, rh: 100, td: 10 },
    { t: 0, rh: 70, td: -4.8 },
  ])('$t °C at $rh % → $td °C (±0.1)', ({ t, rh, td }) => {
    expect(Math.abs((dewPoint(t, rh) as number) - td)).toBeLessThanOrEqual(0.1);
  });

  it('has no dew point without humidity', () => {
    expect(dewPoint(20, 0)).toBeNull();
  });

  it('saturation pressure: 6.112 hPa at 0 °C (WMO), 23.37 hPa at 20 °C (Smithsonian tables, ±0.05)', () => {
    expect(saturationVapourPressure(0)).toBeCloseTo(6.112, 3);
    expect(Math.abs(saturationVapourPressure(20) - 23.37)).toBeLessThanOrEqual(0.05);
  });
});

describe('airDensity (moist air, partial densities)', () => {
  it('is the ISA sea-level 1.2250 kg/m³ at 15 °C, 1013.25 hPa, dry (±0.0005)', () => {
    expect(Math.abs(airDensity(15, 1013.25, 0) - 1.225)).toBeLessThanOrEqual(0.0005);
  });
  it('is 1.2041 kg/m³ dry at 20 °C, 1013.25 hPa (Engineering ToolBox, ±0.0005)', () => {
    expect(Math.abs(airDensity(20, 1013.25, 0) - 1.2041)).toBeLessThanOrEqual(0.0005);
  });
  it('humid air is lighter: 20 °C, 1013.25 hPa, 50 % → 1.1988 kg/m³ (ASHRAE, ±0.001)', () => {
    expect(Math.abs(airDensity(20, 1013.25, 50) - 1.1988)).toBeLessThanOrEqual(0.001);
  });
});

const AUCKLAND = 'Pacific/Auckland';
const HALF_HOUR = 30 * 60_000;

/** Half-hour buckets of one reading each, from a temperature function of the local hour. */
function buckets(
  fromIso: string,
  days: number,
  temp: (hour: number) => number,
): TemperatureBucket[] {
  const from = Date.parse(fromIso);
  const out: TemperatureBucket[] = [];
  for (let i = 0; i < days * 48; i++) {
    const start = from + i * HALF_HOUR;
    const value = temp(Math.floor(i / 2) % 24);
    out.push({ start, count: 1, sum: value, min: value, max: value });
  }
  return out;
}

describe('accumulateAgronomy', () => {
  // 2026-11-01T00:00 in Auckland (NZDT, +13) is 2026-10-31T11:00Z.
  const start = '2026-10-31T11:00:00.000Z';
  const diurnal = (hour: number) => (hour < 12 ? 8 : 24); // min 8, max 24 → mean 16 → 6 GDD

  it('adds each local day`s GDD to the total, one point at each local midnight', () => {
    const series = accumulateAgronomy(buckets(start, 3, diurnal), {
      timeZone: AUCKLAND,
      seasonStart: '0109',
      chillStart: '0104',
    });
    expect(series.growingDegreeDays).toEqual([
      { time: Date.parse('2026-10-31T11:00:00.000Z'), value: 6 },
      { time: Date.parse('2026-11-01T11:00:00.000Z'), value: 12 },
      { time: Date.parse('2026-11-02T11:00:00.000Z'), value: 18 },
    ]);
  });

  it('counts chill per local hour: 12 hours at 8 °C a day are 12 units and 0 chill hours', () => {
    const series = accumulateAgronomy(buckets(start, 2, diurnal), {
      timeZone: AUCKLAND,
      seasonStart: '0109',
      chillStart: '0104',
    });
    expect(series.chillUnits).toHaveLength(48);
    // 24 °C hours take one unit each: 12 − 12 a day.
    expect(series.chillUnits.at(11)?.value).toBe(12);
    expect(series.chillUnits.at(-1)?.value).toBe(0);
    const cold = accumulateAgronomy(
      buckets(start, 1, () => 5),
      {
        timeZone: AUCKLAND,
        seasonStart: '0109',
        chillStart: '0104',
      },
    );
    expect(cold.chillHours.at(-1)?.value).toBe(24);
  });

  it('starts GDD again on the season start day', () => {
    // 30 and 31 August, then 1 September (season start) in Auckland (NZST +12).
    const series = accumulateAgronomy(buckets('2026-08-29T12:00:00.000Z', 3, diurnal), {
      timeZone: AUCKLAND,
      seasonStart: '0109',
      chillStart: '0104',
    });
    expect(series.growingDegreeDays.map((point) => point.value)).toEqual([6, 12, 6]);
  });

  it('finds the accumulation start on or before a time', () => {
    expect(
      accumulationStart(new Date('2026-11-25T00:00:00Z'), '0109', AUCKLAND).toISOString(),
    ).toBe('2026-08-31T12:00:00.000Z');
    expect(
      accumulationStart(new Date('2026-03-01T00:00:00Z'), '0109', AUCKLAND).toISOString(),
    ).toBe('2025-08-31T12:00:00.000Z');
  });

  it('defaults chill to start in autumn of the hemisphere', () => {
    expect(defaultChillStart(-41)).toBe('0104');
    expect(defaultChillStart(45)).toBe('0110');
  });
});

describe('pairMoistAir', () => {
  it('pairs each temperature with the nearest humidity and pressure within 5 minutes', () => {
    const t0 = Date.parse('2026-11-25T00:00:00Z');
    const result = pairMoistAir(
      [
        { time: t0, value: 20 },
        { time: t0 + 600_000, value: 25 },
        { time: t0 + 1_200_000, value: 25 },
      ],
      [
        { time: t0 + 1_000, value: 50 },
        { time: t0 + 600_000, value: 60 },
      ],
      [{ time: t0, value: 1013.25 }],
    );
    expect(result.dewPoint.map((p) => p.time)).toEqual([t0, t0 + 600_000]);
    expect(result.dewPoint[1]?.value).toBeCloseTo(16.69, 1);
    expect(result.airDensity).toHaveLength(1);
  });
});
