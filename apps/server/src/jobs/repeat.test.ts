/**
 * The one loop helper, on fake timers: when its first round runs, the next one interval after the
 * last ended (never two at once), at once after a round that asks for it, a failed round reported
 * and retried, and `close` waiting for the round under way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery, type Repeat } from './repeat.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A round that takes `ms` on the fake clock (none: it answers at once) and notes its starts. */
function slowRound(ms: number, answers: boolean[] = []) {
  const starts: number[] = [];
  const round = async () => {
    starts.push(Date.now());
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    return answers.shift() ?? false;
  };
  return { starts, round };
}

/** Closes the loop while the fake clock runs, so a round under way can end. */
async function closeOnFakeTime(loop: Repeat) {
  const closing = loop.close();
  await vi.advanceTimersByTimeAsync(1000);
  await closing;
}

describe('repeatEvery', () => {
  it.each([
    ['now', [0, 100, 200]],
    ['after-interval', [100, 200, 300]],
  ] as const)('with first %s runs its rounds at %j', async (first, expected) => {
    const { starts, round } = slowRound(0);
    const start = Date.now();
    const loop = repeatEvery({ intervalMs: 100, first, round, onError: () => {} });
    await vi.advanceTimersByTimeAsync(expected.at(-1) ?? 0);
    expect(starts.map((at) => at - start)).toEqual(expected);
    await closeOnFakeTime(loop);
  });

  it('starts the next round an interval after a slow one ended, never two at once', async () => {
    const { starts, round } = slowRound(250);
    const start = Date.now();
    const loop = repeatEvery({ intervalMs: 100, first: 'now', round, onError: () => {} });
    await vi.advanceTimersByTimeAsync(700);
    expect(starts.map((at) => at - start)).toEqual([0, 350, 700]);
    await closeOnFakeTime(loop);
  });

  it('runs the next round at once after a round that found more work', async () => {
    const { starts, round } = slowRound(10, [true, true, false]);
    const start = Date.now();
    const loop = repeatEvery({ intervalMs: 100, first: 'now', round, onError: () => {} });
    await vi.advanceTimersByTimeAsync(132);
    // At once is a zero timeout, which timers run a millisecond on.
    expect(starts.map((at) => at - start)).toEqual([0, 11, 22, 132]);
    await closeOnFakeTime(loop);
  });

  it('reports a failed round and tries again at the next', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const loop = repeatEvery({
      intervalMs: 100,
      first: 'after-interval',
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(rounds).toBe(2);
    expect(errors).toEqual([new Error('database away')]);
    await closeOnFakeTime(loop);
  });

  it('close waits for the round under way and starts no other', async () => {
    const { starts, round } = slowRound(50);
    const loop = repeatEvery({ intervalMs: 100, first: 'now', round, onError: () => {} });
    let closed = false;
    const closing = loop.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toHaveLength(1);
  });
});
