import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_DEVICE_PROFILES,
  type DeviceProfile,
  fieldMappingSchema,
  readingsFromFields,
  readingsOfUplink,
  tankLevelMapping,
} from './device-profiles.ts';
import { decodePayload } from './payload-decoders.ts';
import { chirpStackUplinkSchema, uplinkFromChirpStack } from './uplink.ts';

function profile(id: string): DeviceProfile {
  const found = BUILT_IN_DEVICE_PROFILES.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no built-in profile ${id}`);
  return found;
}

const hex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
/** The payload as a network server sends it undecoded: base64 in a ChirpStack uplink. */
const base64 = (data: string) =>
  uplinkFromChirpStack(
    chirpStackUplinkSchema.parse({ deviceInfo: { devEui: '24E124136B502217' }, fPort: 85, data }),
    new Date(0),
  ).payload;

/**
 * Each built-in device against its maker's example payload: the decoded object the maker's codec
 * gives (as a network server with the codec forwards it), and the same bytes undecoded, both to
 * the same readings.
 */
const EXAMPLES = [
  {
    id: 'dragino-lse01',
    fPort: 2,
    // lse01-codec.yaml "Moisture & EC Sensor": CE 29 00 F1 07 A5 09 9B 6E 28 90.
    bytes: hex('CE2900F107A5099B6E2890'),
    decoded: {
      Bat: 3.625,
      TempC_DS18B20: '24.1',
      conduct_SOIL: 28200,
      temp_SOIL: '24.59',
      water_SOIL: '19.57',
    },
    readings: [
      { metric: 'soil.moisture', value: 19.57, unit: '%' },
      { metric: 'soil.temperature', value: 24.59, unit: '°C' },
      { metric: 'soil.ec', value: 28.2, unit: 'dS/m' },
      { metric: 'battery', value: 3.625, unit: 'V' },
    ],
  },
  {
    id: 'milesight-em300-th',
    fPort: 85,
    // em300-th-codec.yaml: 01 75 32 03 67 C8 00 04 68 3C (given there on fPort 1, which its codec
    // ignores; the device itself reports on 85, as Milesight's sensors do).
    bytes: base64('AXUyA2fIAARoPA=='),
    decoded: { battery: 50, temperature: 20.0, humidity: 30.0 },
    readings: [
      { metric: 'temperature', value: 20, unit: '°C' },
      { metric: 'humidity.relative.current', value: 30, unit: '%' },
      { metric: 'battery.level', value: 50, unit: '%' },
    ],
  },
  {
    id: 'milesight-em300-di',
    fPort: 85,
    // em300-di-codec.yaml "LoRaWAN® Pulse Counter": 01 75 5C 05 C8 00 01 00 00.
    bytes: hex('01755C05C800010000'),
    decoded: { battery: 92, pulse: 256 },
    readings: [
      { metric: 'water.total', value: 0.256, unit: 'm³' },
      { metric: 'battery.level', value: 92, unit: '%' },
    ],
  },
  {
    id: 'milesight-em500-udl',
    fPort: 85,
    // The maker's README example: 01 75 64 03 82 1E 00.
    bytes: base64('AXVkA4IeAA=='),
    decoded: { battery: 100, distance: 30 },
    readings: [
      { metric: 'tank.distance', value: 0.03, unit: 'm' },
      { metric: 'battery.level', value: 100, unit: '%' },
    ],
  },
];

describe('built-in device profiles', () => {
  it('cover the four kinds of farm device, each mapping valid', () => {
    expect(BUILT_IN_DEVICE_PROFILES.map(({ kind }) => kind).sort()).toEqual([
      'pulseMeter',
      'soilProbe',
      'tankLevel',
      'temperatureHumidity',
    ]);
    for (const { mappings } of BUILT_IN_DEVICE_PROFILES)
      for (const mapping of mappings)
        expect(fieldMappingSchema.safeParse(mapping).success).toBe(true);
  });

  it.each(EXAMPLES)('$id: the maker’s decoded example becomes its readings', (example) => {
    const uplink = { fPort: example.fPort, payload: example.bytes, decoded: example.decoded };
    expect(readingsOfUplink(uplink, profile(example.id))).toEqual(example.readings);
  });

  it.each(EXAMPLES)('$id: the same example undecoded becomes the same readings', (example) => {
    const uplink = { fPort: example.fPort, payload: example.bytes, decoded: null };
    expect(readingsOfUplink(uplink, profile(example.id))).toEqual(example.readings);
  });

  it.each(EXAMPLES)('$id: the raw decoder gives the maker codec’s fields', (example) => {
    const { decoder } = profile(example.id);
    const fields = decodePayload(decoder ?? 'milesight', example.bytes, example.fPort);
    const asNumbers = Object.fromEntries(
      Object.entries(example.decoded).map(([field, value]) => [field, Number(value)]),
    );
    expect(fields).toEqual(asNumbers);
  });

  it('a frame on another fPort gives no readings (lse01-codec.yaml "Unknown FPort")', () => {
    const uplink = { fPort: 42, payload: hex('CE2900F107A5099B6E2890'), decoded: null };
    expect(readingsOfUplink(uplink, profile('dragino-lse01'))).toEqual([]);
  });
});

describe('the LSE01 raw decoder', () => {
  it('reads a soil below freezing as two’s complement', () => {
    // Soil at −5.25 °C: FD F3; the DS18B20 probe at −1.0 °C: FF F6.
    const fields = decodePayload('dragino-lse01', hex('0CE4FFF60640FDF3012C00'), 2);
    expect(fields).toEqual({
      Bat: 3.3,
      TempC_DS18B20: -1,
      water_SOIL: 16,
      temp_SOIL: -5.25,
      conduct_SOIL: 300,
    });
  });

  it('reads nothing from a payload cut short', () => {
    expect(decodePayload('dragino-lse01', hex('CE2900F107A5099B'), 2)).toBeNull();
  });
});

describe('the Milesight raw decoder', () => {
  it('reads a negative temperature and stops at a channel it does not know', () => {
    // −3.5 °C is FF DD; channel FF 0B (a device's power-on frame) is not a measurement.
    expect(decodePayload('milesight', hex('0367DDFF0468A0FF0BFF0175FF'), 85)).toEqual({
      temperature: -3.5,
      humidity: 80,
    });
  });

  it('reads no value cut short, and nothing from an unknown frame', () => {
    expect(decodePayload('milesight', hex('01755C05C80001'), 85)).toEqual({ battery: 92 });
    expect(decodePayload('milesight', hex('FF0BFF'), 85)).toBeNull();
  });
});

describe('readingsFromFields', () => {
  it('gives no reading for a field that is missing or not a number', () => {
    // Dragino LDDS75's example (ldds75-codec.yaml) with its probe unplugged: "No Sensor".
    const mappings = [{ field: 'distance', metric: 'tank.distance', unit: 'm', scale: 0.001 }];
    expect(readingsFromFields({ distance: 'No Sensor' }, mappings)).toEqual([]);
    expect(readingsFromFields({}, mappings)).toEqual([]);
    expect(readingsFromFields({ distance: null }, mappings)).toEqual([]);
    expect(readingsFromFields({ distance: ' 1250 ' }, mappings)).toEqual([
      { metric: 'tank.distance', value: 1.25, unit: 'm' },
    ]);
  });

  it('reads a nested field by its dotted path (The Things Stack’s normalised payload)', () => {
    const mappings = [{ field: 'air.temperature', metric: 'temperature', unit: '°C', scale: 1 }];
    expect(readingsFromFields({ air: { temperature: -1.5 } }, mappings)).toEqual([
      { metric: 'temperature', value: -1.5, unit: '°C' },
    ]);
    expect(readingsFromFields({ air: 4 }, mappings)).toEqual([]);
  });
});

describe('tankLevelMapping', () => {
  // A tank 2 m deep whose sensor sits 30 cm above the full mark.
  const mapping = tankLevelMapping({ emptyDistanceMm: 2300, fullDistanceMm: 300 });

  it.each([
    [300, 100],
    [1300, 50],
    [1800, 25],
    [2300, 0],
  ])('%i mm down to the water is %i %%', (distance, level) => {
    expect(readingsFromFields({ distance }, [mapping])).toEqual([
      { metric: 'tank.level', value: level, unit: '%' },
    ]);
  });

  it('reads the EM500-UDL example through a site admin’s tank', () => {
    const tank = { ...profile('milesight-em500-udl'), mappings: [mapping] };
    const uplink = { fPort: 85, payload: hex('01756403821E00'), decoded: null };
    // 30 mm is above the full mark: the reading says so (over 100 %) rather than hiding it.
    expect(readingsOfUplink(uplink, tank)).toEqual([
      { metric: 'tank.level', value: 113.5, unit: '%' },
    ]);
  });
});
