/**
 * What every report reads first: the site's label and timezone, and the areas in scope (the one
 * named, or all of the site's), each report's things narrowed to `things` when given.
 */
import type {
  ReportCell,
  ReportChart,
  ReportColumn,
  ReportDocument,
  ReportTable,
} from '@paddock/domain';
import { siteTimeZone } from '@paddock/domain/timezone';
import type { Database } from '../db/client.ts';
import { findReportSiteRow, reportAreaRows } from './report.repository.ts';

/** The span of time a report covers. */
export type ReportRange = { from: Date; to: Date };

/**
 * What a site report (irrigation, water) is asked for: the site, one of its areas or all of them
 * (null), the things chosen (none: every one) and the range.
 */
export type SiteReportAsk = {
  siteId: number;
  areaId: number | null;
  things: number[];
} & ReportRange;

export type ReportSite = {
  id: number;
  label: string;
  timeZone: string;
  /** The areas in scope, by id. */
  areas: Map<number, string>;
  /** "All areas" or the named area's label: the report's heading. */
  scopeLabel: string;
};

export async function readReportSite(
  db: Database,
  siteId: number,
  areaId: number | null,
): Promise<ReportSite> {
  const site = await findReportSiteRow(db, siteId);
  if (!site) throw new Error('The site no longer exists');
  const areas = await reportAreaRows(db, siteId, areaId);
  if (areaId !== null && areas.length === 0) throw new Error('The area no longer exists');
  return {
    id: siteId,
    label: site.label,
    timeZone: siteTimeZone(site.config as { timezone?: string } | null, site.tags?.country),
    areas: new Map(areas.map((area) => [Number(area.id), area.label])),
    scopeLabel: areaId === null ? 'All areas' : (areas[0]?.label ?? ''),
  };
}

/** How a site report opens: its title, the site and areas in scope, its timezone and range. */
export function reportHeading(
  title: string,
  site: ReportSite,
  range: Pick<ReportDocument, 'from' | 'to'>,
): Pick<ReportDocument, 'title' | 'site' | 'area' | 'timeZone' | 'from' | 'to'> {
  return {
    title,
    site: site.label,
    area: site.scopeLabel,
    timeZone: site.timeZone,
    from: range.from,
    to: range.to,
  };
}

/**
 * A table of one row per thing and local day: the thing's label and the day, then its figures;
 * the xlsx gives each thing its own sheet.
 */
export function thingsByDayTable(
  table: { name: string; thing: string; figures: readonly ReportColumn[] },
  rows: readonly (readonly ReportCell[])[],
): ReportTable {
  return {
    name: table.name,
    sheetBy: 0,
    columns: [
      { header: table.thing, kind: 'text' },
      { header: 'Day', kind: 'date' },
      ...table.figures,
    ],
    rows,
  };
}

/** Whether a thing is in the report: every thing when none were chosen. */
export function chosen(things: readonly number[], id: number): boolean {
  return things.length === 0 || things.includes(id);
}

/** A reading time as ms, whichever way the driver gave it. */
export const toMs = (value: Date | string) => new Date(value).getTime();

/** A figure rounded to `digits` decimals for the report's cells. */
export const round = (value: number, digits: number) =>
  Math.round(value * 10 ** digits) / 10 ** digits;

/** A report's chart of one line: per-day totals, as dailyLine draws them. */
export function dailyChart(
  chart: { title: string; unit: string; label: string; digits: number },
  totals: ReadonlyMap<string, number>,
): ReportChart {
  return {
    title: chart.title,
    unit: chart.unit,
    lines: [dailyLine(chart.label, totals, chart.digits)],
  };
}

/** A chart line of per-day totals (by local day), each drawn at its day's noon, in day order. */
function dailyLine(
  label: string,
  totals: ReadonlyMap<string, number>,
  digits: number,
): ReportChart['lines'][number] {
  return {
    label,
    points: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, total]) => [Date.parse(`${day}T12:00:00Z`), round(total, digits)] as const),
  };
}
