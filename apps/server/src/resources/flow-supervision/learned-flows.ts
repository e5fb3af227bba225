/**
 * Learning each zone's flow (issue 30 item 1): the median of its latest metered runs, as the
 * water-use report measures them (a meter's volume shared among the zones that ran while it was
 * measured; addons/water-use.ts), over the last LEARN_DAYS. Meters count m³/h; the learned flow
 * is kept in L/min, as the limits are set. A zone with fewer than LEARNED_FLOW_MIN_RUNS runs
 * keeps no flow (its designed flow stands in), but the runs it has are kept to be shown.
 */
import {
  attributeWaterUse,
  learnedFlow,
  LITRES_PER_MINUTE_PER_M3H,
  siteTimeZone,
  zoneRunsFromReadings,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { readWaterUseSource } from '../water-use/water-use.repository.ts';
import { saveLearnedFlows, zoneFlowsOfArea } from './flow.repository.ts';

/** Days of runs a flow is learned from: a month follows the season and holds many runs. */
const LEARN_DAYS = 30;
/** A learned flow older than this is learned again when the supervisor next reads it. */
const RELEARN_AFTER_MS = 24 * 3_600_000;
/**
 * A zone with no flow learned yet is tried again this often: a new zone gathers its first runs,
 * and a farm's past may still be arriving (a gateway catching up, the demo's history).
 */
const UNLEARNED_RETRY_MS = 15 * 60_000;

const DAY_MS = 86_400_000;

/** Learns the flow of every zone of an area from its runs of the last LEARN_DAYS, and keeps it. */
export async function learnAreaFlows(db: Database, areaId: number, now: Date): Promise<void> {
  const from = new Date(now.getTime() - LEARN_DAYS * DAY_MS);
  const source = await readWaterUseSource(db, areaId, { from, to: now });
  const zones = await zoneFlowsOfArea(db, areaId);
  if (!source.timezone || zones.length === 0) return;
  const timeZone = siteTimeZone(
    source.timezone.config as { timezone?: string } | null,
    source.timezone.country,
  );
  // A run still open now is left out: its volume so far says nothing of its flow yet.
  const runs = [...source.valves.entries()].flatMap(([section, valves]) =>
    zoneRunsFromReadings(section, [...valves.values()], now.getTime()).filter(
      (run) => run.end < now.getTime() && run.start >= from.getTime(),
    ),
  );
  const use = attributeWaterUse({ meters: [...source.meters.values()], runs, timeZone });
  const flows = new Map(use.zones.map((zone) => [zone.zoneId, zone.flows]));
  await saveLearnedFlows(
    db,
    zones.map((zone) => {
      const learned = learnedFlow(flows.get(zone.sectionId) ?? []);
      return {
        sectionId: zone.sectionId,
        siteId: zone.siteId,
        flow: learned.source === 'learned' ? learned.flow * LITRES_PER_MINUTE_PER_M3H : null,
        runs: learned.runs,
      };
    }),
    now,
  );
}

/** Whether an area's zones were learned too long ago (or never) to be judged by. */
export function flowsStale(
  zones: readonly { learnedAt: Date | null; learnedFlow: number | null }[],
  now: Date,
): boolean {
  return zones.some((zone) => {
    if (zone.learnedAt === null) return true;
    const age = now.getTime() - zone.learnedAt.getTime();
    return age > (zone.learnedFlow === null ? UNLEARNED_RETRY_MS : RELEARN_AFTER_MS);
  });
}
