import { describe, expect, it } from 'vitest';
import { rainInWindowMm } from './rain-window.ts';

const HOUR = 3_600_000;

describe('rainInWindowMm', () => {
  it.each([
    ['no readings', [], 0],
    ['one reading has no stretch of its own', [{ time: 2 * HOUR, value: 5 }], 0],
    [
      'two hours at 5 mm/h',
      [
        { time: 0, value: 0 },
        { time: HOUR, value: 5 },
        { time: 2 * HOUR, value: 5 },
      ],
      10,
    ],
    [
      'a stretch across the window start counts its part inside',
      [
        { time: -HOUR, value: 0 },
        { time: HOUR, value: 4 },
      ],
      4,
    ],
    [
      'negative and non-finite rates count as none',
      [
        { time: 0, value: 0 },
        { time: HOUR, value: -3 },
        { time: 2 * HOUR, value: Number.NaN },
      ],
      0,
    ],
  ])('%s', (_, readings, expected) => {
    expect(rainInWindowMm(readings, 0, 24 * HOUR)).toBeCloseTo(expected, 9);
  });
});
