/**
 * CSV as RFC 4180 writes it (§3 "chart export csv, advanced csv"): fields separated by commas,
 * records by CRLF, a field quoted when it holds a comma, a quote, CR or LF, a quote inside one
 * doubled. The file starts with a UTF-8 byte order mark so spreadsheet programs read umlauts and
 * units such as µS/cm right. parseCsv reads such a file back (tests, imports).
 */

/** U+FEFF, written first so Excel takes the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

export type CsvField = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null and undefined are empty; numbers as JavaScript writes them (a dot decimal). */
export function csvField(value: CsvField): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, header, records, each record ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvField[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * The records of an RFC 4180 text (a leading BOM skipped), every field a string. Throws on a
 * quote that is not closed.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < input.length) {
    const char = input[i];
    if (char === '"' && field === '') {
      // A quoted field: up to the closing quote, "" standing for one quote.
      i++;
      for (;;) {
        if (i >= input.length) throw new SyntaxError('CSV: a quoted field is not closed');
        if (input[i] === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += input[i];
        i++;
      }
    } else if (char === ',') {
      endField();
      i++;
    } else if (char === '\r' && input[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (char === '\n') {
      endRecord();
      i++;
    } else {
      field += char;
      i++;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
