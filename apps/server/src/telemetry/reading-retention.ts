/**
 * The worker's care of the readings' month partitions (issue 34; db/reading-partitions.ts):
 * each round makes this month's and the next three months' partitions, gives a month found in
 * the default partition its own, and drops the months every site's retention has passed
 * (telemetry/retention.ts in the domain). Hourly: a round that finds all in place reads two
 * catalogue lists and the default partition, which holds nothing in the usual case.
 */
import { isReadingPartitionExpired, readingPartitionName } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import {
  dropReadingPartition,
  longestReadingRetention,
  makeReadingPartitions,
  readingPartitionMonths,
} from '../db/reading-partitions.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';

const ROUND_INTERVAL_MS = 60 * 60 * 1000;

/** One round: partitions made, then expired ones dropped. Answers what it did. */
export async function keepReadingPartitions(
  db: Database,
  now: number,
): Promise<{ made: string[]; dropped: string[] }> {
  const { made } = await makeReadingPartitions(db, now);
  const longest = await longestReadingRetention(db);
  const dropped: string[] = [];
  for (const month of await readingPartitionMonths(db)) {
    if (!isReadingPartitionExpired(month, now, longest)) continue;
    await dropReadingPartition(db, month);
    dropped.push(readingPartitionName(month));
  }
  return { made, dropped };
}

export function startReadingRetention(deps: PeriodicJobDeps): { close(): Promise<void> } {
  const { db, clock, log } = deps;
  return repeatEvery({
    intervalMs: deps.intervalMs ?? ROUND_INTERVAL_MS,
    first: 'now',
    round: async () => {
      const { made, dropped } = await keepReadingPartitions(db, clock.now().getTime());
      if (made.length > 0) log.info({ partitions: made }, 'readings partitions made');
      if (dropped.length > 0) {
        log.info({ partitions: dropped }, 'readings partitions dropped by retention');
      }
    },
    onError: (error) => log.error({ err: error }, 'readings partition round failed'),
  });
}
