/**
 * Randomness the simulator can repeat: a seeded generator for draws (signal noise, missed
 * reports) and a smooth noise that is a pure function of a seed and a time, so the weather of a
 * given hour is the same in a live run, a back-fill and a test.
 */

import type { Random } from '@paddock/domain/testing';

// The seeded generator is the domain's, so the simulator, the demo farm's seed and the domain's
// tests draw the same sequences from a seed.
export { seededRandom, type Random } from '@paddock/domain/testing';

/** A 32-bit seed from a text (FNV-1a), e.g. a device's own generator from its serial number. */
export function seedFrom(text: string, base = 0): number {
  let hash = 0x811c9dc5 ^ base;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A standard normal draw (Box–Muller). */
export function gaussian(random: Random): number {
  const u = Math.max(random(), Number.EPSILON);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A value in [-1, 1] for an integer lattice point: a hash, not a sequence, so any point is direct. */
function lattice(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return ((h >>> 0) / 4294967295) * 2 - 1;
}

/**
 * Smooth value noise in [-1, 1]: random values at whole numbers of `x`, eased in between. One unit
 * of `x` is the noise's time scale (pass hours / 30 for weather systems a day or two apart).
 */
export function smoothNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const ease = f * f * (3 - 2 * f);
  const a = lattice(seed, i);
  const b = lattice(seed, i + 1);
  return a + (b - a) * ease;
}
