import { describe, expect, it } from 'vitest';
import {
  SUMMARY_KIND_MAX_AGE_MS,
  summaryKindValues,
  type SummaryKindReading,
} from './summary-kinds.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
const reading = (
  sensor: number,
  metric: string,
  value: number,
  extra: Partial<SummaryKindReading> = {},
): SummaryKindReading => ({ sensor, metric, value, at: at(5), station: true, ...extra });

describe('summaryKindValues (§3 summary kinds)', () => {
  it('gives the kinds the readings cover, in §3 order, and no others', () => {
    const kinds = summaryKindValues(
      [
        reading(1, 'temperature', 14.2),
        reading(2, 'growingDays.gdd10', 412.5),
        reading(3, 'wind.speed', 9),
        reading(4, 'air.pressure', 1012.4),
      ],
      NOW,
    );
    expect(kinds.map((kind) => [kind.kind, kind.value])).toEqual([
      ['growingDegreeDay', 412.5],
      ['temperature', 14.2],
      ['windSpeed', 9],
      ['airPressure', 1012.4],
    ]);
    expect(summaryKindValues([], NOW)).toEqual([]);
  });

  it('reads the air kinds from the weather station only, soil and rain from any sensor', () => {
    const kinds = summaryKindValues(
      [
        reading(1, 'temperature', 3.1, { station: false }),
        reading(2, 'humidity.relative.current', 80, { station: false }),
        reading(3, 'soil.moisture', 30, { station: false }),
        reading(4, 'soil.moisture', 20, { station: false }),
        reading(5, 'rain.avg', 1.2, { station: false }),
      ],
      NOW,
    );
    expect(kinds).toEqual([
      { kind: 'soilMoisture', value: 25, min: 20, max: 30, sensors: 2, at: at(5) },
      { kind: 'rain', value: 1.2, min: 1.2, max: 1.2, sensors: 1, at: at(5) },
    ]);
  });

  it("counts a sensor once per kind, by the kind's first metric it reports", () => {
    const [rain] = summaryKindValues(
      [reading(1, 'rain', 9), reading(1, 'rain.avg', 2), reading(2, 'rain', 4)],
      NOW,
    );
    expect(rain).toMatchObject({ kind: 'rain', value: 3, sensors: 2 });
  });

  it('leaves out values older than a day, or with no time, and gives the newest time', () => {
    const old = new Date(NOW.getTime() - SUMMARY_KIND_MAX_AGE_MS - 1).toISOString();
    const kinds = summaryKindValues(
      [
        reading(1, 'temperature', 30, { at: old }),
        reading(2, 'temperature', 10, { at: null }),
        reading(3, 'temperature', 12, { at: at(20) }),
        reading(4, 'temperature', 14, { at: at(2) }),
      ],
      NOW,
    );
    expect(kinds).toEqual([
      { kind: 'temperature', value: 13, min: 12, max: 14, sensors: 2, at: at(2) },
    ]);
  });

  it('shows the ET0 of a day up to three days after its start: it is written once the day is over', () => {
    const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
    const [et0] = summaryKindValues(
      [reading(1, 'evapotranspiration.et0.daily', 5.4, { at: hoursAgo(40) })],
      NOW,
    );
    expect(et0).toMatchObject({ kind: 'et0', value: 5.4 });
    const stale = summaryKindValues(
      [
        reading(1, 'evapotranspiration.et0.daily', 5.4, { at: hoursAgo(73) }),
        reading(2, 'evapotranspiration.et0.daily', 3.1, { station: false, at: hoursAgo(1) }),
      ],
      NOW,
    );
    expect(stale).toEqual([]);
  });
});
