/**
 * Device profiles (issue 32 item 2): how a LoRaWAN device's decoded fields become readings. A
 * network server's codec gives each maker's own field names and units (Dragino's `water_SOIL` in
 * %, `conduct_SOIL` in µS/cm); the product's readings have its own metric names and units. A
 * profile is data, field → metric, unit and scale, so a site admin's own device is one more
 * profile, not code. The built-in four are common farm devices, each from its maker's published
 * payload format and example payloads (cited per profile).
 */
import { z } from 'zod';
import { METER_TOTAL_METRIC } from '../addons/flow-supervision.ts';
import { WEATHER_LAYER_MARKER_TYPES } from '../constants/weather.ts';
import { metricNameSchema } from '../field/messages.ts';
import { decodePayload, type PayloadDecoderName } from './payload-decoders.ts';
import type { Uplink } from './uplink.ts';

export const fieldMappingSchema = z.object({
  /** The decoded field, a dotted path for a nested one (`air.temperature`). */
  field: z.string().min(1).max(100),
  metric: metricNameSchema,
  /** The unit of the reading, after scaling. */
  unit: z.string().min(1).max(20),
  /** reading = field × scale + offset. */
  scale: z
    .number()
    .refine((scale) => Number.isFinite(scale) && scale !== 0, 'A scale is a non-zero number'),
  offset: z.number().refine(Number.isFinite).default(0),
});
export type FieldMapping = z.input<typeof fieldMappingSchema>;

export type DeviceProfileKind = 'soilProbe' | 'temperatureHumidity' | 'pulseMeter' | 'tankLevel';

export interface DeviceProfile {
  id: string;
  name: string;
  kind: DeviceProfileKind;
  /** The fPorts that carry measurements; the device's other frames (its settings) give none. */
  fPorts: readonly number[];
  mappings: readonly FieldMapping[];
  /** The raw-payload decoder for when the network server does not decode, if there is one. */
  decoder: PayloadDecoderName | null;
  /** Where the payload format and its example payloads are published. */
  source: string;
}

/** One reading made from an uplink's fields. */
export interface MappedReading {
  metric: string;
  value: number;
  unit: string;
}

/**
 * The radio's battery in volts, as native radios report it (the battery series, §3 radio). A
 * device that reports a percentage instead, as Milesight's do and ChirpStack's status event does,
 * gives BATTERY_LEVEL_METRIC: a percentage cannot be turned into volts without the cell's curve.
 */
const BATTERY_METRIC = 'battery';
const BATTERY_LEVEL_METRIC = 'battery.level';

/**
 * The distance an ultrasonic tank sensor measures down to the water (m). The tank's level (%) needs
 * the tank's own depths, which only the site admin knows: tankLevelMapping.
 */
const TANK_DISTANCE_METRIC = 'tank.distance';
const TANK_LEVEL_METRIC = 'tank.level';

