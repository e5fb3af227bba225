/**
 * Reporting intervals reach the devices: an installer changes a radio's or unit's interval
 * through the API (PUT radios/{id}, PUT units/{id}), which only writes the database; the worker
 * compares every device's interval with the one it last published and publishes the configs of
 * the sites where one changed (docs/field-protocol.md "Device config" carries the interval), so
 * the device reports at its new pace and overdue (§4) follows the same interval.
 *
 * Decision: a comparison each sweep rather than a queue: it needs no new table, it is idempotent
 * (a retained config published twice by two workers is the same message), and a worker that
 * restarts starts from a full provisioning anyway.
 */
import type { Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import type { Log } from '../log.ts';
import type { BrokerEndpoint } from './connection.ts';
import { deviceIntervals } from './device.repository.ts';
import { publishDeviceConfigs } from './provisioning.ts';
import { repeatEvery } from '../jobs/repeat.ts';

/** `${siteId}:${serialno}` → seconds. */
export type PublishedIntervals = Map<string, number>;

/** Every device's interval as the database holds it now. */
export async function readIntervals(db: Database): Promise<PublishedIntervals> {
  const rows = await deviceIntervals(db);
  return new Map(
    rows.map((row) => [`${row.site_id}:${row.serialno}`, Number(row.report_interval_seconds)]),
  );
}

/** The sites with a device whose interval differs from the published one (or is new). */
export function sitesWithChangedIntervals(
  published: ReadonlyMap<string, number>,
  current: ReadonlyMap<string, number>,
): number[] {
  const sites = new Set<number>();
  for (const [key, seconds] of current) {
    if (published.get(key) !== seconds) sites.add(Number(key.slice(0, key.indexOf(':'))));
  }
  return [...sites].sort((a, b) => a - b);
}

export async function provisionChangedIntervals(deps: {
  db: Database;
  clock: Clock;
  log: Pick<Log, 'info'>;
  broker: BrokerEndpoint;
  topicRoot: string;
  published: PublishedIntervals;
}): Promise<number[]> {
  const current = await readIntervals(deps.db);
  const siteIds = sitesWithChangedIntervals(deps.published, current);
  if (siteIds.length === 0) return [];
  await publishDeviceConfigs({
    db: deps.db,
    clock: deps.clock,
    broker: deps.broker,
    topicRoot: deps.topicRoot,
    siteIds,
  });
  for (const [key, seconds] of current) deps.published.set(key, seconds);
  deps.log.info({ siteIds }, 'reporting intervals published');
  return siteIds;
}

/** Checks every `intervalMs` until closed (worker role), from what start-up published. */
export function startIntervalProvisioning(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  broker: BrokerEndpoint;
  topicRoot: string;
  published: PublishedIntervals;
  intervalMs: number;
}): { close(): Promise<void> } {
  return repeatEvery({
    intervalMs: deps.intervalMs,
    first: 'after-interval',
    round: async () => {
      await provisionChangedIntervals(deps);
    },
    onError: (error) => deps.log.error({ err: error }, 'reporting interval provisioning failed'),
  });
}
