import { describe, expect, it } from 'vitest';
import { parseSpan, scheduledToRun } from './backfill.ts';
import type { ControlRef } from './site.ts';

const DAY = 86_400_000;
const place = { lat: -39.6, lng: 176.8 };

describe('back-fill', () => {
  it('reads spans of years, weeks, days and hours', () => {
    expect(parseSpan('3y')).toBe(3 * 365 * DAY);
    expect(parseSpan('26w')).toBe(26 * 7 * DAY);
    expect(parseSpan('90d')).toBe(90 * DAY);
    expect(parseSpan('12h')).toBe(12 * 3_600_000);
    for (const bad of ['', '3', 'y', '-1d', '0d', '3 months']) expect(parseSpan(bad)).toBeNull();
  });

  it('waters each valve zone three hours every third night of the growing season, none in winter', () => {
    const valve: ControlRef = { id: 5, type: 'valve', areaId: 1, sectionId: 12 };
    const hoursOn = (start: string, days: number) => {
      let hours = 0;
      for (let t = Date.parse(start); t < Date.parse(start) + days * DAY; t += 600_000) {
        if (scheduledToRun(valve, place, new Date(t))) hours += 1 / 6;
      }
      return hours;
    };
    expect(hoursOn('2026-01-01T00:00:00Z', 30)).toBeCloseTo(10 * 3, 0);
    expect(hoursOn('2026-07-01T00:00:00Z', 30)).toBe(0);
    const pump: ControlRef = { id: 6, type: 'pump', areaId: 1, sectionId: null };
    expect(scheduledToRun(pump, place, new Date('2026-01-01T15:00:00Z'))).toBe(false);
  });
});
