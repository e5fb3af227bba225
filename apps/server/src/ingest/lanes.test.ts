import { describe, expect, it } from 'vitest';
import { createLanes, laneOf, type BatchLimits } from './lanes.ts';

/** Lanes whose store waits until the test lets each batch go, recording what it was given. */
function lanesUnderTest(limits: BatchLimits, count = 1) {
  const batches: string[][] = [];
  const waiting: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let settled = 0;
  const lanes = createLanes<string>({
    count,
    limits,
    store: async (batch) => {
      batches.push(batch);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running--;
    },
    onSettled: () => void settled++,
    onError: (error) => {
      throw error;
    },
  });
  /** Lets every batch being stored finish, and waits for the lanes to move on. */
  const release = async () => {
    for (const resolve of waiting.splice(0)) resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    lanes,
    batches,
    release,
    mostAtOnce: () => mostAtOnce,
    settled: () => settled,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('laneOf', () => {
  it('puts a device always in the same lane, and devices across all lanes', () => {
    const serials = Array.from({ length: 60 }, (_, index) => `R-${1000 + index}`);
    expect(serials.map((serial) => laneOf(serial, 3))).toEqual(
      serials.map((serial) => laneOf(serial, 3)),
    );
    expect(new Set(serials.map((serial) => laneOf(serial, 3)))).toEqual(new Set([0, 1, 2]));
    expect(new Set(serials.map((serial) => laneOf(serial, 1)))).toEqual(new Set([0]));
  });
});

describe('createLanes', () => {
  it('stores a full batch at once, one batch at a time per lane, the next when it is done', async () => {
    const { lanes, batches, release, settled } = lanesUnderTest({
      maxMessages: 3,
      maxDelayMs: 60_000,
    });
    for (const message of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) lanes.push('R-1', message);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(lanes.pending()).toBe(7);
    await release();
    expect(batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(lanes.pending()).toBe(4);
    await release();
    // 'g' alone waits for its delay (a minute here).
    expect(batches).toHaveLength(2);
    expect(settled()).toBe(2);
    const drained = lanes.drain();
    expect(batches.at(-1)).toEqual(['g']);
    await release();
    await drained;
    expect(lanes.pending()).toBe(0);
  });

  it('stores a batch that is not full once its oldest message has waited the delay', async () => {
    const { lanes, batches, release } = lanesUnderTest({ maxMessages: 100, maxDelayMs: 20 });
    lanes.push('R-1', 'a');
    lanes.push('R-1', 'b');
    expect(batches).toEqual([]);
    await sleep(60);
    expect(batches).toEqual([['a', 'b']]);
    await release();
  });

  it("runs lanes side by side and keeps each device's messages in order", async () => {
    const { lanes, batches, release, mostAtOnce } = lanesUnderTest(
      { maxMessages: 2, maxDelayMs: 5 },
      2,
    );
    // Two devices in different lanes.
    const [one, two] = ['R-1000', 'R-1001'];
    expect(laneOf(one, 2)).not.toBe(laneOf(two, 2));
    for (let index = 0; index < 6; index++) {
      lanes.push(one, `${one}#${index}`);
      lanes.push(two, `${two}#${index}`);
    }
    const drained = lanes.drain();
    while (lanes.pending() > 0) await release();
    await drained;
    expect(mostAtOnce()).toBe(2);
    for (const serial of [one, two]) {
      expect(batches.flat().filter((message) => message.startsWith(serial))).toEqual(
        Array.from({ length: 6 }, (_, index) => `${serial}#${index}`),
      );
    }
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
  });
});
