/**
 * Lanes and batching: messages wait in their device's lane until the lane's batch is full or its
 * oldest message has waited long enough, then the batch is stored while the next one fills.
 *
 * Batches stored side by side come from separate lanes, and a device's messages always take the
 * same lane (by serial number): parallel batches never touch the same series, rollups, things or
 * devices, so they never wait on each other's row locks, and one process stores a device's
 * messages in the order they came.
 */
import { performance } from 'node:perf_hooks';

/** A batch is stored when it has maxMessages messages or its oldest is maxDelayMs old. */
export type BatchLimits = { maxMessages: number; maxDelayMs: number };

export const DEFAULT_BATCH: BatchLimits = { maxMessages: 4000, maxDelayMs: 50 };

export type Lanes<T> = {
  /** Queues a message in the lane of `key` (a device's serial number). */
  push: (key: string, message: T) => void;
  /** Messages queued or being stored. */
  pending: () => number;
  /** Stops batching on time; stores what is queued (every lane until empty), then resolves. */
  drain: () => Promise<void>;
};

/** Messages waiting for their batch, and the batch being stored (at most one per lane). */
type Lane<T> = { buffer: { message: T; at: number }[]; running: Promise<void> | null };

export function createLanes<T>(options: {
  count: number;
  limits: BatchLimits;
  /** Stores a batch; must not throw (a throw is reported to onError and the batch forgotten). */
  store: (batch: T[]) => Promise<void>;
  /** After each batch, whether stored or not. */
  onSettled: () => void;
  onError: (error: unknown) => void;
}): Lanes<T> {
  const { limits } = options;
  /** One batch at a time per lane; a device's messages always go to the same lane. */
  const lanes: Lane<T>[] = Array.from({ length: Math.max(1, options.count) }, () => ({
    buffer: [],
    running: null,
  }));
  let buffered = 0;
  let inFlight = 0;
  let timer: { handle: NodeJS.Timeout; due: number } | null = null;
  let draining = false;

  /** Starts the batch of every idle lane that is full or whose oldest message has waited enough. */
  function schedule() {
    // While draining, drain() itself runs the remaining batches.
    if (draining) return;
    const now = performance.now();
    let due = Number.POSITIVE_INFINITY;
    for (const lane of lanes) {
      if (lane.running || lane.buffer.length === 0) continue;
      const oldest = lane.buffer[0] as { at: number };
      if (lane.buffer.length >= limits.maxMessages || now - oldest.at >= limits.maxDelayMs) {
        startBatch(lane);
      } else {
        due = Math.min(due, oldest.at + limits.maxDelayMs);
      }
    }
    // Called for every message: a timer is set only when none is due as early.
    if (due === Number.POSITIVE_INFINITY || (timer && timer.due <= due)) return;
    if (timer) clearTimeout(timer.handle);
    timer = {
      due,
      handle: setTimeout(() => {
        timer = null;
        schedule();
      }, due - now),
    };
  }

  function startBatch(lane: Lane<T>) {
    const batch = lane.buffer.splice(0, limits.maxMessages).map((queued) => queued.message);
    buffered -= batch.length;
    inFlight += batch.length;
    lane.running = options
      .store(batch)
      .catch(options.onError)
      .then(() => {
        inFlight -= batch.length;
        lane.running = null;
        options.onSettled();
        schedule();
      });
  }

  return {
    push: (key, message) => {
      const lane = lanes[laneOf(key, lanes.length)] as Lane<T>;
      buffered++;
      lane.buffer.push({ message, at: performance.now() });
      schedule();
    },
    pending: () => buffered + inFlight,
    drain: async () => {
      draining = true;
      if (timer) clearTimeout(timer.handle);
      for (;;) {
        for (const lane of lanes) if (!lane.running && lane.buffer.length > 0) startBatch(lane);
        const running = lanes.flatMap((lane) => (lane.running ? [lane.running] : []));
        if (running.length === 0) break;
        await Promise.all(running);
      }
    },
  };
}

/** The lane of a device: FNV-1a of its serial number (or, unreadable, of the topic). */
export function laneOf(key: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}
