/**
 * A report as an xlsx workbook (exceljs): a sheet per table, typed cells (numbers as numbers,
 * times as dates in the site's wall clock, the zone in the header), units in the headers, the
 * header row frozen, and a first sheet with the report's title, site, range and rules.
 */
import {
  columnTitle,
  wallClockDate,
  type ReportColumn,
  type ReportDocument,
} from '@paddock/domain';
import ExcelJS from 'exceljs';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

function numberFormat(column: ReportColumn): string | undefined {
  if (column.kind === 'time') return DATE_FORMAT;
  if (column.kind !== 'number' || column.digits === undefined) return undefined;
  return column.digits === 0 ? '0' : `0.${'0'.repeat(column.digits)}`;
}

export async function renderXlsx(document: ReportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Paddock';
  workbook.created = new Date(0);
  const about = workbook.addWorksheet('Report');
  about.addRows([
    ['Report', document.title],
    ['Site', document.site],
    ['Area', document.area],
    [`From (${document.timeZone})`, wallClockDate(document.from, document.timeZone)],
    [`To (${document.timeZone})`, wallClockDate(document.to, document.timeZone)],
    ...document.notes.map((note) => ['', note]),
  ]);
  about.getColumn(1).width = 24;
  about.getColumn(2).width = 90;
  about.getCell('B4').numFmt = DATE_FORMAT;
  about.getCell('B5').numFmt = DATE_FORMAT;

  for (const table of document.tables) {
    const sheet = workbook.addWorksheet(table.name, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = table.columns.map((column) => ({
      header:
        column.kind === 'time'
          ? `${columnTitle(column)} (${document.timeZone})`
          : columnTitle(column),
      width: Math.max(12, columnTitle(column).length + 2, column.kind === 'time' ? 20 : 0),
      style: { numFmt: numberFormat(column) },
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of table.rows) {
      sheet.addRow(
        row.map((cell) => (cell instanceof Date ? wallClockDate(cell, document.timeZone) : cell)),
      );
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
