/**
 * Who may ask for which report, at the boundary: the caller must view the site, and the area when
 * one is named (a frost report always names its frost area, whose site is the report's site).
 * Answers what the export row keeps.
 */
import type { ExportRequestBody, ReportChoice } from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { requireObject, requireSite } from '../permissions/access.ts';
import { resolveSeries } from '../reports/generic-report.ts';
import type { ExportAsk } from './export.repository.ts';

export type ReportScope = Omit<ExportAsk, 'from' | 'to'>;

/** The choice as kept: every field present, null where the report type has none. */
export function scopeOfChoice(
  choice: ReportChoice | ExportRequestBody,
  siteId: number,
): ReportScope {
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
  choice: ReportChoice | ExportRequestBody,
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
  }
  return scopeOfChoice(choice, siteId);
}
