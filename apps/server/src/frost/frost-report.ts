/**
 * A frost report's content from the readings: the runs and totals (frostCompliance) and each
 * fan's fueling (fuelingReport), by the domain's rules. Rendering to files is in src/exports/.
 */
import {
  fanFueling,
  frostFanTotals,
  frostRuns,
  type FanFueling,
  type FanReadings,
  type FrostRuns,
} from '@paddock/domain';
import type { FrostArea } from './frost-data.ts';

/** A run still going at the range's end is followed this far past it, to find its stop. */
export const RUN_FOLLOW_MS = 12 * 3_600_000;

export function frostRunsReport(
  area: Pick<FrostArea, 'areaId' | 'timeZone' | 'rules'>,
  fans: readonly FanReadings[],
  range: { from: Date; to: Date },
  now: Date,
): FrostRuns {
  const window = { from: range.from.getTime(), to: range.to.getTime() };
  const runs = fans
    .flatMap((fan) => frostRuns(fan, area.rules, area.timeZone, window, now.getTime()))
    .sort((a, b) => a.start.localeCompare(b.start) || a.fan - b.fan);
  return {
    area: area.areaId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    timeZone: area.timeZone,
    rules: area.rules,
    runs,
    totals: fans.map((fan) => frostFanTotals(fan, runs)),
  };
}

export function fuelingReport(
  area: Pick<FrostArea, 'timeZone'>,
  fans: readonly FanReadings[],
  runs: FrostRuns,
): FanFueling[] {
  return fans.map((fan) => fanFueling(fan, runs.runs, area.timeZone));
}
