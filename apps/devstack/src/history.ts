/**
 * The demo farm's past, loaded in the background on its first start: the simulator runs each
 * site's devices through the last days (PADDOCK_DEMO_HISTORY, 90 by default) before they go
 * live, and what they report comes here a simulated day at a time to be stored as ingest stores
 * readings (the server's history store: same series, readings and rollups). Once every site's
 * past is made and its devices are live, it is stored newest day first, so the charts of the
 * last days fill in within seconds while the older past follows. The server answers all along:
 * the history is background work on the database's background lane, and making it yields to
 * people's requests between simulated days (the server's db/lanes.ts). The log says when the
 * load started, how far it is, and when it finished.
 */
import type { Database, HistoryPoints, HistoryStore, PeopleFirst } from '@paddock/server';
import { createHistoryStore } from '@paddock/server';
import type { HistoryChunk, SimulatorHistory } from '@paddock/simulator';

export type HistoryLog = { info: (message: string) => void; error: (message: string) => void };

export type HistoryResult = {
  sites: number;
  readings: number;
  from: string | null;
  until: string | null;
  seconds: number;
};

export type HistoryLoader = {
  /** What the simulator is given: its past's reports come to this loader. */
  simulator: SimulatorHistory;
  /** Resolves when every site's past is stored (or the loader was stopped). */
  done: Promise<HistoryResult>;
  /** Stops storing; what was stored stays. */
  stop: () => Promise<void>;
};

const DAY_MS = 86_400_000;

export function createHistoryLoader(input: {
  /** The database's background lane. */
  db: Database;
  /** People's requests in flight: making the past waits for them between simulated days. */
  people?: PeopleFirst;
  spanMs: number;
  sites: number;
  log: HistoryLog;
  store?: HistoryStore;
  /** Rewrites a day of a site's past as it is made, before it waits to be stored (frost-season.ts). */
  overlay?: (chunk: HistoryChunk) => void;
}): HistoryLoader {
  const store = input.store ?? createHistoryStore(input.db);
  const people = input.people;
  const started = Date.now();
  const chunksPerSite = Math.ceil(input.spanMs / DAY_MS);
  const expectedChunks = chunksPerSite * input.sites;
  /** Chunks made and not stored yet: a stack, newest on top. */
  const waiting: WaitingChunk[] = [];
  const sitesDone = new Set<number>();
  let stored = 0;
  let readings = 0;
  let from: Date | null = null;
  let until: Date | null = null;
  let reportedTenth = 0;
  let stopped = false;
  let working: Promise<void> | null = null;
  let finish: (result: HistoryResult) => void = () => {};
  const done = new Promise<HistoryResult>((resolve) => (finish = resolve));

  const result = (): HistoryResult => ({
    sites: sitesDone.size,
    readings,
    from: from?.toISOString() ?? null,
    until: until?.toISOString() ?? null,
    seconds: (Date.now() - started) / 1000,
  });

  const days = Math.round((input.spanMs / DAY_MS) * 10) / 10;
  input.log.info(
    `demo history: loading ${days} days of readings for ${input.sites} sites in the background (PADDOCK_DEMO_HISTORY=0 turns it off)`,
  );

  async function work(): Promise<void> {
    while (!stopped) {
      const chunk = waiting.pop();
      if (!chunk) break;
      try {
        readings += await store.store(chunk.siteId, chunk.series);
      } catch (error) {
        if (stopped) break;
        // A day of readings is one statement: on a machine short of CPU it can outlast the
        // statement timeout. It goes to the back of the queue to be tried again, not dropped.
        if (chunk.attempts < STORE_ATTEMPTS) {
          waiting.unshift({ ...chunk, attempts: chunk.attempts + 1 });
          input.log.info(
            `demo history: a day of site ${chunk.siteId} is tried again later: ${causeOf(error)}`,
          );
          continue;
        }
        input.log.error(
          `demo history: a day of site ${chunk.siteId} could not be stored after ${STORE_ATTEMPTS} tries: ${causeOf(error)}`,
        );
      }
      stored++;
      const tenth = Math.floor((stored / expectedChunks) * 10);
      if (tenth > reportedTenth && tenth < 10) {
        reportedTenth = tenth;
        input.log.info(
          `demo history: ${tenth * 10}% stored (${readings.toLocaleString('en')} readings, ${Math.round((Date.now() - started) / 1000)} s)`,
        );
      }
    }
    working = null;
    if (!stopped && waiting.length === 0 && sitesDone.size === input.sites) {
      await store.finish().catch((error: unknown) => {
        input.log.error(`demo history: the checkpoint after the load failed: ${causeOf(error)}`);
      });
      const final = result();
      input.log.info(
        `demo history: done, ${final.readings.toLocaleString('en')} readings of ${final.sites} sites from ${final.from} to ${final.until} in ${Math.round(final.seconds)} s`,
      );
      finish(final);
    }
  }

  /**
   * Storing waits until every site's past is made: making it holds the devices back from going
   * live, and the database writes would slow it down (both run on this thread).
   */
  function kick(): void {
    if (!working && !stopped && sitesDone.size === input.sites) working = work();
  }

  return {
    simulator: {
      spanMs: input.spanMs,
      ...(people ? { pace: () => people.yieldToPeople() } : {}),
      onChunk: (chunk) => {
        input.overlay?.(chunk);
        waiting.push(compact(chunk));
      },
      onSiteDone: (site) => {
        sitesDone.add(site.siteId);
        if (!from || site.from < from) from = site.from;
        if (!until || site.until > until) until = site.until;
        if (sitesDone.size === input.sites) {
          const points = waiting.reduce((sum, chunk) => sum + chunk.points, 0);
          input.log.info(
            `demo history: made (${points.toLocaleString('en')} readings, ${Math.round((Date.now() - started) / 1000)} s), the devices are live; storing it, newest day first`,
          );
        }
        kick();
      },
    },
    done,
    stop: async () => {
      stopped = true;
      await working;
      finish(result());
    },
  };
}

/** A day of a site's past, waiting to be stored. */
/** How often a day of readings is tried before it is given up (and said so). */
const STORE_ATTEMPTS = 3;

type WaitingChunk = {
  siteId: number;
  series: HistoryPoints[];
  points: number;
  /** Tries so far that failed. */
  attempts: number;
};

/**
 * A chunk's times and values as typed arrays: the whole past waits in memory until it is stored
 * (9.9 million readings for the demo farm), and as plain arrays it made a heap of some 900 MB
 * whose collections held the server's thread for up to 1.9 s; typed arrays keep the numbers out
 * of the collector's way.
 */
function compact(chunk: HistoryChunk): WaitingChunk {
  return {
    siteId: chunk.siteId,
    points: chunk.points,
    attempts: 0,
    series: chunk.series.map(({ thing, id, metric, times, values }) => ({
      thing,
      id,
      metric,
      times: Float64Array.from(times),
      values: Float64Array.from(values),
    })),
  };
}

/** The database's own words: drizzle wraps them in a message that repeats the whole statement. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
