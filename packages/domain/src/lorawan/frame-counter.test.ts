import { describe, expect, it } from 'vitest';
import {
  FCNT_RESET_AFTER_SILENCE_MS,
  FCNT_RESET_MAX,
  FCNT_ROLL_OVER_WINDOW,
  judgeFrameCounter,
} from './frame-counter.ts';

const last = new Date('2026-11-29T10:00:00.000Z');
const after = (ms: number) => new Date(last.getTime() + ms);
const MINUTE = 60_000;

describe('judgeFrameCounter', () => {
  it('the first frame heard from a device is new', () => {
    expect(judgeFrameCounter(null, 1234, last)).toBe('new');
  });

  it.each([
    ['the next fCnt', 41, 42, after(10 * MINUTE), 'new'],
    ['a jump (frames missed)', 41, 900, after(10 * MINUTE), 'new'],
    ['the same fCnt again (a retry)', 41, 41, after(2_000), 'repeat'],
    ['the same fCnt a day later', 41, 41, after(86_400_000), 'repeat'],
    ['the same fCnt 0 again (a retry right after a join)', 0, 0, after(2_000), 'repeat'],
    ['a lower fCnt at an earlier time (a redelivery)', 41, 40, after(-10 * MINUTE), 'repeat'],
    ['a lower small fCnt at the same time', 41, 0, last, 'repeat'],
    ['0 after a rejoin', 5000, 0, after(10 * MINUTE), 'reset'],
    ['the reset bound itself', 5000, FCNT_RESET_MAX, after(10 * MINUTE), 'reset'],
    ['just over the reset bound, soon', 5000, FCNT_RESET_MAX + 1, after(10 * MINUTE), 'repeat'],
    [
      'over the reset bound after an hour silent',
      5000,
      200,
      after(FCNT_RESET_AFTER_SILENCE_MS),
      'reset',
    ],
    [
      'over the reset bound just under an hour',
      5000,
      200,
      after(FCNT_RESET_AFTER_SILENCE_MS - 1),
      'repeat',
    ],
    [
      'a lower fCnt from a frame older than the last, after long',
      5000,
      3,
      after(-86_400_000),
      'repeat',
    ],
  ])('%s: last %i, now %i → %s', (_case, lastFCnt, fCnt, at, decision) => {
    expect(judgeFrameCounter({ fCnt: lastFCnt, at: last }, fCnt, at)).toBe(decision);
  });

  describe('roll-over', () => {
    const top32 = 0xffff_ffff;
    const top16 = 0xffff;
    it.each([
      ['32-bit: the top to 0', top32, 0, 'new'],
      ['32-bit: near the top to a little over', top32 - 10, 5, 'new'],
      ['32-bit: at the window edge', 0x1_0000_0000 - FCNT_ROLL_OVER_WINDOW, 0, 'new'],
      ['32-bit: just under the window', 0x1_0000_0000 - FCNT_ROLL_OVER_WINDOW - 1, 0, 'reset'],
      ['32-bit: to past the window', top32, FCNT_ROLL_OVER_WINDOW, 'repeat'],
      ['16-bit: the top to 0', top16, 0, 'new'],
      ['16-bit: near the top to a little over', top16 - 3, 20, 'new'],
      ['16-bit: at the window edge', 0x1_0000 - FCNT_ROLL_OVER_WINDOW, 3, 'new'],
      ['16-bit: just under the window', 0x1_0000 - FCNT_ROLL_OVER_WINDOW - 1, 3, 'reset'],
      ['16-bit: past the top, a 32-bit counter', 0x1_0000, 3, 'reset'],
    ])('%s: last %i, now %i → %s', (_case, lastFCnt, fCnt, decision) => {
      expect(judgeFrameCounter({ fCnt: lastFCnt, at: last }, fCnt, after(10 * MINUTE))).toBe(
        decision,
      );
    });
  });
});
