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

/** Runs of several fans in one list: by start, then by fan. */
const byStartThenFan = (a: FrostRun, b: FrostRun) =>
  a.start.localeCompare(b.start) || a.fan - b.fan;

/** The fan's runs that start in the range, by the area's rules. */
function runsOfFan(
  area: Pick<FrostArea, 'timeZone' | 'rules'>,
  fan: FanReadings,
  range: { from: Date; to: Date },
  now: Date,
): FrostRun[] {
  const window = { from: range.from.getTime(), to: range.to.getTime() };
  return frostRuns(fan, area.rules, area.timeZone, window, now.getTime());
}

/** The area's runs report over the range: every fan's runs, and each fan's totals. */
function runsReport(
  area: Pick<FrostArea, 'areaId' | 'timeZone' | 'rules'>,
  range: { from: Date; to: Date },
  runs: FrostRun[],
  totals: FrostFanTotals[],
): FrostRuns {
  return {
    area: area.areaId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    timeZone: area.timeZone,
    rules: area.rules,
    runs,
    totals,
  };
}

export function frostRunsReport(
  area: Pick<FrostArea, 'areaId' | 'timeZone' | 'rules'>,
  fans: readonly FanReadings[],
  range: { from: Date; to: Date },
  now: Date,
): FrostRuns {
  const runs = fans.flatMap((fan) => runsOfFan(area, fan, range, now)).sort(byStartThenFan);
  return runsReport(
    area,
    range,
    runs,
    fans.map((fan) => frostFanTotals(fan, runs)),
  );
}

/** What a report keeps of one fan once its readings are worked through (and can be let go). */
export type FanReportPart = { runs: FrostRun[]; totals: FrostFanTotals; fueling: FanFueling };

export function fanReportPart(
  area: Pick<FrostArea, 'timeZone' | 'rules'>,
  fan: FanReadings,
  range: { from: Date; to: Date },
  now: Date,
): FanReportPart {
  const runs = runsOfFan(area, fan, range, now);
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
  return runsReport(
    area,
    range,
    parts.flatMap((part) => part.runs).sort(byStartThenFan),
    parts.map((part) => part.totals),
  );
}
