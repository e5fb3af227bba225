/**
 * Makes a report's file from what its export asked for, into a sink (chunks in the database, or
 * memory for a mail attachment). Frost reports read the area's readings fan by fan (issue 15);
 * irrigation and water reports area by area and meter by meter; a generic csv streams its
 * readings batch by batch, and an audit export its rows (issue 33). Progress is reported as it
 * goes. The modules of reports made whole (report-document.ts, and pdfkit and exceljs under it)
 * are loaded when one is asked for, so a process making streamed csvs carries only what they need.
 */
import type { ExportFormat } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { genericDocument, resolveSeries, writeGenericCsv } from '../reports/generic-report.ts';
import type { FileSink } from './chunk-writer.ts';
import type { ExportAsk } from './export.repository.ts';
import { fileName } from './file-name.ts';
import { noPace, type Pace } from './pace.ts';

/** Makes the report into `sink`; answers the file's name. */
export async function makeReport(
  db: Database,
  ask: ExportAsk,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
  sink: FileSink,
  /** Yields to people's requests between slices of the work (exports/pace.ts). */
  pace: Pace = noPace,
): Promise<{ name: string }> {
  const format = ask.format as ExportFormat;
  if (ask.report === 'audit') {
    // Streamed as it is read, csv or xlsx; exceljs is loaded for an xlsx only.
    const { writeAuditExport } = await import('./audit-export.ts');
    return writeAuditExport(db, ask, sink, onProgress, pace);
  }
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
    const { renderReport } = await import('./report-document.ts');
    const document = await genericDocument(db, genericAsk, onProgress);
    await sink.write(await renderReport(document, format, pace));
    return { name: fileName(ask, document.site) };
  }
  const { reportDocument, renderReport } = await import('./report-document.ts');
  const made = await reportDocument(db, ask, now, onProgress, pace);
  await onProgress(85);
  await sink.write(await renderReport(made.document, format, pace));
  return { name: made.name };
}
