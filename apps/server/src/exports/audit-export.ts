/**
 * The audit export (issue 33): a site's audit log over a range, with the list's filters, as csv or
 * xlsx, oldest first. Read a batch at a time (audit-export.repository.ts) and written into the
 * export's sink as it is read, so a log of any length is made with one batch in memory: the csv
 * line by line, the xlsx by exceljs's streaming writer (rows committed as they are added).
 *
 * Columns: time (ISO 8601 with the site's offset, to the millisecond, since rows of one second are
 * told apart by it), person, acting as (Switch User), address, operation, object kind, object id,
 * text, before and after (JSON), seq and hash (the row's place in the site's chain, for checking
 * a printed row against GET sites/{id}/audit/verify).
 */
import { csvField, CSV_BOM, type AuditExportFilter } from '@paddock/domain';
import { Writable } from 'node:stream';
import {
  auditExportBatch,
  auditExportCount,
  type AuditExportCursor,
  type AuditExportQuery,
  type AuditExportRow,
} from '../audit/audit-export.repository.ts';
import type { Database } from '../db/client.ts';
import { isoWithOffset } from '../reports/local-day.ts';
import { readReportSite } from '../reports/report-site.ts';
import type { FileSink } from './chunk-writer.ts';
import type { ExportAsk } from './export.repository.ts';
import { fileName } from './file-name.ts';
import { noPace, slicer, type Pace } from './pace.ts';

/** Rows read and written at a time. */
const BATCH_ROWS = 1000;
/** Excel's cell holds at most this many characters; a longer JSON is cut, saying so. */
const XLSX_CELL_MAX = 32_767;
/** Excel's sheet holds 1,048,576 rows: a longer log goes on in another sheet. */
const XLSX_SHEET_ROWS = 1_000_000;

const HEADERS = [
  'Time',
  'Person',
  'Acting as',
  'Address',
  'Operation',
  'Object kind',
  'Object id',
  'Text',
  'Before (JSON)',
  'After (JSON)',
  'Seq',
  'Hash',
] as const;

type Cell = string | number | null;

/** ISO 8601 in the zone with its offset, to the millisecond: 2026-11-19T06:00:00.125+13:00. */
function isoMillis(time: Date, timeZone: string): string {
  const iso = isoWithOffset(time.getTime(), timeZone);
  const millis = String(((time.getTime() % 1000) + 1000) % 1000).padStart(3, '0');
  return `${iso.slice(0, 19)}.${millis}${iso.slice(19)}`;
}

const personOf = (id: number | null, name: string | null) =>
  id === null ? null : (name ?? `User ${id}`);
const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** A row's cells, in the order of HEADERS. */
function cellsOf(row: AuditExportRow, timeZone: string): Cell[] {
  return [
    isoMillis(row.time, timeZone),
    personOf(row.actorId, row.actorName),
    personOf(row.actingAsId, row.actingAsName),
    row.address,
    row.operation,
    row.kind,
    row.targetId,
    row.text,
    json(row.before),
    json(row.after),
    row.seq,
    row.hash,
  ];
}

/** The columns whose text people typed or a caller sent: never read by a spreadsheet as a formula. */
const TYPED_TEXT = new Set([1, 2, 3, 4, 5, 7]);

/**
 * A field a spreadsheet would run as a formula (=, +, -, @, a tab or CR first) is kept as text by
 * a leading apostrophe (OWASP's advice for csv): a person named "=HYPERLINK(…)" stays a name.
 */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvLine(cells: readonly Cell[]): string {
  return `${cells
    .map((cell, i) => csvField(typeof cell === 'string' && TYPED_TEXT.has(i) ? inert(cell) : cell))
    .join(',')}\r\n`;
}

/** Every matching row, oldest first, a batch at a time; yields between batches. */
async function* batches(db: Database, query: AuditExportQuery, pace: Pace) {
  const breathe = slicer(pace);
  let cursor: AuditExportCursor | null = null;
  for (;;) {
    const rows = await auditExportBatch(db, query, cursor, BATCH_ROWS);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH_ROWS) return;
    const last = rows[rows.length - 1] as AuditExportRow;
    cursor = { timeKey: last.timeKey, seq: last.seq };
    await breathe();
  }
}

/** The filters as the file's first sheet tells them: "actor 12, kind section". */
function filterWords(filter: AuditExportFilter): string {
  const words = [
    filter.actor === undefined ? null : `person ${filter.actor}`,
    filter.kind === undefined ? null : `object kind ${filter.kind}`,
    filter.target === undefined ? null : `object id ${filter.target}`,
    filter.operation === undefined ? null : `operation ${filter.operation}`,
  ].filter((word): word is string => word !== null);
  return words.length === 0 ? 'none (every row)' : words.join(', ');
}

