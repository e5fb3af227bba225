import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantText } from './instant-text.ts';

describe('instantText', () => {
  it('writes every instant exactly as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(instantText(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes the edges of a day, of the epoch and of four-digit years', () => {
    for (const ms of [
      0,
      1,
      86_399_999,
      86_400_000,
      Date.parse('2024-02-29T23:59:59.999Z'),
      Date.parse('2026-04-05T02:00:00.000Z'),
      253_402_300_799_999,
      253_402_300_800_000,
      -1,
    ]) {
      expect(instantText(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('writes the steps of a chart, one day after another', () => {
    const start = Date.parse('2026-10-26T17:30:00.000Z');
    for (let step = 0; step < 2_000; step++) {
      const ms = start + step * 30 * 60_000;
      expect(instantText(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('takes a fraction of a millisecond as Date does', () => {
    expect(instantText(1.5)).toBe(new Date(1.5).toISOString());
  });
});
