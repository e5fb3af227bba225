/**
 * Who may ask for which report, at the boundary: a report of the whole site needs the view
 * privilege on the site itself; one narrowed to an area needs it on that area (by the site's or
 * the area's membership), so a user given only some areas reports on those only. A frost report
 * always names its frost area, whose site is the report's site; a generic report narrowed to an
 * area holds series of that area's things only. Answers what the export row keeps.
 */
import {
  rawReadingsKeptFrom,
  siteReadingRetentionMonths,
  type ExportRequestBody,
  type ReportChoice,
  type ReportSeries,
  type SiteConfig,
} from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { requireObject, requireSite } from '../permissions/access.ts';
import { resolveSeries } from '../reports/generic-report.ts';
import { findReportSiteRow } from '../reports/report.repository.ts';
import { seriesThingsOfArea } from './area-things.repository.ts';
import type { ExportAsk } from './export.repository.ts';

export type ReportScope = Omit<ExportAsk, 'from' | 'to'>;

/** A report of the site's things: every type but the audit export, whose scope is auditScope's. */
type ThingsReport = ReportChoice | Exclude<ExportRequestBody, { report: 'audit' }>;

/**
 * An audit export's scope: the site's log with the list's filters. Who may ask for it is the
 * route's question (resources/audit/audit-access.ts: the site's admins and support staff).
 */
export function auditScope(body: Extract<ExportRequestBody, { report: 'audit' }>): ReportScope {
  const { actor, kind, target, operation } = body;
  const filter = { actor, kind, target, operation };
  return {
    siteId: body.site,
    areaId: null,
    report: 'audit',
    kind: null,
    format: body.format,
    things: [],
    series: null,
    resolution: null,
    // Only the filters given are kept: the payload reads back as the body had them.
    audit: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
  };
}

/** The choice as kept: every field present, null where the report type has none. */
export function scopeOfChoice(choice: ThingsReport, siteId: number): ReportScope {
  return {
    siteId,
    areaId: choice.area ?? null,
    report: choice.report,
    kind: choice.report === 'frostReport' ? choice.kind : null,
    format: choice.format,
    things: [...new Set(choice.things ?? [])],
    series: choice.report === 'generic' ? choice.series : null,
    resolution: choice.report === 'generic' ? choice.resolution : null,
  };
}

export async function reportScope(
  db: Database,
  request: FastifyRequest,
  choice: ThingsReport,
): Promise<ReportScope> {
  let siteId: number;
  if (choice.area !== undefined) {
    ({ siteId } = await requireObject(db, request, 'area', choice.area, 'view'));
    if (choice.site !== undefined && choice.site !== siteId) {
      throw badRequest('area', 'not an area of the site');
    }
  } else {
    // Without an area the variant's site is required (a frost report always has an area).
    siteId = choice.site as number;
    await requireSite(db, request, siteId, 'view');
  }
  if (choice.report === 'generic') {
    const { missing } = await resolveSeries(db, siteId, choice.series);
    const first = missing[0];
    if (first !== undefined) throw badRequest(`series.${first}`, 'the site has no such series');
    if (choice.area !== undefined) {
      const outside = await seriesOutsideArea(db, choice.area, choice.series);
      if (outside !== undefined) {
        throw badRequest(`series.${outside}`, 'not a series of a thing of the area');
      }
    }
  }
  return scopeOfChoice(choice, siteId);
}

/**
 * The index of the first series whose thing is not of the area (a unit, or a sensor, radio or
 * control of another area or of none), or undefined when every one is.
 */
async function seriesOutsideArea(
  db: Database,
  areaId: number,
  series: readonly ReportSeries[],
): Promise<number | undefined> {
  const inArea = await seriesThingsOfArea(db, areaId, series);
  const keys = new Set(inArea.map((row) => `${row.thing_type} ${Number(row.thing_id)}`));
  const index = series.findIndex((one) => !keys.has(`${one.thing.type} ${one.thing.id}`));
  return index === -1 ? undefined : index;
}

/**
 * A generic report of every reading (raw) may not reach back before the site's raw readings kept
 * (issue 34): they are gone, and the half-hour rollups there are another shape of row. The 400
 * names the first day kept and the resolutions that read the rollups (hourly, daily).
 */
export async function refuseExpiredRawReadings(
  db: Database,
  scope: ReportScope,
  from: Date,
  now: Date,
): Promise<void> {
  if (scope.report !== 'generic' || scope.resolution !== 'raw') return;
  const site = await findReportSiteRow(db, scope.siteId);
  const config = (site?.config ?? {}) as SiteConfig;
  const keptFrom = rawReadingsKeptFrom(now.getTime(), siteReadingRetentionMonths(config));
  if (from.getTime() >= keptFrom) return;
  const day = new Date(keptFrom).toISOString().slice(0, 10);
  throw badRequest(
    'from',
    `raw readings before ${day} are no longer kept; choose hourly or daily, read from the rollups`,
  );
}
