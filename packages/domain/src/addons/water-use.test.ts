import { describe, expect, it } from 'vitest';
import { attributeWaterUse, zoneRunsFromReadings } from './water-use.ts';

const H = 3_600_000;
const t0 = Date.parse('2026-01-10T00:00:00Z');
const at = (hours: number) => t0 + hours * H;

describe('attributeWaterUse', () => {
  it('shares each interval among the zones that ran in it, by their hours', () => {
    const use = attributeWaterUse({
      // 9 m³/h for zone 1 alone, then zones 1 and 2 together at 18 m³/h, then nothing ran.
      meters: [
        [
          { time: at(0), total: 100 },
          { time: at(1), total: 109 },
          { time: at(2), total: 127 },
          { time: at(3), total: 128 },
        ],
      ],
      runs: [
        { zoneId: 1, start: at(0), end: at(2) },
        { zoneId: 2, start: at(1), end: at(2) },
      ],
      timeZone: 'UTC',
    });
    expect(use.zones.map((z) => [z.zoneId, z.volume, z.hours])).toEqual([
      [1, 18, 2],
      [2, 9, 1],
    ]);
    expect(use.unattributed).toBe(1);
    expect(use.days).toEqual([{ date: '2026-01-10', zones: { 1: 18, 2: 9 }, unattributed: 1 }]);
  });

  it('counts again from a meter that was reset', () => {
    const use = attributeWaterUse({
      meters: [
        [
          { time: at(0), total: 500 },
          { time: at(1), total: 2 },
          { time: at(2), total: 11 },
        ],
      ],
      runs: [{ zoneId: 1, start: at(0), end: at(2) }],
      timeZone: 'UTC',
    });
    expect(use.zones[0]?.volume).toBe(9);
  });

  it('puts volumes on the local day of the site', () => {
    const use = attributeWaterUse({
      meters: [
        [
          { time: Date.parse('2026-01-10T11:00:00Z'), total: 0 },
          { time: Date.parse('2026-01-10T12:00:00Z'), total: 5 },
        ],
      ],
      runs: [],
      timeZone: 'Pacific/Auckland',
    });
    expect(use.days.map((d) => d.date)).toEqual(['2026-01-11']);
  });

  it('flags a zone whose latest flow is far from its usual flow', () => {
    const runs = [0, 24, 48, 72].map((h) => ({ zoneId: 3, start: at(h), end: at(h + 1) }));
    const totals = [0, 9, 9, 18.2, 18.2, 27, 27, 41];
    const meter = [0, 1, 24, 25, 48, 49, 72, 73].map((h, i) => ({
      time: at(h),
      total: totals[i] ?? 0,
    }));
    const [zone] = attributeWaterUse({ meters: [meter], runs, timeZone: 'UTC' }).zones;
    expect(zone?.usualFlow).toBeCloseTo(9, 1);
    expect(zone?.latestFlow).toBeCloseTo(14, 5);
    expect(zone?.flagged).toBe(true);
  });

  it('does not flag a zone still learning its flow', () => {
    const use = attributeWaterUse({
      meters: [
        [
          { time: at(0), total: 0 },
          { time: at(1), total: 9 },
          { time: at(24), total: 9 },
          { time: at(25), total: 30 },
        ],
      ],
      runs: [0, 24].map((h) => ({ zoneId: 3, start: at(h), end: at(h + 1) })),
      timeZone: 'UTC',
    });
    expect(use.zones[0]).toMatchObject({ usualFlow: null, flagged: false });
  });
});

describe('zoneRunsFromReadings', () => {
  it('runs from the first valve opening to the last closing', () => {
    expect(
      zoneRunsFromReadings(
        7,
        [
          [
            { time: at(0), value: 1 },
            { time: at(2), value: 0 },
          ],
          [
            { time: at(1), value: 1 },
            { time: at(3), value: 0 },
            { time: at(5), value: 1 },
          ],
        ],
        at(6),
      ),
    ).toEqual([
      { zoneId: 7, start: at(0), end: at(3) },
      { zoneId: 7, start: at(5), end: at(6) },
    ]);
  });
});
