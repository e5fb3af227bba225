/**
 * What frost protection reads from the database (issue 15): an area's fans and canopy sensors,
 * their readings over a range, the site's frost rules. Shared by the frost routes and the export
 * worker; the rules of what a run is and what is flagged live in the domain (frost/).
 */
import {
  FAN_ENGINE_FAULT_METRIC,
  FAN_METRICS,
  defaultFrostRules,
  frostNightStart,
  frostSummary,
  isFrostFan,
  siteTimeZone,
  type FanNow,
  type FanReadings,
  type FrostRules,
  type FrostSummary,
  type SensorTopic,
  type SiteConfig,
  type SiteTags,
  type TimedValue,
} from '@paddock/domain';
import type { Queryable } from '../db/database.ts';
import {
  findFrostAreaRow,
  findFrostRulesRow,
  findSiteTags,
  frostSensorRows,
  sensorReadingRows,
} from './frost.repository.ts';

/** The fan controller's metrics the records read (docs/api.md "Frost"). */
export const FROST_RECORD_METRICS = [
  FAN_METRICS.rpm,
  FAN_METRICS.fuelLevel,
  FAN_METRICS.total,
  FAN_METRICS.trip,
  FAN_METRICS.battery,
  FAN_METRICS.windSpeed,
  FAN_METRICS.towerTemperature,
  FAN_METRICS.canopyTemperature,
  FAN_METRICS.trigger,
  FAN_ENGINE_FAULT_METRIC,
] as const;
export const CANOPY_METRIC = 'temperature';

export type FrostDevice = {
  id: number;
  label: string;
  radioId: number | null;
  topics: SensorTopic[];
  overdue: boolean;
};

export type FrostArea = {
  areaId: number;
  areaLabel: string;
  siteId: number;
  siteLabel: string;
  timeZone: string;
  rules: FrostRules;
  rulesAreDefault: boolean;
  fans: FrostDevice[];
  canopies: FrostDevice[];
};

/** The site's own rules, or its region's default. */
function rulesOf(
  row: { rules: FrostRules } | undefined,
  tags: SiteTags,
): { rules: FrostRules; isDefault: boolean } {
  return row
    ? { rules: row.rules, isDefault: false }
    : { rules: defaultFrostRules(tags.region), isDefault: true };
}

export async function readSiteFrostRules(db: Queryable, siteId: number) {
  const site = await findSiteTags(db, siteId);
  if (!site) return null;
  const row = await findFrostRulesRow(db, siteId);
  return rulesOf(row, site.tags);
}

/** The area's fans and canopy temperature sensors; null when the area is gone. */
export async function readFrostArea(db: Queryable, areaId: number): Promise<FrostArea | null> {
  const area = await findFrostAreaRow(db, areaId);
  if (!area) return null;
  const rows = await frostSensorRows(db, areaId);
  const devices = rows.map((row) => ({
    id: row.id,
    label: row.label,
    radioId: row.radioId,
    topics: row.topics,
    overdue: row.overdue ?? false,
  }));
  const { rules, isDefault } = rulesOf(area.rules ? { rules: area.rules } : undefined, area.tags);
  return {
    areaId: area.id,
    areaLabel: area.label,
    siteId: area.siteId,
    siteLabel: area.siteLabel,
    timeZone: siteTimeZone(area.config as SiteConfig, area.tags.country),
    rules,
    rulesAreDefault: isDefault,
    fans: devices.filter((_, i) => isFrostFan(rows[i] as (typeof rows)[number])),
    canopies: devices.filter((_, i) => {
      const row = rows[i] as (typeof rows)[number];
      return row.type === 'temperature' && !isFrostFan(row);
    }),
  };
}

const topicValue = (device: Pick<FrostDevice, 'topics'>, metric: string) =>
  device.topics.find((topic) => topic.metric === metric) ?? null;

/** Readings of sensors' metrics in [from, to), by sensor id then metric, each sorted by time. */
export async function readSensorReadings(
  db: Queryable,
  sensorIds: readonly number[],
  metrics: readonly string[],
  from: Date,
  to: Date,
  /** Readings of an earlier stretch, which this one's are added after. */
  out = new Map<number, Map<string, TimedValue[]>>(),
): Promise<Map<number, Map<string, TimedValue[]>>> {
  if (sensorIds.length === 0) return out;
  const rows = await sensorReadingRows(db, sensorIds, metrics, from, to);
  for (const row of rows) {
    let byMetric = out.get(row.thingId);
    if (!byMetric) out.set(row.thingId, (byMetric = new Map()));
    let list = byMetric.get(row.metric);
    if (!list) byMetric.set(row.metric, (list = []));
    list.push({ t: new Date(row.time).getTime(), v: row.value });
  }
  return out;
}

/** The canopy sensor that measures a fan's block: the temperature sensor on the fan's radio. */
export function canopyOfFan(area: FrostArea, fan: FrostDevice): FrostDevice | null {
  if (fan.radioId === null) return null;
  return area.canopies.find((canopy) => canopy.radioId === fan.radioId) ?? null;
}

