/**
 * The maintenance worklist as a csv file, written by the domain's RFC 4180 writer (UTF-8 with a
 * byte-order mark, CRLF line ends). One row per device, with its area.
 */
import {
  toCsv,
  type CsvField,
  type MaintenanceItem,
  type MaintenanceWorklist,
} from '@paddock/domain';

/** The file's words (headings, reasons, kinds) in the user's language. */
export type CsvWords = {
  heading: (column: WorklistColumn) => string;
  reason: (reason: MaintenanceItem['reasons'][number]) => string;
  noArea: string;
  kind: (kind: MaintenanceItem['kind']) => string;
};

const WORKLIST_COLUMNS = [
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
type WorklistColumn = (typeof WORKLIST_COLUMNS)[number];

/** The worklist as csv text: times as ISO 8601 in UTC, numbers as the server gave them. */
export function worklistCsv(list: MaintenanceWorklist, words: CsvWords): string {
  const rows: CsvField[][] = [];
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
        String(item.overdue),
        item.lastUpdate,
        item.reportIntervalSeconds,
      ]);
    }
  }
  return toCsv(WORKLIST_COLUMNS.map(words.heading), rows);
}
