/**
 * Report documents made whole (frost, irrigation and water reports; issues 15 and 17) and their
 * rendering as pdf, xlsx or csv. Loaded by makeReport only when such a report is asked for: a
 * streamed generic csv needs none of it (nor pdfkit, exceljs or the whole domain package).
 */
import {
  frostComplianceDocument,
  fuelingDocument,
  frostReportFileKindSchema,
  type ExportFormat,
  type FrostReportFileKind,
  type ReportDocument,
} from '@paddock/domain';
import type { Database, Queryable } from '../db/database.ts';
import { readFanReadings, readFrostArea, type FrostArea } from '../frost/frost-data.ts';
import { frostEventsReport, frostExplorerReport } from '../frost/frost-night-report.ts';
import {
  fanReportPart,
  runsOfParts,
  RUN_FOLLOW_MS,
  type FanReportPart,
} from '../frost/frost-report.ts';
import { irrigationReport } from '../reports/irrigation-report.ts';
import { waterReport } from '../reports/water-report.ts';
import type { ExportAsk } from './export.repository.ts';
import { fileName, slug } from './file-name.ts';
import { noPace, type Pace } from './pace.ts';
import { renderCsv } from './render-csv.ts';

/** A frost report's ask (issue 15). */
export type ReportAsk = {
  areaId: number;
  kind: FrostReportFileKind;
  format: ExportFormat;
  from: Date;
  to: Date;
};

/** The compliance or fueling report's content from each fan's part (fanReportPart). */
export function frostReportDocument(
  area: FrostArea,
  parts: readonly FanReportPart[],
  ask: Pick<ReportAsk, 'from' | 'to'> & { kind: 'frostCompliance' | 'fuelingReport' },
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
  pace: Pace = noPace,
): Promise<Buffer> {
  // pdfkit and exceljs are loaded when a pdf or xlsx is made (some 35 MB resident together): a
  // process that makes only csvs never carries them.
  if (format === 'pdf') return (await import('./render-pdf.ts')).renderPdf(document, pace);
  if (format === 'xlsx') return (await import('./render-xlsx.ts')).renderXlsx(document);
  return renderCsv(document);
}

const FROST_FILE_NAMES: Record<FrostReportFileKind, string> = {
  frostCompliance: 'frost-compliance',
  fuelingReport: 'fueling',
  events: 'frost-events',
  frostExplorer: 'frost-explorer',
};

function frostFileName(area: FrostArea, ask: ReportAsk): string {
  const name = FROST_FILE_NAMES[ask.kind];
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `${name}-${slug(area.areaLabel) || 'area'}-${day(ask.from)}-${day(ask.to)}.${ask.format}`;
}

async function frostDocument(
  db: Queryable,
  ask: ReportAsk,
  now: Date,
  things: readonly number[],
  onProgress: (percent: number) => Promise<void>,
  pace: Pace,
): Promise<{ document: ReportDocument; name: string }> {
  const read = await readFrostArea(db, ask.areaId);
  if (!read) throw new Error('The area no longer exists');
  const area =
    things.length === 0
      ? read
      : { ...read, fans: read.fans.filter((fan) => things.includes(fan.id)) };
  // The event log and the one night of the explorer are one read each, not a season fan by fan.
  if (ask.kind === 'events' || ask.kind === 'frostExplorer') {
    const document =
      ask.kind === 'events'
        ? await frostEventsReport(db, area, ask, things)
        : await frostExplorerReport(db, area, ask, now);
    await onProgress(80);
    return { document, name: frostFileName(area, ask) };
  }
  const to = new Date(Math.min(ask.to.getTime() + RUN_FOLLOW_MS, now.getTime() + 1));
  // One fan's readings at a time: each is worked into its runs and fueling and let go, so memory
  // stays bounded by one fan's season however many fans the area has.
  const parts: FanReportPart[] = [];
  for (const [index, fan] of area.fans.entries()) {
    for (const readings of await readFanReadings(db, { ...area, fans: [fan] }, ask.from, to)) {
      await pace();
      parts.push(fanReportPart(area, readings, ask, now));
    }
    await onProgress(Math.round(10 + (70 * (index + 1)) / area.fans.length));
  }
  return {
    document: frostReportDocument(area, parts, { ...ask, kind: ask.kind }),
    name: frostFileName(area, ask),
  };
}

/** The document of a frost, irrigation or water report, and its file's name. */
export async function reportDocument(
  db: Database,
  ask: ExportAsk,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
  pace: Pace = noPace,
): Promise<{ document: ReportDocument; name: string }> {
  if (ask.report === 'frostReport') {
    if (ask.areaId === null) throw new Error('A frost report is of an area');
    return frostDocument(
      db,
      {
        areaId: ask.areaId,
        kind: frostReportFileKindSchema.parse(ask.kind),
        format: ask.format as ExportFormat,
        from: ask.from,
        to: ask.to,
      },
      now,
      ask.things,
      onProgress,
      pace,
    );
  }
  const build = ask.report === 'irrigationReport' ? irrigationReport : waterReport;
  const document = await build(db, ask, onProgress);
  return {
    document,
    name: fileName(ask, `${document.site}${ask.areaId === null ? '' : `-${document.area}`}`),
  };
}
