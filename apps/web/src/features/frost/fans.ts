/**
 * The frost area as its page shows it (issue 15): each fan (the engine controller's sensor, by the
 * domain's isFrostFan) with its state, its §9 metrics and their levels, its block's canopy
 * temperature (the temperature sensor on the same canopy radio) and the inversion (tower minus
 * canopy); and the area's other temperature sensors. Pure: the lists come in as arguments.
 */
import {
  CANOPY_TEMPERATURE_C,
  ENGINE_TRIP_HOURS,
  FAN_ENGINE_FAULT_METRIC,
  FAN_METRIC_LABELS,
  FAN_METRICS,
  FROST_FAN_BATTERY_EMPTY_V,
  FROST_FAN_BATTERY_THRESHOLD_V,
  FROST_FAN_WIND_SPEED_KPH,
  FUEL_FAULT_PERCENT,
  FUEL_WARNING_PERCENT,
  fanFaults,
  inversionOf,
  isFrostFan,
  parsePointText,
  type FanFault,
  type FanMetric,
  type FanState,
  type InversionClass,
  type LatLng,
  type Radio,
  type Sensor,
} from '@paddock/domain';

/** How a metric's value stands against its §9 threshold. */
export type MetricLevel = 'normal' | 'warning' | 'fault';

interface FanMetricRow {
  readonly key: FanMetric;
  /** The topic's metric name (fan.{key}). */
  readonly metric: string;
  /** §9's label (FAN_METRIC_LABELS), a translation key. */
  readonly label: string;
  /** The unit the chart's axis takes. */
  readonly unit: string;
  readonly value: number | null;
  readonly level: MetricLevel;
  /** The §9 limit named beside the value (e.g. 'empty 10.7'), a translation key and values. */
  readonly limit: { readonly key: string; readonly values: Record<string, number> } | null;
}

/** Why a fan is in fault: the summary's reasons, and an engine fault its controller reports. */
type FanFaultReason = FanFault | 'engine';

export interface FanRow {
  readonly id: number;
  readonly label: string;
  readonly sensor: Sensor;
  readonly radioId: number | null;
  readonly position: LatLng | null;
  readonly state: FanState;
  readonly faults: readonly FanFaultReason[];
  readonly rpm: number | null;
  readonly fuel: number | null;
  readonly lastUpdate: string | null;
  /** The canopy temperature sensor of the fan's block, and its latest value (°C). */
  readonly canopy: {
    readonly sensorId: number;
    readonly label: string;
    readonly value: number | null;
  } | null;
  /** °C at the top of the tower. */
  readonly tower: number | null;
  /** Tower minus canopy (°C): how much warmer air the fan has to mix down. */
  readonly inversion: number | null;
  /** Its class (the domain's classifyInversion): whether running the fan pays. */
  readonly inversionClass: InversionClass | null;
  readonly metrics: readonly FanMetricRow[];
}

/** The metric units (§9 labels carry them in brackets; the axis wants them alone). */
const UNITS: Record<FanMetric, string> = {
  battery: 'V',
  rpm: 'RPM',
  windSpeed: 'kph',
  fuelLevel: '%',
  trip: 'hrs',
  total: 'hrs',
  oilPressure: 'kpa',
  coolantTemperature: '°C',
  torque: '%',
  canopyOffset: '°C',
  towerOffset: '°C',
  backupOffset: '°C',
};

function topicValue(sensor: Sensor, metric: string): number | null {
  return sensor.topics.find((topic) => topic.metric === metric)?.lastValue ?? null;
}

function lastUpdate(sensor: Sensor): string | null {
  let latest: string | null = null;
  for (const topic of sensor.topics) {
    if (topic.timestamp && (latest === null || topic.timestamp > latest)) latest = topic.timestamp;
  }
  return latest;
}

/** A metric's level against §9: battery 12 V (empty 10.7), fuel 49/12 %, trip 24 h, wind 100. */
export function metricLevel(key: FanMetric, value: number | null): MetricLevel {
  if (value === null) return 'normal';
  switch (key) {
    case 'battery':
      if (value <= FROST_FAN_BATTERY_EMPTY_V) return 'fault';
      return value < FROST_FAN_BATTERY_THRESHOLD_V ? 'warning' : 'normal';
    case 'fuelLevel':
      if (value <= FUEL_FAULT_PERCENT) return 'fault';
      return value <= FUEL_WARNING_PERCENT ? 'warning' : 'normal';
    case 'trip':
      return value >= ENGINE_TRIP_HOURS ? 'fault' : 'normal';
    case 'windSpeed':
      return value > FROST_FAN_WIND_SPEED_KPH ? 'fault' : 'normal';
    default:
      return 'normal';
  }
}

