import { describe, expect, it } from 'vitest';
import { baseSignal, missProbability, signalReading } from './link.ts';
import { seededRandom } from './random.ts';

describe('virtual radio link', () => {
  it('places radios between -70 and -95 dBm', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      const base = baseSignal(random);
      expect(base).toBeLessThanOrEqual(-70);
      expect(base).toBeGreaterThanOrEqual(-95);
    }
  });

  it('reports whole dBm that fade a few dB around the base', () => {
    const random = seededRandom(2);
    const readings = Array.from({ length: 500 }, () => signalReading(-80, random));
    for (const reading of readings) {
      expect(Number.isInteger(reading)).toBe(true);
      expect(Math.abs(reading + 80)).toBeLessThan(15);
    }
    expect(new Set(readings).size).toBeGreaterThan(3);
  });

  it('loses more reports the weaker the signal', () => {
    expect(missProbability(-70)).toBeLessThan(0.01);
    expect(missProbability(-95)).toBeLessThan(0.05);
    expect(missProbability(-99)).toBeGreaterThan(0.05);
    expect(missProbability(-110)).toBeGreaterThan(0.8);
    for (let signal = -60; signal > -120; signal--) {
      expect(missProbability(signal - 1)).toBeGreaterThan(missProbability(signal));
    }
  });
});
