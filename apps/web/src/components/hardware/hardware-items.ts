/**
 * The hardware of an area as the hardware views show it (§3 Radio and Unit, §4 radio state and
 * hardware filters, §9 signal scale and colours): one row per radio or unit, its sort (column and
 * direction, default last report ascending, §3), its filter (all, warning, fault, §4/§9), the
 * counts, and the status the Telemetry tab shows (§1), so the tab and the page count alike.
 * Pure functions: `now` and the lists come in as arguments.
 */
import {
  COLOURS,
  filterHardware,
  hardwareCounts,
  isDangerColour,
  isHardwareFault,
  isHardwareWarning,
  isOneOf,
  lastUpdateDisplay,
  parsePointText,
  radioState,
  signalScale,
  type HardwareFilter,
  type HardwareHealthCounts,
  type HardwareSortPreference,
  type LastUpdateDisplay,
  type LatLng,
  type Radio,
  type RadioState,
  type RadioType,
  type Section,
  type Unit,
} from '@paddock/domain';

/** What a row is: a radio or a unit (§3). */
type HardwareKind = 'radio' | 'unit';

/** A selected piece of hardware (from the URL: `?radio={id}`, `?unit={id}`, detail segments). */
export interface HardwareSelection {
  readonly kind: HardwareKind;
  readonly id: number;
}

/** One row of the hardware list, map and detail. */
export interface HardwareItem {
  readonly kind: HardwareKind;
  readonly id: number;
  /** WVC, WMR or LoRa for a radio; 'unit' for a unit. */
  readonly type: RadioType | 'unit';
  readonly serialno: string;
  /** The zone (section) label of a radio; null when it serves none (and for units). */
  readonly zone: string | null;
  readonly sectionId: number | null;
  /** Battery voltage, V. */
  readonly batteryValue: number | null;
  /** Signal strength, dBm. */
  readonly signalValue: number | null;
  readonly missesValue: number | null;
  /** Units report no link state: null. */
  readonly online: boolean | null;
  readonly lastUpdate: string | null;
  readonly overdue: boolean;
  readonly fault: boolean;
  /** §4 radio state; a unit is 'fault' when overdue, else 'normal'. */
  readonly state: RadioState;
  readonly repeater: boolean;
  readonly coordinator: boolean;
  /** Radios relayed by this one (§3 config.children). */
  readonly children: readonly number[];
  /** The radio a unit talks through, the unit a radio belongs to. */
  readonly radioId: number | null;
  readonly unitId: number | null;
  readonly position: LatLng | null;
  /** Seconds between reports (overdue past 1.5 of them); null when not told. */
  readonly reportIntervalSeconds: number | null;
  /** A LoRaWAN radio's devEUI, 16 upper-case hex digits; null when it has none (and for units). */
  readonly devEui: string | null;
  /** The entity the row was made from. */
  readonly source: Radio | Unit;
}

function radioItem(radio: Radio, sections?: ReadonlyMap<number, Section>): HardwareItem {
  const section = radio.section === null ? undefined : sections?.get(radio.section);
  return {
    kind: 'radio',
    id: radio.id,
    type: radio.type,
    serialno: radio.serialno,
    zone: section?.label ?? null,
    sectionId: radio.section,
    batteryValue: radio.batteryValue,
    signalValue: radio.signalValue,
    missesValue: radio.missesValue,
    online: radio.online,
    lastUpdate: radio.lastUpdate,
    overdue: radio.overdue,
    fault: radio.fault,
    state: radioState(radio),
    repeater: radio.config.repeater,
    coordinator: radio.config.coordinator,
    children: radio.config.children,
    radioId: null,
    unitId: radio.unit,
    position: radio.location ? parsePointText(radio.location) : null,
    reportIntervalSeconds: radio.reportIntervalSeconds ?? null,
    devEui: radio.devEui ?? null,
    source: radio,
  };
}

function unitItem(unit: Unit): HardwareItem {
  return {
    kind: 'unit',
    id: unit.id,
    type: 'unit',
    serialno: unit.serialno,
    zone: null,
    sectionId: null,
    batteryValue: null,
    signalValue: null,
    missesValue: null,
    online: null,
    lastUpdate: unit.lastUpdate,
    overdue: unit.overdue,
    fault: false,
    state: unit.overdue ? 'fault' : 'normal',
    repeater: false,
    coordinator: false,
    children: [],
    radioId: unit.radio,
    unitId: null,
    position: unit.location ? parsePointText(unit.location) : null,
    reportIntervalSeconds: unit.reportIntervalSeconds ?? null,
    devEui: null,
    source: unit,
  };
}

