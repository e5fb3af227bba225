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
  type FrostFanTotals,
  type FrostRun,
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

/** What a report keeps of one fan once its readings are worked through (and can be let go). */
export type FanReportPart = { runs: FrostRun[]; totals: FrostFanTotals; fueling: FanFueling };

export function fanReportPart(
  area: Pick<FrostArea, 'timeZone' | 'rules'>,
  fan: FanReadings,
  range: { from: Date; to: Date },
  now: Date,
): FanReportPart {
  const window = { from: range.from.getTime(), to: range.to.getTime() };
  const runs = frostRuns(fan, area.rules, area.timeZone, window, now.getTime());
  return {
    runs,
    totals: frostFanTotals(fan, runs),
    fueling: fanFueling(fan, runs, area.timeZone),
  };
}

/** The runs report of the area from its fans' parts. */
export function runsOfParts(
  area: Pick<FrostArea, 'areaId' | 'timeZone' | 'rules'>,
  parts: readonly FanReportPart[],
  range: { from: Date; to: Date },
): FrostRuns {
  return {
    area: area.areaId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    timeZone: area.timeZone,
    rules: area.rules,
    runs: parts
      .flatMap((part) => part.runs)
      .sort((a, b) => a.start.localeCompare(b.start) || a.fan - b.fan),
    totals: parts.map((part) => part.totals),
  };
}
