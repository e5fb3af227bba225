/**
 * Makes a report's file from what its export asked for, into a sink (chunks in the database, or
 * memory for a mail attachment). Frost reports read the area's readings fan by fan (issue 15);
 * irrigation and water reports area by area and meter by meter; a generic csv streams its
 * readings batch by batch. Progress is reported as it goes.
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
import { genericDocument, resolveSeries, writeGenericCsv } from '../reports/generic-report.ts';
import { irrigationReport } from '../reports/irrigation-report.ts';
import { waterReport } from '../reports/water-report.ts';
import type { FileSink } from './chunk-writer.ts';
import type { ExportAsk } from './export.repository.ts';
import { renderCsv } from './render-csv.ts';
import { renderPdf } from './render-pdf.ts';
import { renderXlsx } from './render-xlsx.ts';

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

const FROST_FILE_NAMES: Record<FrostReportFileKind, string> = {
  frostCompliance: 'frost-compliance',
  fuelingReport: 'fueling',
  events: 'frost-events',
  frostExplorer: 'frost-explorer',
};

export function frostFileName(area: FrostArea, ask: ReportAsk): string {
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
      parts.push(fanReportPart(area, readings, ask, now));
    }
    await onProgress(Math.round(10 + (70 * (index + 1)) / area.fans.length));
  }
  return {
    document: frostReportDocument(area, parts, { ...ask, kind: ask.kind }),
    name: frostFileName(area, ask),
  };
}

const REPORT_NAMES = {
  irrigationReport: 'irrigation',
  waterReport: 'water',
  frostReport: 'frost',
  generic: 'series',
} as const;

function fileName(ask: ExportAsk, scope: string): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `${REPORT_NAMES[ask.report]}-${slug(scope) || 'site'}-${day(ask.from)}-${day(ask.to)}.${ask.format}`;
}

/** Makes the report into `sink`; answers the file's name. */
export async function makeReport(
  db: Database,
  ask: ExportAsk,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
  sink: FileSink,
): Promise<{ name: string }> {
  const format = ask.format as ExportFormat;
  if (ask.report === 'generic') {
    const { found, missing } = await resolveSeries(db, ask.siteId, ask.series ?? []);
    if (missing.length > 0) throw new Error('A chosen series no longer exists');
    const genericAsk = {
      siteId: ask.siteId,
      series: found,
      resolution: ask.resolution ?? 'raw',
      from: ask.from,
      to: ask.to,
    };
    if (format === 'csv') {
      const site = await writeGenericCsv(db, genericAsk, (text) => sink.write(text), onProgress);
      return { name: fileName(ask, site.label) };
    }
    const document = await genericDocument(db, genericAsk, onProgress);
    await sink.write(await renderReport(document, format));
    return { name: fileName(ask, document.site) };
  }
  let made: { document: ReportDocument; name: string };
  if (ask.report === 'frostReport') {
    if (ask.areaId === null) throw new Error('A frost report is of an area');
    made = await frostDocument(
      db,
      {
        areaId: ask.areaId,
        kind: frostReportFileKindSchema.parse(ask.kind),
        format,
        from: ask.from,
        to: ask.to,
      },
      now,
      ask.things,
      onProgress,
    );
  } else {
    const build = ask.report === 'irrigationReport' ? irrigationReport : waterReport;
    const document = await build(db, ask, onProgress);
    made = {
      document,
      name: fileName(ask, `${document.site}${ask.areaId === null ? '' : `-${document.area}`}`),
    };
  }
  await onProgress(85);
  await sink.write(await renderReport(made.document, format));
  return { name: made.name };
}