/** The area's radios and its units (a site's unit belongs to the areas it lists), as rows. */
export function hardwareItems(input: {
  readonly radios: readonly Radio[];
  readonly units: readonly Unit[];
  readonly areaId: number;
  readonly sections?: readonly Section[];
}): HardwareItem[] {
  const sections = new Map((input.sections ?? []).map((section) => [section.id, section]));
  return [
    ...input.radios.map((radio) => radioItem(radio, sections)),
    ...input.units.filter((unit) => unit.areas.includes(input.areaId)).map(unitItem),
  ];
}

export function sameHardware(a: HardwareSelection | null, b: HardwareSelection | null): boolean {
  return a !== null && b !== null && a.kind === b.kind && a.id === b.id;
}

export function findHardware(
  items: readonly HardwareItem[],
  selection: HardwareSelection | null,
): HardwareItem | null {
  if (!selection) return null;
  return items.find((item) => sameHardware(item, selection)) ?? null;
}

// Sorting (§3 hardwareSort: a column and its direction; default last report, ascending)

/** The list's sortable columns, in display order. */
export const HARDWARE_COLUMNS = [
  'state',
  'type',
  'serialno',
  'zone',
  'battery',
  'signal',
  'misses',
  'online',
  'updated',
] as const;
export type HardwareColumn = (typeof HARDWARE_COLUMNS)[number];

function isHardwareColumn(column: string): column is HardwareColumn {
  return isOneOf(HARDWARE_COLUMNS, column);
}

/** §4 states from the most to the least urgent, for sorting by state. */
const STATE_ORDER: Record<RadioState, number> = {
  fault: 0,
  'repeater-fault': 1,
  warning: 2,
  'repeater-warning': 3,
  repeater: 4,
  normal: 5,
};

type SortValue = number | string | null;