export const BUILT_IN_DEVICE_PROFILES: readonly DeviceProfile[] = [
  {
    id: 'dragino-lse01',
    name: 'Dragino LSE01 soil moisture, temperature and EC probe',
    kind: 'soilProbe',
    fPorts: [2],
    // The optional DS18B20 probe's TempC_DS18B20 is left out: without it, it reports 0 °C.
    mappings: [
      { field: 'water_SOIL', metric: WEATHER_LAYER_MARKER_TYPES.soilMoisture, unit: '%', scale: 1 },
      {
        field: 'temp_SOIL',
        metric: WEATHER_LAYER_MARKER_TYPES.soilTemperature,
        unit: '°C',
        scale: 1,
      },
      // µS/cm to dS/m (= mS/cm), the unit growers read salinity in.
      { field: 'conduct_SOIL', metric: 'soil.ec', unit: 'dS/m', scale: 0.001 },
      { field: 'Bat', metric: BATTERY_METRIC, unit: 'V', scale: 1 },
    ],
    decoder: 'dragino-lse01',
    source: 'TheThingsNetwork/lorawan-devices vendor/dragino/lse01.js, lse01-codec.yaml',
  },
  {
    id: 'milesight-em300-th',
    name: 'Milesight EM300-TH temperature and humidity sensor',
    kind: 'temperatureHumidity',
    // Milesight's sensors report on fPort 85; their other frames (device information) too, but
    // carry none of the mapped channels.
    fPorts: [85],
    mappings: [
      {
        field: 'temperature',
        metric: WEATHER_LAYER_MARKER_TYPES.temperature,
        unit: '°C',
        scale: 1,
      },
      { field: 'humidity', metric: WEATHER_LAYER_MARKER_TYPES.humidity, unit: '%', scale: 1 },
      { field: 'battery', metric: BATTERY_LEVEL_METRIC, unit: '%', scale: 1 },
    ],
    decoder: 'milesight',
    source:
      'TheThingsNetwork/lorawan-devices vendor/milesight-iot/em300-th.js, em300-th-codec.yaml',
  },
  {
    id: 'milesight-em300-di',
    name: 'Milesight EM300-DI pulse counter on a water meter',
    kind: 'pulseMeter',
    fPorts: [85],
    mappings: [
      // The meter's cumulative volume, m³, at 1 L a pulse: set the scale to the meter's own
      // litres per pulse ÷ 1000 (10 L a pulse: 0.01). The server takes the flow from its rise.
      { field: 'pulse', metric: METER_TOTAL_METRIC, unit: 'm³', scale: 0.001 },
      { field: 'battery', metric: BATTERY_LEVEL_METRIC, unit: '%', scale: 1 },
    ],
    decoder: 'milesight',
    source:
      'TheThingsNetwork/lorawan-devices vendor/milesight-iot/em300-di.js, em300-di-codec.yaml',
  },
  {
    id: 'milesight-em500-udl',
    name: 'Milesight EM500-UDL ultrasonic tank level sensor',
    kind: 'tankLevel',
    fPorts: [85],
    mappings: [
      { field: 'distance', metric: TANK_DISTANCE_METRIC, unit: 'm', scale: 0.001 },
      { field: 'battery', metric: BATTERY_LEVEL_METRIC, unit: '%', scale: 1 },
    ],
    decoder: 'milesight',
    // The maker's own decoder and README give mm; one version of the TTN repository's codec
    // divides by 1000 (m) while its example says 30 for 30 mm: the maker's is followed.
    source: 'Milesight-IoT/SensorDecoders EM_Series/EM500_Series/EM500-UDL (README, decoders)',
  },
];

/**
 * The tank level (%) from an ultrasonic sensor's distance (mm), for a tank where the sensor reads
 * `emptyDistanceMm` down to the water at empty and `fullDistanceMm` at full: a straight line, as
 * the tank's level is over its straight sides.
 */
export function tankLevelMapping(tank: { emptyDistanceMm: number; fullDistanceMm: number }) {
  const span = tank.emptyDistanceMm - tank.fullDistanceMm;
  return fieldMappingSchema.parse({
    field: 'distance',
    metric: TANK_LEVEL_METRIC,
    unit: '%',
    scale: -100 / span,
    offset: (100 * tank.emptyDistanceMm) / span,
  });
}

function fieldAt(fields: Record<string, unknown>, path: string): unknown {
  let value: unknown = fields;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A field's number: codecs give numbers, or numbers as text (Dragino's toFixed); nothing else. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * The readings of a set of decoded fields. A field that is missing, or not a number (a codec's
 * "No Sensor" where the distance would be), gives no reading rather than a false one.
 */
export function readingsFromFields(
  fields: Record<string, unknown>,
  mappings: readonly FieldMapping[],
): MappedReading[] {
  return mappings.flatMap((mapping) => {
    const raw = numberOf(fieldAt(fields, mapping.field));
    if (raw === null) return [];
    const value = raw * mapping.scale + (mapping.offset ?? 0);
    // Twelve significant digits: 28200 × 0.001 is 28.2, not 28.200000000000003.
    return [{ metric: mapping.metric, value: Number(value.toPrecision(12)), unit: mapping.unit }];
  });
}

/**
 * The readings of an uplink by its device's profile: from the network server's decoded fields,
 * else from the payload by the profile's decoder. An fPort the profile does not measure on gives
 * none.
 */
export function readingsOfUplink(
  uplink: Pick<Uplink, 'fPort' | 'payload' | 'decoded'>,
  profile: DeviceProfile,
): MappedReading[] {
  if (!profile.fPorts.includes(uplink.fPort)) return [];
  const fields =
    uplink.decoded ??
    (profile.decoder === null
      ? null
      : decodePayload(profile.decoder, uplink.payload, uplink.fPort));
  return fields === null ? [] : readingsFromFields(fields, profile.mappings);
}
