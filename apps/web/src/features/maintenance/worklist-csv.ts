/**
 * The maintenance worklist as a csv file: RFC 4180 (comma-separated, CRLF line ends, a field
 * quoted when it holds a comma, a quote or a line break, quotes doubled), UTF-8 with a byte-order
 * mark so spreadsheet programs read accents right. One row per device, with its area.
 */
import type { MaintenanceItem, MaintenanceWorklist } from '@paddock/domain';

/** U+FEFF, written first: Excel takes a csv without it for the local code page. */
export const UTF8_BOM = '\uFEFF';

/** One field as RFC 4180 writes it. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows into RFC 4180 text with a byte-order mark, each line ended by CRLF. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return UTF8_BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** The file's words (headings, reasons, kinds) in the user's language. */
export type CsvWords = {
  heading: (column: WorklistColumn) => string;
  reason: (reason: MaintenanceItem['reasons'][number]) => string;
  noArea: string;
  kind: (kind: MaintenanceItem['kind']) => string;
};

export const WORKLIST_COLUMNS = [
  'area',
  'kind',
  'serialno',
  'type',
  'zone',
  'reasons',
  'urgency',
  'battery',
  'batteryWarningAt',
  'batteryEmptyAt',
  'batteryConfidence',
  'batterySlope',
  'signal',
  'signalWeakAt',
  'misses',
  'overdue',
  'lastUpdate',
  'reportInterval',
] as const;
export type WorklistColumn = (typeof WORKLIST_COLUMNS)[number];

/** The worklist as csv text: times as ISO 8601 in UTC, numbers as the server gave them. */
export function worklistCsv(list: MaintenanceWorklist, words: CsvWords): string {
  const rows: (string | number | boolean | null)[][] = [WORKLIST_COLUMNS.map(words.heading)];
  for (const group of list.areas) {
    for (const item of group.items) {
      const battery = item.battery;
      rows.push([
        group.area?.label ?? words.noArea,
        words.kind(item.kind),
        item.serialno,
        item.type,
        item.section?.label ?? null,
        item.reasons.map(words.reason).join('; '),
        item.urgency,
        item.batteryValue,
        battery?.crossings[0]?.at ?? null,
        battery?.crossings[1]?.at ?? null,
        battery?.confidence ?? null,
        battery?.state === 'falling' || battery?.state === 'rising' ? battery.slopePerDay : null,
        item.signalValue,
        item.signal?.crossings[0]?.at ?? null,
        item.missesValue,
        item.overdue,
        item.lastUpdate,
        item.reportIntervalSeconds,
      ]);
    }
  }
  return toCsv(rows);
}
