/**
 * The worker's periodic work (request dispatch, the overdue sweep, alarm messages, followups,
 * scheduled reports…): one round at a time per process, the next `intervalMs` after the last one
 * ended, so a slow round delays the next instead of piling rounds up. A round that found more
 * work than it took asks for the next at once, so a backlog drains without waiting. A failed
 * round (the database away for a moment) is logged and the next one tries again: the work stays
 * where it was. `close` is the one way to stop, as for every part the start-up stops.
 */
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Log } from '../log.ts';

/**
 * What a periodic job of the worker starts with: the database it works on, its clock and log, and
 * how often it runs (the job's own interval unless a test gives a shorter one).
 */
export type PeriodicJobDeps = { db: Database; clock: Clock; log: Log; intervalMs?: number };

export type Repeat = {
  /** No round starts after this; answers once the one under way (if any) is over. */
  close(): Promise<void>;
};

export function repeatEvery(options: {
  intervalMs: number;
  /** One round; one that answers true has more work waiting, and the next runs at once. */
  round: (() => Promise<boolean>) | (() => Promise<void>);
  onError: (error: unknown) => void;
  /**
   * When the first round runs: `now` for a loop that drains a table (a backlog left by the last
   * process goes at once), `after-interval` for a sweep whose first look can wait.
   */
  first: 'now' | 'after-interval';
}): Repeat {
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const round = async () => {
    let again = false;
    try {
      again = (await options.round()) === true;
    } catch (error) {
      // A round that fails while the process stops is the stop's doing, not news.
      if (!closed) options.onError(error);
    }
    if (!closed) timer = setTimeout(tick, again ? 0 : options.intervalMs);
  };
  const tick = () => {
    timer = null;
    running = round().finally(() => {
      running = null;
    });
  };
  if (options.first === 'now') tick();
  else timer = setTimeout(tick, options.intervalMs);

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
