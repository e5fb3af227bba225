/**
 * The fleet view's rule (issue 33 item 4): what on a site needs a person now, how severe it is,
 * and the order the list shows it in. The server gathers the rows of the caller's sites and asks
 * these functions; the console only shows the answer.
 *
 * Needs a person:
 * - alarm: an alarm on, raised and not acknowledged (an acknowledged one has someone on it), at
 *   its rule's severity;
 * - overdueRadio, faultedRadio, lowBattery: a radio the maintenance worklist would list as
 *   overdue, faulted or below §9's 3.3 V, once, by its most urgent of the three (an overdue
 *   radio's fault and battery are stale news, worklist.ts);
 * - failedProgram: a program whose last request (a start, resume, pause or test) failed;
 * - fanFault: a frost fan in fault (frost/summary.ts fanFaults).
 *
 * Order: most severe first; within a severity, raised alarms before what devices report, then
 * the oldest first. Critical is an alarm's word alone: a person chose it for that alarm, and
 * what devices report is at most a warning (a fan that should be running and is not has its
 * own critical alarm, fanShouldRun). An alarm ranks before a device of its severity since it is
 * the team's own "tell someone now", often about that very device (Any radio overdue).
 */
import { z } from 'zod';
import { BATTERY_EMPTY_V } from '../constants/thresholds.ts';
import type { AlarmStatus } from '../entities/alarm-notification.ts';
import {
  alarmSeveritySchema,
  type AlarmSeverity,
  type RequestStatus,
} from '../entities/vocabulary.ts';
import { FAN_ENGINE_FAULT_METRIC, FAN_METRICS } from '../frost/fans.ts';
import { fanFaults, type FanNow } from '../frost/summary.ts';
import type { FanFault } from '../frost/schemas.ts';
import { maintenanceReasons } from '../maintenance/worklist.ts';
import { alarmsPath, frostPath, irrigationPath, telemetryPath } from '../routing/paths.ts';

export const attentionKindSchema = z.enum([
  'alarm',
  'overdueRadio',
  'faultedRadio',
  'lowBattery',
  'failedProgram',
  'fanFault',
]);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

/** An item's severity: the alarm's words, so an alarm and a radio rank on one scale. */
export const attentionSeveritySchema = alarmSeveritySchema;
export type AttentionSeverity = AlarmSeverity;

/** Most severe first. */
export const ATTENTION_SEVERITIES: readonly AttentionSeverity[] = ['critical', 'warning', 'info'];

/**
 * What each kind weighs (alarms carry their rule's): a fan down, a silent or faulted radio or a
 * failed program is a block, a reading or a zone gone; a low battery still reports, for weeks.
 */
const KIND_SEVERITY: Record<Exclude<AttentionKind, 'alarm'>, AttentionSeverity> = {
  fanFault: 'warning',
  overdueRadio: 'warning',
  faultedRadio: 'warning',
  failedProgram: 'warning',
  lowBattery: 'info',
};

export type Attention = { kind: AttentionKind; severity: AttentionSeverity };

/**
 * A raised alarm needs a person until someone acknowledges it (or it clears); one switched off
 * (§3 active) is one the team chose not to hear from.
 */
export function alarmAttention(alarm: {
  active: boolean;
  status: AlarmStatus;
  severity: AlarmSeverity;
}): Attention | null {
  return alarm.active && alarm.status === 'raised'
    ? { kind: 'alarm', severity: alarm.severity }
    : null;
}

/** What the rule reads of a radio. */
export type RadioHealth = { overdue: boolean; fault: boolean; batteryValue: number | null };

/**
 * A radio's most urgent need by the worklist's reasons, or null. An empty battery (at or below
 * 3.0 V) is about to be a silent radio, so it weighs as one.
 */
export function radioAttention(radio: RadioHealth, now: Date): Attention | null {
  // Named, not spread: the server asks this of thousands of radios per call (its rows carry more).
  const { overdue, fault, batteryValue } = radio;
  const reasons = maintenanceReasons(
    {
      overdue,
      fault,
      batteryValue,
      signalValue: null,
      missesValue: null,
      battery: null,
      signal: null,
      airtime: null,
    },
    now,
    0,
  );
  if (reasons.includes('overdue'))
    return { kind: 'overdueRadio', severity: KIND_SEVERITY.overdueRadio };
  if (reasons.includes('fault'))
    return { kind: 'faultedRadio', severity: KIND_SEVERITY.faultedRadio };
  if (!reasons.includes('lowBattery')) return null;
  const empty = radio.batteryValue !== null && radio.batteryValue <= BATTERY_EMPTY_V;
  return { kind: 'lowBattery', severity: empty ? 'warning' : KIND_SEVERITY.lowBattery };
}

/** A program whose last request failed waits for a person to start it again. */
export function programAttention(lastRequest: RequestStatus | null): Attention | null {
  return lastRequest === 'failed'
    ? { kind: 'failedProgram', severity: KIND_SEVERITY.failedProgram }
    : null;
}

/** A frost fan in fault, with why; null when it has none. */
export function fanAttention(fan: FanNow): (Attention & { reasons: FanFault[] }) | null {
  const reasons = fanFaults(fan);
  return reasons.length === 0
    ? null
    : { kind: 'fanFault', severity: KIND_SEVERITY.fanFault, reasons };
}

/** The metric each of a fan's faults is read from; overdue is its radio's silence. */
const FAN_FAULT_METRIC: Record<Exclude<FanFault, 'overdue'>, string> = {
  engine: FAN_ENGINE_FAULT_METRIC,
  fuel: FAN_METRICS.fuelLevel,
  battery: FAN_METRICS.battery,
  trip: FAN_METRICS.trip,
};