function metricLimit(key: FanMetric): FanMetricRow['limit'] {
  switch (key) {
    case 'battery':
      return {
        key: 'Frost.Limit.Battery',
        values: { threshold: FROST_FAN_BATTERY_THRESHOLD_V, empty: FROST_FAN_BATTERY_EMPTY_V },
      };
    case 'fuelLevel':
      return {
        key: 'Frost.Limit.Fuel',
        values: { warning: FUEL_WARNING_PERCENT, fault: FUEL_FAULT_PERCENT },
      };
    case 'trip':
      return { key: 'Frost.Limit.Trip', values: { hours: ENGINE_TRIP_HOURS } };
    case 'windSpeed':
      return { key: 'Frost.Limit.Wind', values: { limit: FROST_FAN_WIND_SPEED_KPH } };
    default:
      return null;
  }
}

function fanMetrics(sensor: Sensor): FanMetricRow[] {
  return (Object.keys(FAN_METRIC_LABELS) as FanMetric[]).map((key) => {
    const metric = FAN_METRICS[key];
    const value = topicValue(sensor, metric);
    return {
      key,
      metric,
      label: FAN_METRIC_LABELS[key],
      unit: UNITS[key],
      value,
      level: metricLevel(key, value),
      limit: metricLimit(key),
    };
  });
}

/** The canopy temperature sensor of a fan: a temperature sensor on the same radio. */
function canopyOf(fan: Sensor, sensors: readonly Sensor[]): Sensor | undefined {
  if (fan.radio === null) return undefined;
  return sensors.find(
    (sensor) =>
      sensor.id !== fan.id &&
      sensor.radio === fan.radio &&
      sensor.type === 'temperature' &&
      !isFrostFan(sensor),
  );
}

export function fanRows(sensors: readonly Sensor[], radios: readonly Radio[]): FanRow[] {
  const overdueRadios = new Set(radios.filter((radio) => radio.overdue).map((radio) => radio.id));
  return sensors
    .filter(isFrostFan)
    .map((sensor): FanRow => {
      const rpm = topicValue(sensor, FAN_METRICS.rpm);
      const fuel = topicValue(sensor, FAN_METRICS.fuelLevel);
      const reasons: FanFaultReason[] = fanFaults({
        sensor: sensor.id,
        label: sensor.label,
        rpm,
        fuel,
        fuelAt: null,
        battery: topicValue(sensor, FAN_METRICS.battery),
        trip: topicValue(sensor, FAN_METRICS.trip),
        overdue: sensor.radio !== null && overdueRadios.has(sensor.radio),
      });
      if ((topicValue(sensor, FAN_ENGINE_FAULT_METRIC) ?? 0) > 0) reasons.push('engine');
      const state: FanState =
        reasons.length > 0 ? 'fault' : rpm === null ? 'unknown' : rpm > 0 ? 'running' : 'stopped';
      const canopySensor = canopyOf(sensor, sensors);
      const canopyValue = canopySensor ? topicValue(canopySensor, 'temperature') : null;
      const tower = topicValue(sensor, FAN_METRICS.towerTemperature);
      const inversion = inversionOf(tower, canopyValue);
      return {
        id: sensor.id,
        label: sensor.label,
        sensor,
        radioId: sensor.radio,
        position: sensor.location ? parsePointText(sensor.location) : null,
        state,
        faults: reasons,
        rpm,
        fuel,
        lastUpdate: lastUpdate(sensor),
        canopy: canopySensor
          ? { sensorId: canopySensor.id, label: canopySensor.label, value: canopyValue }
          : null,
        tower,
        inversion: inversion?.value ?? null,
        inversionClass: inversion?.class ?? null,
        metrics: fanMetrics(sensor),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
}

/** The area's temperature sensors that are no fan (canopy probes), with their latest value. */
export function temperatureRows(sensors: readonly Sensor[]) {
  return sensors
    .filter((sensor) => sensor.type === 'temperature' && !isFrostFan(sensor))
    .map((sensor) => ({
      id: sensor.id,
      label: sensor.label,
      radioId: sensor.radio,
      position: sensor.location ? parsePointText(sensor.location) : null,
      value: topicValue(sensor, 'temperature'),
      belowZero: (topicValue(sensor, 'temperature') ?? Infinity) < CANOPY_TEMPERATURE_C,
      lastUpdate: lastUpdate(sensor),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
}

export type TemperatureRow = ReturnType<typeof temperatureRows>[number];
