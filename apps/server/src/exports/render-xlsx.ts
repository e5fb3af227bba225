/**
 * A report as an xlsx workbook (exceljs): a sheet per table (or per thing, for a table split by
 * its thing column), typed cells (numbers as numbers,
 * times as dates in the site's wall clock, the zone in the header), units in the headers, the
 * header row frozen, and a first sheet with the report's title, site, range and rules.
 */
import {
  columnTitle,
  wallClockDate,
  type ReportCell,
  type ReportColumn,
  type ReportDocument,
  type ReportTable,
} from '@paddock/domain';
import ExcelJS from 'exceljs';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DAY_FORMAT = 'yyyy-mm-dd';

function numberFormat(column: ReportColumn): string | undefined {
  if (column.kind === 'time') return DATE_FORMAT;
  if (column.kind === 'date') return DAY_FORMAT;
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

  const names = new Set(['Report']);
  /** A sheet name Excel takes: at most 31 characters, none of : \\ / ? * [ ], unique. */
  const sheetName = (wanted: string) => {
    const base = wanted.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; names.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} ${n}`;
    names.add(name.toLowerCase());
    return name;
  };
  const cellOf = (cell: ReportCell, column: ReportColumn | undefined) => {
    if (cell instanceof Date) return wallClockDate(cell, document.timeZone);
    // A local day is a date cell at its midnight.
    if (column?.kind === 'date' && typeof cell === 'string') return new Date(`${cell}T00:00:00Z`);
    return cell;
  };
  const addSheet = (name: string, table: ReportTable, rows: readonly (readonly ReportCell[])[]) => {
    const sheet = workbook.addWorksheet(sheetName(name), {
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
    for (const row of rows) {
      sheet.addRow(row.map((cell, i) => cellOf(cell, table.columns[i])));
    }
  };

  for (const table of document.tables) {
    const by = table.sheetBy;
    if (by === undefined || table.rows.length === 0) {
      addSheet(table.name, table, table.rows);
      continue;
    }
    // A sheet per thing: its rows, in the table's order.
    const groups = new Map<string, (readonly ReportCell[])[]>();
    for (const row of table.rows) {
      const key = String(row[by] ?? '');
      const group = groups.get(key) ?? [];
      group.push(row);
      groups.set(key, group);
    }
    for (const [key, rows] of groups) addSheet(key, table, rows);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
