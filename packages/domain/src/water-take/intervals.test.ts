import { describe, expect, it } from 'vitest';
import { localDayBounds, waterYearOf } from './days.ts';
import { buildWaterTakeDay, verificationCovers, type MeterReading } from './intervals.ts';
import { waterConsentBodySchema, waterTakeQuerySchema } from './consent.ts';

const ZONE = 'Pacific/Auckland';
const MIN = 60_000;
/** A winter day (NZST, +12:00): 2026-06-15 starts at 2026-06-14T12:00Z. */
const DATE = '2026-06-15';
const { start: DAY_START, end: DAY_END } = localDayBounds(DATE, ZONE);

/** Readings every `step` minutes from 30 minutes before the day to 30 after, flowing at `m3h`. */
function steadyReadings(
  step: number,
  m3h: (time: number) => number,
  from = DAY_START - 30 * MIN,
  to = DAY_END + 30 * MIN,
): MeterReading[] {
  const readings: MeterReading[] = [];
  let total = 1000;
  for (let time = from; time <= to; time += step * MIN) {
    readings.push({ time, total });
    total += (m3h(time) * step) / 60;
  }
  return readings;
}

const build = (
  readings: MeterReading[],
  extra: Partial<Parameters<typeof buildWaterTakeDay>[0]> = {},
) =>
  buildWaterTakeDay({ date: DATE, timeZone: ZONE, readings, verifiedOn: '2025-03-01', ...extra });

describe('buildWaterTakeDay', () => {
  it('gives 96 intervals of 15 minutes with the site offset, and the day total', () => {
    const day = build(steadyReadings(10, () => 36));
    expect(day.intervals).toHaveLength(96);
    expect(day.intervals[0]).toMatchObject({
      start: '2026-06-15T00:00:00+12:00',
      end: '2026-06-15T00:15:00+12:00',
      volume: 9,
      quality: 600,
      source: 'telemetry',
    });
    expect(day.intervals[95]?.end).toBe('2026-06-16T00:00:00+12:00');
    expect(day.total).toMatchObject({ volume: 864, complete: true, quality: 600, missing: 0 });
    expect(day.total.unplaced).toBe(0);
  });

  it('records a real zero for each interval the meter did not move (a pump outage)', () => {
    // The pump stops from 06:00 to 12:00 while the meter keeps reporting its unchanged total.
    const outage = (time: number) =>
      time >= DAY_START + 6 * 60 * MIN && time < DAY_START + 12 * 60 * MIN ? 0 : 36;
    const day = build(steadyReadings(10, outage));
    const stopped = day.intervals.slice(24, 48);
    expect(stopped.every((row) => row.volume === 0 && row.quality === 600)).toBe(true);
    expect(Object.is(stopped[0]?.volume, 0)).toBe(true);
    expect(day.total.volume).toBe(864 - 216);
  });

  it('flags the intervals of a telemetry gap missing (100) and puts no volume in them', () => {
    const gapFrom = DAY_START + 10 * 60 * MIN;
    const readings = steadyReadings(10, () => 36).filter(
      (reading) => reading.time <= gapFrom || reading.time >= gapFrom + 60 * MIN,
    );
    const day = build(readings);
    const gap = day.intervals.slice(40, 44);
    expect(gap.map((row) => row.quality)).toEqual([100, 100, 100, 100]);
    expect(gap.every((row) => row.volume === null && row.source === null)).toBe(true);
    expect(day.intervals[39]).toMatchObject({ quality: 600, volume: 9 });
    expect(day.intervals[44]).toMatchObject({ quality: 600, volume: 9 });
    // The hour's 36 m³ are not spread over the gap: they are reported as unplaced.
    expect(day.total).toMatchObject({ volume: 828, complete: false, missing: 4, quality: 100 });
    expect(day.total.unplaced).toBe(36);
  });

  it('marks readings 15–30 minutes apart fair (500) and an unverified meter 200', () => {
    expect(build(steadyReadings(20, () => 36)).intervals[5]?.quality).toBe(500);
    expect(
      build(
        steadyReadings(10, () => 36),
        { verifiedOn: null },
      ).intervals[5]?.quality,
    ).toBe(200);
    expect(
      build(
        steadyReadings(10, () => 36),
        { verifiedOn: '2019-01-01' },
      ).intervals[5]?.quality,
    ).toBe(200);
  });

  it('gives no volume where the count fell (compromised, 400)', () => {
    const readings = steadyReadings(10, () => 36).map((reading) =>
      reading.time >= DAY_START + 3 * 60 * MIN + 5 * MIN
        ? { ...reading, total: reading.total - 900 }
        : reading,
    );
    const day = build(readings);
    expect(day.intervals[12]).toMatchObject({ quality: 400, volume: null });
    expect(day.intervals[13]).toMatchObject({ quality: 600, volume: 9 });
    expect(day.total.unplaced).toBeNull();
  });

  it('marks intervals before the first reading missing: the readings do not reach them', () => {
    const day = build(steadyReadings(10, () => 36, DAY_START + 60 * MIN));
    expect(day.intervals.slice(0, 4).every((row) => row.quality === 100)).toBe(true);
    expect(day.intervals[4]?.quality).toBe(600);
  });

  it('flags intervals above the consent maximum rate and a day above its volume', () => {
    const day = build(
      steadyReadings(10, () => 36),
      { maxRateLps: 9, maxDailyVolumeM3: 800 },
    );
    // 36 m³/h is 10 L/s.
    expect(day.intervals[0]?.exceedsRate).toBe(true);
    expect(day.total.exceedsDailyVolume).toBe(true);
    expect(
      build(
        steadyReadings(10, () => 36),
        { maxRateLps: 10 },
      ).intervals[0]?.exceedsRate,
    ).toBe(false);
  });

  it('has 92 intervals on the spring-forward day and 100 on the fall-back day', () => {
    // NZ daylight time starts 2026-09-27 (02:00 → 03:00) and ends 2026-04-05 (03:00 → 02:00).
    // Both days read alike, 36 m³/h every 10 minutes: only the clock change may differ.
    const steadyDay = (date: string) => {
      const bounds = localDayBounds(date, ZONE);
      const readings = steadyReadings(10, () => 36, bounds.start - 30 * MIN, bounds.end + 30 * MIN);
      return build(readings, { date });
    };
    const springDay = steadyDay('2026-09-27');
    expect(springDay.intervals).toHaveLength(92);
    expect(springDay.intervals[7]?.end).toBe('2026-09-27T03:00:00+13:00');
    expect(springDay.total.volume).toBe(828);

    const autumnDay = steadyDay('2026-04-05');
    expect(autumnDay.intervals).toHaveLength(100);
    expect(autumnDay.intervals.map((row) => row.start)).toContain('2026-04-05T02:00:00+13:00');
    expect(autumnDay.intervals.map((row) => row.start)).toContain('2026-04-05T02:00:00+12:00');
    expect(autumnDay.total.volume).toBe(900);
  });

  it('refuses readings out of time order', () => {
    expect(() =>
      build([
        { time: DAY_START + MIN, total: 2 },
        { time: DAY_START, total: 1 },
      ]),
    ).toThrow(/time order/);
  });
});

