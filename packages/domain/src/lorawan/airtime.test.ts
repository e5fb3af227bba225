import { describe, expect, it } from 'vitest';
import {
  fairUse,
  LORAWAN_OVERHEAD_BYTES,
  loraTimeOnAir,
  TTN_FAIR_USE_SECONDS_PER_DAY,
  uplinkAirtime,
} from './airtime.ts';

const at125 = (spreadingFactor: number) => ({ spreadingFactor, bandwidthHz: 125_000 });

describe('uplinkAirtime', () => {
  // The research file's figures (research/10-lorawan.md): 12 bytes + 13 of LoRaWAN, 125 kHz, 4/5.
  it.each([
    [7, 61.696],
    [8, 113.152],
    [9, 205.824],
    [10, 411.648],
    [11, 823.296],
    [12, 1482.752],
  ])('a 12-byte payload at SF%i/125 kHz is %f ms on air', (sf, ms) => {
    expect(uplinkAirtime(12, at125(sf)) * 1000).toBeCloseTo(ms, 3);
  });

  it('agrees with another implementation of the formula: a 12-byte frame at SF9 is 144.384 ms', () => {
    // The Rust lora-modulation crate's documented example (its time_on_air_us gives 144384).
    expect(loraTimeOnAir(12, at125(9)) * 1000).toBeCloseTo(144.384, 3);
  });

  it('adds the 13 bytes of LoRaWAN overhead to the payload', () => {
    expect(uplinkAirtime(12, at125(9))).toBe(loraTimeOnAir(12 + LORAWAN_OVERHEAD_BYTES, at125(9)));
  });

  it('is shorter at 250 kHz (SF7BW250, EU868 DR6), with no low data rate optimisation', () => {
    expect(uplinkAirtime(12, { spreadingFactor: 7, bandwidthHz: 250_000 }) * 1000).toBeCloseTo(
      30.848,
      3,
    );
  });

  it('takes a stronger coding rate: 4/8 at SF7', () => {
    // 8 + ceil(216 / 28) × 8 = 72 payload symbols + 12.25 preamble, 1.024 ms each.
    expect(uplinkAirtime(12, { ...at125(7), codingRate: 4 }) * 1000).toBeCloseTo(86.272, 3);
  });

  it('an empty uplink still carries its header and MIC', () => {
    // 13 bytes: 8 + ceil(120 / 28) × 5 = 33 payload symbols + 12.25 preamble, 1.024 ms each.
    expect(uplinkAirtime(0, at125(7)) * 1000).toBeCloseTo(46.336, 3);
  });
});

describe('fairUse', () => {
  const now = new Date('2026-11-29T12:00:00.000Z');
  const every = (minutes: number, count: number, airtimeSeconds: number) =>
    Array.from({ length: count }, (_, index) => ({
      at: new Date(now.getTime() - index * minutes * 60_000),
      airtimeSeconds,
    }));
  const sf7 = uplinkAirtime(12, at125(7));

  it('a one-minute frost cadence at SF7 will pass the 30 s after an hour (about 89 s a day)', () => {
    const result = fairUse(every(1, 60, sf7), now);
    expect(result.state).toBe('will-pass');
    expect(result.usedSeconds).toBeCloseTo(60 * 0.061696, 6);
    expect(result.projectedSeconds).toBeCloseTo(1440 * 0.061696, 6);
    expect(result.limitSeconds).toBe(TTN_FAIR_USE_SECONDS_PER_DAY);
  });

  it('a 10-minute cadence at SF7 is well within (about 8.9 s a day)', () => {
    const result = fairUse(every(10, 144, sf7), now);
    expect(result.state).toBe('within');
    expect(result.projectedSeconds).toBeCloseTo(8.884, 3);
  });

  it('a 10-minute cadence at SF12 is over the limit already', () => {
    const sf12 = uplinkAirtime(12, at125(12));
    const result = fairUse(every(10, 144, sf12), now);
    expect(result.usedSeconds).toBeCloseTo(144 * 1.482752, 6);
    expect(result.state).toBe('passed');
  });

  it('counts only the 24 hours up to now', () => {
    const old = { at: new Date(now.getTime() - 86_400_000), airtimeSeconds: 100 };
    const future = { at: new Date(now.getTime() + 60_000), airtimeSeconds: 100 };
    const result = fairUse([old, future, { at: now, airtimeSeconds: 1 }], now);
    expect(result).toEqual({
      state: 'within',
      usedSeconds: 1,
      projectedSeconds: 1,
      limitSeconds: 30,
    });
  });

  it('with no uplinks heard it is within', () => {
    expect(fairUse([], now).state).toBe('within');
  });

  it('takes another limit', () => {
    // An hour at a 10-minute cadence: 0.37 s used, 8.9 s a day projected.
    expect(fairUse(every(10, 7, sf7), now, 5).state).toBe('will-pass');
  });
});