function sortValue(item: HardwareItem, column: HardwareColumn): SortValue {
  switch (column) {
    case 'state':
      // Overdue first among faults: it is the one that needs a visit.
      return STATE_ORDER[item.state] * 2 + (item.overdue ? 0 : 1);
    case 'type':
      return item.type;
    case 'serialno':
      return item.serialno;
    case 'zone':
      return item.zone;
    case 'battery':
      return item.batteryValue;
    case 'signal':
      return item.signalValue;
    case 'misses':
      return item.missesValue;
    case 'online':
      return item.online === null ? null : item.online ? 1 : 0;
    case 'updated': {
      if (item.lastUpdate === null) return null;
      const at = Date.parse(item.lastUpdate);
      return Number.isNaN(at) ? null : at;
    }
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the preference's order. A missing value (never reported, no battery reading) sorts
 * first ascending and last descending — Decision: for 'updated' ascending that puts hardware that
 * never reported at the top, with the longest silent, where a maintenance crew looks first. Ties
 * keep serial number order. An unknown stored column sorts by last report.
 */
export function sortHardware(
  items: readonly HardwareItem[],
  sort: HardwareSortPreference,
): HardwareItem[] {
  const column: HardwareColumn = isHardwareColumn(sort.column) ? sort.column : 'updated';
  const direction = sort.ascending ? 1 : -1;
  const keyed = items.map((item) => ({ item, value: sortValue(item, column) }));
  keyed.sort((a, b) => {
    let order: number;
    if (a.value === null || b.value === null) {
      order = a.value === b.value ? 0 : a.value === null ? -1 : 1;
    } else {
      order = compareValues(a.value, b.value);
    }
    return order * direction || collator.compare(a.item.serialno, b.item.serialno);
  });
  return keyed.map(({ item }) => item);
}

/** The next sort when a column header is clicked: the same column flips, another starts ascending. */
export function nextSort(
  current: HardwareSortPreference,
  column: HardwareColumn,
): HardwareSortPreference {
  return current.column === column
    ? { column, ascending: !current.ascending }
    : { column, ascending: true };
}

// Filter and counts (§4, §9)

/** The rows the filter keeps (§4 warning and fault filters; §9 codes all 0, warning -1, fault -2). */
export function filterHardwareItems(
  items: readonly HardwareItem[],
  filter: HardwareFilter,
): HardwareItem[] {
  return filterHardware(items, filter);
}

export interface HardwareTally extends HardwareHealthCounts {
  readonly all: number;
  /** How many rows the fault filter shows: faulted or overdue (§4 "Fault filter"). */
  readonly faultFilter: number;
  /** How many rows the warning filter shows (overdue excluded, §4). */
  readonly warningFilter: number;
}

/** The counts shown beside the filter: §4 counts (overdue apart) and each filter's size. */
export function hardwareTally(items: readonly HardwareHealthLike[]): HardwareTally {
  const counts = hardwareCounts(items);
  let faultFilter = 0;
  let warningFilter = 0;
  for (const item of items) {
    if (isHardwareFault(item)) faultFilter += 1;
    if (isHardwareWarning(item)) warningFilter += 1;
  }
  return { ...counts, all: items.length, faultFilter, warningFilter };
}

type HardwareHealthLike = Parameters<typeof hardwareCounts>[0][number];

// The Telemetry tab (§1): time since last update and a count of faults

export interface HardwareStatus {
  /** Age of the newest report of the area's radios and units (§9 display rule). */
  readonly lastUpdate: LastUpdateDisplay;
  /**
   * The tab's count of faults: the hardware the page's Fault filter lists (faulted or overdue,
   * §4). Decision: §4 keeps overdue out of the page's fault and warning counts, which it shows
   * beside them as overdue; the tab has room for one number, and a radio that went silent is the
   * fault a crew most needs to see there, so the tab counts what the Fault filter shows.
   */
  readonly faults: number;
}

/** The newest report among the hardware, or null when none has reported. */
export function latestReport(hardware: readonly { lastUpdate: string | null }[]): string | null {
  let latest: { text: string; at: number } | null = null;
  for (const { lastUpdate } of hardware) {
    if (lastUpdate === null) continue;
    const at = new Date(lastUpdate).getTime();
    if (!Number.isNaN(at) && (latest === null || at > latest.at)) latest = { text: lastUpdate, at };
  }
  return latest?.text ?? null;
}

/** What the Telemetry tab shows; the page's header shows the same (one function for both). */
export function hardwareStatus(
  hardware: readonly (HardwareHealthLike & { lastUpdate: string | null })[],
  now: Date,
): HardwareStatus {
  return {
    lastUpdate: lastUpdateDisplay(latestReport(hardware), now),
    faults: hardware.filter(isHardwareFault).length,
  };
}

// Display (§9)

/** §9 colours of the §4 radio states: faults danger, warnings warning, repeaters info. */
export function stateColour(state: RadioState): string | null {
  switch (state) {
    case 'fault':
    case 'repeater-fault':
      return COLOURS.fault;
    case 'warning':
    case 'repeater-warning':
      return COLOURS.warning;
    case 'repeater':
      return COLOURS.info;
    case 'normal':
      return null;
  }
}

/** §4 "danger colour when overdue; a radio also when faulted". */
export function isDanger(item: HardwareItem): boolean {
  return isDangerColour(item, item.kind);
}

/** Signal strength (dBm) this low shows no bar, this high every bar. */
const SIGNAL_BARS_FLOOR_DBM = -120;
const SIGNAL_BARS_FULL_DBM = -60;

/**
 * Bars lit of the §9 signal scale (5 for a repeater, else 4; 7 in large mode). Decision: linear
 * from -120 dBm (none) to -60 dBm (all), rounded, so the -99 dBm warning threshold lights one
 * bar of four; at least one bar lights for any reported signal above the floor.
 */
export function signalBars(
  signalValue: number | null,
  options: { readonly repeater?: boolean; readonly large?: boolean } = {},
): { readonly lit: number; readonly of: number } {
  const of = signalScale(options);
  if (signalValue === null || !Number.isFinite(signalValue)) return { lit: 0, of };
  const share =
    (signalValue - SIGNAL_BARS_FLOOR_DBM) / (SIGNAL_BARS_FULL_DBM - SIGNAL_BARS_FLOOR_DBM);
  if (share <= 0) return { lit: 0, of };
  return { lit: Math.min(of, Math.max(1, Math.round(share * of))), of };
}