/**
 * Fans' readings are read three days at a time (readFanReadings): some 2,600 readings a fan, a
 * statement of tens of milliseconds on the embedded database.
 */
const READ_STRETCH_MS = 3 * 86_400_000;

/**
 * Each fan's readings over [from, to), its canopy temperature from its own probe or else from the
 * block's canopy sensor on the same radio. Callers reach `to` past a report's end to find the stop
 * of a run still going at the end (frost-report.ts RUN_FOLLOW_MS).
 */
export async function readFanReadings(
  db: Queryable,
  area: FrostArea,
  from: Date,
  to: Date,
): Promise<FanReadings[]> {
  const canopyIds = area.fans.flatMap((fan) => canopyOfFan(area, fan)?.id ?? []);
  const sensorIds = [...area.fans.map((fan) => fan.id), ...canopyIds];
  const metrics = [...FROST_RECORD_METRICS, CANOPY_METRIC];
  const data = new Map<number, Map<string, TimedValue[]>>();
  // A stretch at a time, oldest first: each is a statement of its own, so on the embedded
  // database a person's request waits for one stretch at most (db/lanes.ts), not a season.
  for (let start = from.getTime(); start < to.getTime(); start += READ_STRETCH_MS) {
    await readSensorReadings(
      db,
      sensorIds,
      metrics,
      new Date(start),
      new Date(Math.min(start + READ_STRETCH_MS, to.getTime())),
      data,
    );
  }
  return fanReadingsOf(area, data);
}

/** Each fan's readings out of the readings of its own and its blocks' sensors (readSensorReadings). */
export function fanReadingsOf(
  area: FrostArea,
  data: Map<number, Map<string, TimedValue[]>>,
): FanReadings[] {
  return area.fans.map((fan) => {
    const own = data.get(fan.id) ?? new Map<string, TimedValue[]>();
    const of = (metric: string) => own.get(metric) ?? [];
    const canopy = canopyOfFan(area, fan);
    const ownCanopy = of(FAN_METRICS.canopyTemperature);
    return {
      fan: fan.id,
      label: fan.label,
      rpm: of(FAN_METRICS.rpm),
      canopy:
        ownCanopy.length > 0 || !canopy
          ? ownCanopy
          : (data.get(canopy.id)?.get(CANOPY_METRIC) ?? []),
      tower: of(FAN_METRICS.towerTemperature),
      wind: of(FAN_METRICS.windSpeed),
      fuel: of(FAN_METRICS.fuelLevel),
      engineHours: of(FAN_METRICS.total),
      trigger: of(FAN_METRICS.trigger),
    };
  });
}

/** A fan's latest values that say whether it is in fault (fanFaults), from its topics. */
export function fanHealth(fan: Pick<FrostDevice, 'id' | 'label' | 'topics' | 'overdue'>): FanNow {
  const value = (metric: string) => topicValue(fan, metric)?.lastValue ?? null;
  return {
    sensor: fan.id,
    label: fan.label,
    rpm: value(FAN_METRICS.rpm),
    fuel: value(FAN_METRICS.fuelLevel),
    fuelAt: topicValue(fan, FAN_METRICS.fuelLevel)?.timestamp ?? null,
    battery: value(FAN_METRICS.battery),
    trip: value(FAN_METRICS.trip),
    overdue: fan.overdue,
    engineFault: value(FAN_ENGINE_FAULT_METRIC) === 1,
  };
}

/** The area's frost summary now. */
export async function readFrostSummary(
  db: Queryable,
  area: FrostArea,
  now: Date,
): Promise<FrostSummary> {
  const nightStart = frostNightStart(now, area.timeZone);
  const tonight = await readSensorReadings(
    db,
    area.canopies.map((canopy) => canopy.id),
    [CANOPY_METRIC],
    nightStart,
    new Date(now.getTime() + 1),
  );
  const fans: FanNow[] = area.fans.map((fan) => {
    const value = (metric: string) => topicValue(fan, metric)?.lastValue ?? null;
    // The canopy as frostRuns reads it: the controller's own probe, else its block's sensor.
    const ownCanopy = topicValue(fan, FAN_METRICS.canopyTemperature);
    const blockCanopy = canopyOfFan(area, fan);
    const canopy =
      ownCanopy?.lastValue != null
        ? ownCanopy
        : blockCanopy
          ? topicValue(blockCanopy, CANOPY_METRIC)
          : null;
    return {
      ...fanHealth(fan),
      tower: value(FAN_METRICS.towerTemperature),
      towerAt: topicValue(fan, FAN_METRICS.towerTemperature)?.timestamp ?? null,
      canopy: canopy?.lastValue ?? null,
      canopyAt: canopy?.timestamp ?? null,
    };
  });
  return frostSummary({
    area: area.areaId,
    fans,
    canopies: area.canopies.map((canopy) => {
      const topic = topicValue(canopy, CANOPY_METRIC);
      return {
        sensor: canopy.id,
        label: canopy.label,
        value: topic?.lastValue ?? null,
        at: topic?.timestamp ?? null,
        tonight: tonight.get(canopy.id)?.get(CANOPY_METRIC) ?? [],
      };
    }),
    nightStart,
    now,
  });
}