describe('water year and verification', () => {
  it('runs the water year from 1 July (reg 3)', () => {
    expect(waterYearOf('2026-06-30')).toEqual({
      label: '2025-26',
      start: '2025-07-01',
      end: '2026-06-30',
    });
    expect(waterYearOf('2026-07-01').label).toBe('2026-27');
  });

  it('holds a verification for five years from its date', () => {
    expect(verificationCovers('2021-06-15', '2026-06-14')).toBe(true);
    expect(verificationCovers('2021-06-15', '2026-06-15')).toBe(false);
    expect(verificationCovers('2026-06-16', '2026-06-15')).toBe(false);
    expect(verificationCovers(null, '2026-06-15')).toBe(false);
  });
});

describe('consent and download validation', () => {
  it('names the field at fault', () => {
    const result = waterConsentBodySchema.safeParse({
      consentNumber: '  ',
      maxRateLps: -1,
      meters: [],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['consentNumber', 'maxRateLps', 'meters']));
    expect(result.error?.issues.find((issue) => issue.path[0] === 'maxRateLps')?.message).toBe(
      'The maximum rate must be above zero',
    );
  });

  it('refuses a meter listed twice, a bad date and a range too long', () => {
    const twice = waterConsentBodySchema.safeParse({
      consentNumber: 'CRC123456',
      meters: [
        { sensor: 1, verifiedOn: null },
        { sensor: 1, verifiedOn: '2025-02-30' },
      ],
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['A water meter is listed once', 'No such date']),
    );
    const range = waterTakeQuerySchema.safeParse({ from: '2026-01-01', to: '2026-03-01' });
    expect(range.error?.issues[0]?.path).toEqual(['to']);
  });
});
