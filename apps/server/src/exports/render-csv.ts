/**
 * A report as csv: RFC 4180 by the domain's writer (telemetry/csv.ts), UTF-8 with a byte order
 * mark, times ISO 8601 with the site's offset. A report whose tables are all its content (the
 * water report's meters and tanks) has them one after another, each with its own header row and
 * a blank line between, so a spreadsheet opens every table readably with its own columns; other
 * reports' csv is their first table (the runs of a compliance report, the zones by day of an
 * irrigation report), the xlsx and pdf carrying the rest.
 */
import {
  columnTitle,
  CSV_BOM,
  isoInTimeZone,
  toCsv,
  type CsvField,
  type ReportDocument,
  type ReportTable,
} from '@paddock/domain';

function tableCsv(table: ReportTable, timeZone: string): string {
  const rows = table.rows.map((row) =>
    row.map((cell): CsvField => (cell instanceof Date ? isoInTimeZone(cell, timeZone) : cell)),
  );
  // toCsv writes the whole file; each table's part is its text after the BOM.
  return toCsv(table.columns.map(columnTitle), rows).slice(CSV_BOM.length);
}

export function renderCsv(document: ReportDocument): Buffer {
  const tables = document.csvAllTables ? document.tables : document.tables.slice(0, 1);
  if (tables.length === 0) return Buffer.from(toCsv([], []), 'utf8');
  const parts = tables.map((table) => tableCsv(table, document.timeZone));
  return Buffer.from(`${CSV_BOM}${parts.join('\r\n')}`, 'utf8');
}
