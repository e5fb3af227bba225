import { describe, expect, it } from 'vitest';
import { gaussian, seededRandom, seedFrom, smoothNoise } from './random.ts';

describe('seeded randomness', () => {
  it('repeats the same draws for the same seed and differs for another', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const drawsA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(drawsA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(drawsA);
    for (const draw of drawsA) {
      expect(draw).toBeGreaterThanOrEqual(0);
      expect(draw).toBeLessThan(1);
    }
  });

  it('derives different seeds from different serial numbers', () => {
    expect(seedFrom('WVC-004512')).toBe(seedFrom('WVC-004512'));
    expect(seedFrom('WVC-004512')).not.toBe(seedFrom('WVC-004513'));
    expect(seedFrom('WVC-004512', 1)).not.toBe(seedFrom('WVC-004512', 2));
  });

  it('draws normal values centred on zero with unit spread', () => {
    const random = seededRandom(3);
    const draws = Array.from({ length: 4000 }, () => gaussian(random));
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    const variance = draws.reduce((sum, x) => sum + (x - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.1);
    expect(variance).toBeGreaterThan(0.85);
    expect(variance).toBeLessThan(1.15);
  });

  it('gives smooth noise: bounded, a pure function of its input, without jumps', () => {
    let previous = smoothNoise(11, 0);
    for (let x = 0.01; x < 50; x += 0.01) {
      const value = smoothNoise(11, x);
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThanOrEqual(1);
      expect(Math.abs(value - previous)).toBeLessThan(0.05);
      previous = value;
    }
    expect(smoothNoise(11, 12.34)).toBe(smoothNoise(11, 12.34));
    expect(smoothNoise(11, 12.34)).not.toBe(smoothNoise(12, 12.34));
  });
});