/**
 * Since when a fan is known in fault: the earliest report of its faults' metrics (an overdue
 * radio from when it was last heard of); null when none has a time.
 */
export function fanFaultSince(
  reasons: readonly FanFault[],
  topics: readonly { metric: string; timestamp: string | null }[],
  radioLastUpdate: string | null,
): string | null {
  const times = reasons.map((reason) =>
    reason === 'overdue'
      ? radioLastUpdate
      : (topics.find((topic) => topic.metric === FAN_FAULT_METRIC[reason])?.timestamp ?? null),
  );
  const known = times.filter((at): at is string => at !== null);
  if (known.length === 0) return null;
  return known.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

/** What the order reads of an item. */
export type AttentionOrderInput = {
  kind: AttentionKind;
  severity: AttentionSeverity;
  /** ISO time the condition is known from. */
  since: string;
  site: { label: string };
  target: { label: string };
};

/**
 * The list's order: most severe first, raised alarms before devices of their severity, then the
 * oldest (waiting longest), then site and thing.
 */
export function compareAttention(a: AttentionOrderInput, b: AttentionOrderInput): number {
  return compareTimed(a, Date.parse(a.since), b, Date.parse(b.since));
}

/** compareAttention with each item's time read once: the server sorts thousands of items a call. */
export function sortAttention<Item extends AttentionOrderInput>(items: readonly Item[]): Item[] {
  return sortAttentionBy(items, (item) => Date.parse(item.since));
}

/**
 * The list's order for items that hold their time as milliseconds (`timeOf`), not yet as ISO
 * text: the server writes the time only of the rows it sends.
 */
export function sortAttentionBy<Item extends Omit<AttentionOrderInput, 'since'>>(
  items: readonly Item[],
  timeOf: (item: Item) => number,
): Item[] {
  return items
    .map((item) => ({ item, time: timeOf(item) }))
    .sort((a, b) => compareTimed(a.item, a.time, b.item, b.time))
    .map(({ item }) => item);
}

function compareTimed(
  a: Omit<AttentionOrderInput, 'since'>,
  aTime: number,
  b: Omit<AttentionOrderInput, 'since'>,
  bTime: number,
): number {
  const rank = ATTENTION_SEVERITIES.indexOf(a.severity) - ATTENTION_SEVERITIES.indexOf(b.severity);
  if (rank !== 0) return rank;
  const alarmFirst = Number(b.kind === 'alarm') - Number(a.kind === 'alarm');
  if (alarmFirst !== 0) return alarmFirst;
  if (aTime !== bTime) return aTime - bTime;
  return a.site.label.localeCompare(b.site.label) || a.target.label.localeCompare(b.target.label);
}

/** Each site's count of items and its most severe item's severity, sites by label. */
export function attentionBySite<Site extends { id: number; label: string }>(
  items: readonly { site: Site; severity: AttentionSeverity }[],
): { site: Site; count: number; severity: AttentionSeverity }[] {
  const bySite = new Map<number, { site: Site; count: number; severity: AttentionSeverity }>();
  for (const item of items) {
    const entry = bySite.get(item.site.id);
    if (!entry) {
      bySite.set(item.site.id, { site: item.site, count: 1, severity: item.severity });
      continue;
    }
    entry.count += 1;
    if (
      ATTENTION_SEVERITIES.indexOf(item.severity) < ATTENTION_SEVERITIES.indexOf(entry.severity)
    ) {
      entry.severity = item.severity;
    }
  }
  return [...bySite.values()].sort(
    (a, b) => a.site.label.localeCompare(b.site.label) || a.site.id - b.site.id,
  );
}

/** The thing an item is about, as its route names it. */
export type AttentionTarget = { kind: 'alarm' | 'radio' | 'program' | 'sensor'; id: number };

/**
 * The console page a row opens: the alarm on its area's alarm list, the radio on telemetry, the
 * program's area on irrigation, the fan selected on its frost area.
 */
export function attentionRoute(siteId: number, areaId: number, target: AttentionTarget): string {
  switch (target.kind) {
    case 'alarm':
      return alarmsPath({ siteId, areaId, alarmId: target.id });
    case 'radio':
      return telemetryPath({ siteId, areaId, select: { type: 'radio', id: target.id } });
    case 'program':
      return irrigationPath({ siteId, areaId });
    case 'sensor':
      return frostPath({ siteId, areaId, detail: 'fan', detailId: target.id });
  }
}

/** The fleet table's sortable columns (issue 33 item 4: by severity and age, and by site and what). */
export const ATTENTION_SORT_COLUMNS = ['severity', 'age', 'site', 'what'] as const;
export type AttentionSortColumn = (typeof ATTENTION_SORT_COLUMNS)[number];

/**
 * The order of a column, ascending as the table first shows it: severity most severe first,
 * age oldest first, site by label, what by kind (in the kinds' order) then thing. Ties fall back
 * to the list's own order (compareAttention).
 */
export function attentionColumnOrder(
  column: AttentionSortColumn,
): (a: AttentionOrderInput, b: AttentionOrderInput) => number {
  const kinds = attentionKindSchema.options;
  const first = {
    severity: () => 0,
    age: (a: AttentionOrderInput, b: AttentionOrderInput) =>
      Date.parse(a.since) - Date.parse(b.since),
    site: (a: AttentionOrderInput, b: AttentionOrderInput) =>
      a.site.label.localeCompare(b.site.label),
    what: (a: AttentionOrderInput, b: AttentionOrderInput) =>
      kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.target.label.localeCompare(b.target.label),
  }[column];
  return (a, b) => first(a, b) || compareAttention(a, b);
}
