/**
 * Seeded randomness, for draws that must repeat: a test's thousand simulated runs, the demo
 * farm's readings, the simulator's noise. The same seed gives the same sequence everywhere.
 */

/** A uniform draw in [0, 1), like Math.random. */
export type Random = () => number;

/** mulberry32: small, fast and good enough for noise; the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