/** An xlsx cell's text: at most what Excel holds. */
const xlsxCell = (cell: Cell): Cell =>
  typeof cell === 'string' && cell.length > XLSX_CELL_MAX
    ? `${cell.slice(0, XLSX_CELL_MAX - 40)}… (cut: ${cell.length} characters)`
    : cell;

type Made = { rows: number };
type Writer = (
  rows: AsyncIterable<AuditExportRow[]>,
  onRows: (done: number) => Promise<void>,
) => Promise<Made>;

function csvWriter(sink: FileSink, timeZone: string): Writer {
  return async (rows, onRows) => {
    await sink.write(
      `${CSV_BOM}${HEADERS.map((header, i) => csvField(i === 0 ? `${header} (ISO 8601, ${timeZone})` : header)).join(',')}\r\n`,
    );
    let done = 0;
    for await (const batch of rows) {
      let text = '';
      for (const row of batch) text += csvLine(cellsOf(row, timeZone));
      await sink.write(text);
      done += batch.length;
      await onRows(done);
    }
    return { rows: done };
  };
}

function xlsxWriter(
  sink: FileSink,
  heading: { site: string; timeZone: string; from: Date; to: Date; filter: AuditExportFilter },
): Writer {
  return async (rows, onRows) => {
    const { default: ExcelJS } = await import('exceljs');
    // The zip goes to the sink as it is made: each piece awaits the sink before the next.
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        sink.write(chunk).then(() => done(), done);
      },
    });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    book.creator = 'Paddock';
    book.created = new Date(0);
    const about = book.addWorksheet('Report');
    for (const line of [
      ['Report', 'Audit log'],
      ['Site', heading.site],
      ['Time zone', heading.timeZone],
      ['From', isoMillis(heading.from, heading.timeZone)],
      ['To (before)', isoMillis(heading.to, heading.timeZone)],
      ['Filters', filterWords(heading.filter)],
      ['Order', 'Oldest first'],
    ]) {
      about.addRow(line).commit();
    }
    about.getColumn(1).width = 16;
    about.getColumn(2).width = 60;
    await about.commit();

    let sheetNumber = 0;
    let sheet: ReturnType<typeof book.addWorksheet> | null = null;
    let inSheet = 0;
    const newSheet = async () => {
      if (sheet) await sheet.commit();
      sheetNumber += 1;
      inSheet = 0;
      sheet = book.addWorksheet(sheetNumber === 1 ? 'Audit log' : `Audit log ${sheetNumber}`, {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = HEADERS.map((header, i) => ({
        header: i === 0 ? `${header} (${heading.timeZone})` : header,
        width: [30, 20, 20, 16, 32, 14, 10, 50, 40, 40, 8, 66][i],
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      return sheet;
    };
    let current = await newSheet();
    let done = 0;
    for await (const batch of rows) {
      for (const row of batch) {
        if (inSheet >= XLSX_SHEET_ROWS) current = await newSheet();
        current.addRow(cellsOf(row, heading.timeZone).map(xlsxCell)).commit();
        inSheet += 1;
      }
      done += batch.length;
      await onRows(done);
    }
    await current.commit();
    await book.commit();
    return { rows: done };
  };
}

/** Makes the audit export of `ask` into `sink`; answers the file's name. */
export async function writeAuditExport(
  db: Database,
  ask: ExportAsk,
  sink: FileSink,
  onProgress: (percent: number) => Promise<void>,
  pace: Pace = noPace,
): Promise<{ name: string }> {
  if (ask.format !== 'csv' && ask.format !== 'xlsx')
    throw new Error('An audit export is csv or xlsx');
  const filter = ask.audit ?? {};
  const query: AuditExportQuery = {
    siteId: ask.siteId,
    from: ask.from,
    to: ask.to,
    actorId: filter.actor,
    kind: filter.kind,
    targetId: filter.target,
    operation: filter.operation,
  };
  const site = await readReportSite(db, ask.siteId, null);
  const total = await auditExportCount(db, query);
  await onProgress(5);
  const write =
    ask.format === 'xlsx'
      ? xlsxWriter(sink, { site: site.label, timeZone: site.timeZone, ...ask, filter })
      : csvWriter(sink, site.timeZone);
  let told = 5;
  await write(batches(db, query, pace), async (done) => {
    const percent = Math.min(95, Math.round(5 + (90 * done) / Math.max(total, 1)));
    if (percent > told) {
      told = percent;
      await onProgress(percent);
    }
  });
  return { name: fileName(ask, site.label) };
}
