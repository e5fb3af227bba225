/**
 * A report's main table as csv: RFC 4180 by the domain's writer (telemetry/csv.ts), UTF-8 with a
 * byte order mark, times ISO 8601 with the site's offset. A csv holds one table, so the report's
 * first table (the runs of a compliance report, the fans of a fueling report) is the file; the
 * xlsx and pdf carry every table.
 */
import {
  columnTitle,
  isoInTimeZone,
  toCsv,
  type CsvField,
  type ReportDocument,
} from '@paddock/domain';

export function renderCsv(document: ReportDocument): Buffer {
  const table = document.tables[0];
  if (!table) return Buffer.from(toCsv([], []), 'utf8');
  const rows = table.rows.map((row) =>
    row.map((cell): CsvField =>
      cell instanceof Date ? isoInTimeZone(cell, document.timeZone) : cell,
    ),
  );
  return Buffer.from(toCsv(table.columns.map(columnTitle), rows), 'utf8');
}
