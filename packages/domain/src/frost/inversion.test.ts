import { describe, expect, it } from 'vitest';
import {
  INVERSION_THRESHOLDS_C,
  classifyInversion,
  inversionOf,
  siteInversion,
} from './inversion.ts';
import { frostSummary, type FanNow } from './summary.ts';

describe('the inversion', () => {
  it.each([
    [7, 'strong'],
    [3, 'strong'],
    [2.9, 'weak'],
    [1, 'weak'],
    [0.9, 'none'],
    [0, 'none'],
    // A lapse (the tower colder than the canopy): no warm air to mix down.
    [-1.5, 'none'],
  ] as const)('classes %s °C tower minus canopy as %s', (value, expected) => {
    expect(classifyInversion(value)).toBe(expected);
  });

  it('puts strong at the regional 3 °C and none under 1 °C', () => {
    expect(INVERSION_THRESHOLDS_C).toEqual({ strong: 3, weak: 1 });
  });

  it.each([
    [4.6, 0.8, { value: 3.8, class: 'strong' }],
    [1.25, 0.1, { value: 1.2, class: 'weak' }],
    [-2, -2.4, { value: 0.4, class: 'none' }],
    [null, 0.8, null],
    [4.6, null, null],
  ] as const)('tower %s, canopy %s → %j', (tower, canopy, expected) => {
    expect(inversionOf(tower, canopy)).toEqual(expected);
  });

  it('classes the site by the mean of its fans', () => {
    expect(siteInversion([3.5, 1.5, 2])).toEqual({ value: 2.3, class: 'weak' });
    expect(siteInversion([4, 3.2])).toEqual({ value: 3.6, class: 'strong' });
    expect(siteInversion([])).toBeNull();
  });
});

describe('the inversion on the frost summary', () => {
  const now = Date.parse('2026-09-21T02:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const fan = (sensor: number, values: Partial<FanNow>): FanNow => ({
    sensor,
    label: `Fan ${sensor}`,
    rpm: 0,
    fuel: 60,
    fuelAt: null,
    battery: 12.6,
    trip: 0,
    overdue: false,
    ...values,
  });
  const summary = frostSummary({
    area: 3,
    fans: [
      fan(1, { tower: 2.5, towerAt: ago(5), canopy: -1.5, canopyAt: ago(8) }),
      fan(2, { tower: 1, towerAt: ago(4), canopy: -1, canopyAt: ago(2) }),
      // Read two hours ago: shown for the fan, left out of the area's.
      fan(3, { tower: 9, towerAt: ago(120), canopy: -1, canopyAt: ago(2) }),
      fan(4, { tower: 1, towerAt: ago(2) }),
    ],
    canopies: [],
    nightStart: new Date(now - 14 * 3_600_000),
    now: new Date(now),
  });

  it('gives each fan its tower minus canopy, class and the older reading time', () => {
    expect(summary.fanInversions).toEqual([
      {
        sensor: 1,
        label: 'Fan 1',
        tower: 2.5,
        canopy: -1.5,
        inversion: { value: 4, class: 'strong' },
        at: ago(8),
      },
      {
        sensor: 2,
        label: 'Fan 2',
        tower: 1,
        canopy: -1,
        inversion: { value: 2, class: 'weak' },
        at: ago(4),
      },
      {
        sensor: 3,
        label: 'Fan 3',
        tower: 9,
        canopy: -1,
        inversion: { value: 10, class: 'strong' },
        at: ago(120),
      },
      { sensor: 4, label: 'Fan 4', tower: 1, canopy: null, inversion: null, at: null },
    ]);
  });

  it('classes the area by its fans read in the last 30 minutes', () => {
    expect(summary.inversion).toEqual({ value: 3, class: 'strong' });
  });

  it('has no area inversion when no fan reads both', () => {
    const none = frostSummary({
      area: 3,
      fans: [fan(4, { tower: 1, towerAt: ago(2) })],
      canopies: [],
      nightStart: new Date(now - 14 * 3_600_000),
      now: new Date(now),
    });
    expect(none.inversion).toBeNull();
  });
});
