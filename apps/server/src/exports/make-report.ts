/**
 * Makes a report's file from what its export asked for: reads the area's readings fan by fan
 * (progress as it goes, memory bounded by one fan's readings at a time while reading), works out
 * the runs and fueling by the domain's rules and writes the chosen format.
 */
import {
  frostComplianceDocument,
  fuelingDocument,
  type ExportFormat,
  type FrostReportFileKind,
  type ReportDocument,
} from '@paddock/domain';
import type { Queryable } from '../db/database.ts';
import { readFanReadings, readFrostArea, type FrostArea } from '../frost/frost-data.ts';
import {
  fanReportPart,
  runsOfParts,
  RUN_FOLLOW_MS,
  type FanReportPart,
} from '../frost/frost-report.ts';
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

/** The report's content from each fan's part (fanReportPart). */
export function frostReportDocument(
  area: FrostArea,
  parts: readonly FanReportPart[],
  ask: Pick<ReportAsk, 'kind' | 'from' | 'to'>,
): ReportDocument {
  const runs = runsOfParts(area, parts, { from: ask.from, to: ask.to });
  const heading = { site: area.siteLabel, area: area.areaLabel };
  return ask.kind === 'fuelingReport'
    ? fuelingDocument(
        heading,
        runs,
        parts.map((part) => part.fueling),
      )
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
  // One fan's readings at a time: each is worked into its runs and fueling and let go, so memory
  // stays bounded by one fan's season however many fans the area has.
  const parts: FanReportPart[] = [];
  for (const [index, fan] of area.fans.entries()) {
    for (const readings of await readFanReadings(db, { ...area, fans: [fan] }, ask.from, to)) {
      parts.push(fanReportPart(area, readings, ask, now));
    }
    await onProgress(Math.round(10 + (70 * (index + 1)) / area.fans.length));
  }
  const document = frostReportDocument(area, parts, ask);
  await onProgress(85);
  return { bytes: await renderReport(document, ask.format), name: reportFileName(area, ask) };
}
