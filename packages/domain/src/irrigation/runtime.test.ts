import { describe, expect, it } from 'vitest';
import { DEFAULT_APPLICATION_RATE_MM_PER_HOUR } from '../constants/limits.ts';
import {
  cycleMsOf,
  cyclesOf,
  hoursToMs,
  soakMsOf,
  valveCycleMs,
  variationFactor,
  zoneRuntimeMs,
} from './runtime.ts';
import { HOUR } from '../testing/durations.ts';

const setting = { depth: 10, variation: 0, cycles: 1 };

describe('zone runtime', () => {
  it.each([
    ['the default rate', { ...setting }, 0, (10 / DEFAULT_APPLICATION_RATE_MM_PER_HOUR) * HOUR],
    ['its own rate', { ...setting, applicationRate: 2 }, 0, 5 * HOUR],
    ['a setting variation', { ...setting, applicationRate: 10, variation: 50 }, 0, 1.5 * HOUR],
    ['a schedule variation', { ...setting, applicationRate: 10 }, -20, 0.8 * HOUR],
    [
      'both variations, multiplied',
      { ...setting, applicationRate: 10, variation: 20 },
      10,
      1.2 * 1.1 * HOUR,
    ],
    ['a cut of 100 % or more', { ...setting, variation: -150 }, 0, 0],
    ['no depth', { ...setting, depth: 0 }, 0, 0],
  ])('depth ÷ rate with %s', (_, zone, scheduleVariation, expected) => {
    expect(zoneRuntimeMs(zone, scheduleVariation)).toBe(Math.round(expected));
  });

  it('reads variations as factors', () => {
    expect(variationFactor(0)).toBe(1);
    expect(variationFactor(25)).toBe(1.25);
    expect(variationFactor(-100)).toBe(0);
    expect(variationFactor(-300)).toBe(0);
  });

  it('splits a run into cycles with a soak as long as a cycle between them', () => {
    expect(cyclesOf({ cycles: 0 })).toBe(1);
    expect(cyclesOf({ cycles: 3 })).toBe(3);
    expect(cycleMsOf(HOUR, 3)).toBe(1_200_000);
    expect(soakMsOf(1_200_000, 3)).toBe(1_200_000);
    expect(soakMsOf(HOUR, 1)).toBe(0);
  });

  it("stretches or shortens one valve's watering by its control variation", () => {
    expect(valveCycleMs(1_000, 0)).toBe(1_000);
    expect(valveCycleMs(1_000, 50)).toBe(1_500);
    expect(valveCycleMs(1_000, -100)).toBe(0);
  });

  it('reads repeat intervals in hours', () => {
    expect(hoursToMs(1.5)).toBe(1.5 * HOUR);
  });
});
