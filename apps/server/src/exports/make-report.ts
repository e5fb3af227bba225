/**
 * Makes a report's file from what its export asked for: reads the area's readings fan by fan
 * (progress as it goes, memory bounded by one fan's readings at a time while reading), works out
 * the runs and fueling by the domain's rules and writes the chosen format.
 */
import {
  frostComplianceDocument,
  fuelingDocument,
  type ExportFormat,
  type FanReadings,
  type FrostReportFileKind,
  type ReportDocument,
} from '@paddock/domain';
import type { Queryable } from '../db/database.ts';
import { readFanReadings, readFrostArea, type FrostArea } from '../frost/frost-data.ts';
import { frostRunsReport, fuelingReport, RUN_FOLLOW_MS } from '../frost/frost-report.ts';
import { renderCsv } from './render-csv.ts';
import { renderPdf } from './render-pdf.ts';
import { renderXlsx } from './render-xlsx.ts';

export type ReportAsk = {
  areaId: number;
  kind: FrostReportFileKind;
  format: ExportFormat;
  from: Date;
  to: Date;
};

/** The report's content from readings already read (the bench calls this directly). */
export function frostReportDocument(
  area: FrostArea,
  fans: readonly FanReadings[],
  ask: Pick<ReportAsk, 'kind' | 'from' | 'to'>,
  now: Date,
): ReportDocument {
  const runs = frostRunsReport(area, fans, { from: ask.from, to: ask.to }, now);
  const heading = { site: area.siteLabel, area: area.areaLabel };
  return ask.kind === 'fuelingReport'
    ? fuelingDocument(heading, runs, fuelingReport(area, fans, runs))
    : frostComplianceDocument(heading, runs);
}

export async function renderReport(
  document: ReportDocument,
  format: ExportFormat,
): Promise<Buffer> {
  if (format === 'pdf') return renderPdf(document);
  if (format === 'xlsx') return renderXlsx(document);
  return renderCsv(document);
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

export function reportFileName(area: FrostArea, ask: ReportAsk): string {
  const name = ask.kind === 'fuelingReport' ? 'fueling' : 'frost-compliance';
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `${name}-${slug(area.areaLabel) || 'area'}-${day(ask.from)}-${day(ask.to)}.${ask.format}`;
}

export async function makeReport(
  db: Queryable,
  ask: ReportAsk,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
): Promise<{ bytes: Buffer; name: string }> {
  const area = await readFrostArea(db, ask.areaId);
  if (!area) throw new Error('The area no longer exists');
  const to = new Date(Math.min(ask.to.getTime() + RUN_FOLLOW_MS, now.getTime() + 1));
  const fans: FanReadings[] = [];
  for (const [index, fan] of area.fans.entries()) {
    fans.push(...(await readFanReadings(db, { ...area, fans: [fan] }, ask.from, to)));
    await onProgress(Math.round(10 + (70 * (index + 1)) / area.fans.length));
  }
  const document = frostReportDocument(area, fans, ask, now);
  await onProgress(85);
  return { bytes: await renderReport(document, ask.format), name: reportFileName(area, ask) };
}
