/**
 * Raw-payload decoders (issue 32 item 2) for a network server that does not decode: ChirpStack
 * without a codec in the device profile, or The Things Stack with the device's formatter off.
 * Each gives the same fields, under the same names, as the maker's own codec, so one device
 * profile's mapping reads both. Byte layouts are the makers' published ones; the codecs are
 * written here from them, not copied.
 */

/** The decoders a built-in device profile may name. */
export type PayloadDecoderName = 'dragino-lse01' | 'milesight';

type DecodedFields = Record<string, number>;

function int16(high: number, low: number): number {
  const value = (high << 8) | low;
  return value >= 0x8000 ? value - 0x1_0000 : value;
}

/** Round away the binary noise of a division: 2459 / 100 is 24.59, as the codec's toFixed(2) shows. */
function fixed(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/**
 * Dragino LSE01 soil moisture, temperature and EC probe, fPort 2 (Dragino's LSE01 user manual,
 * "Uplink Payload"; its codec TheThingsNetwork/lorawan-devices vendor/dragino/lse01.js): battery mV
 * in the low 14 bits of bytes 0–1, the optional DS18B20 probe's °C × 10 (signed) in 2–3, soil
 * moisture % × 100 in 4–5, soil °C × 100 (signed) in 6–7, conductivity µS/cm in 8–9. A negative
 * soil temperature is read as two's complement: the maker's codec subtracts 0xFFFF, not 0x10000,
 * and so reads 0.01 °C high below zero.
 */
function decodeLse01(bytes: Uint8Array, fPort: number): DecodedFields | null {
  if (fPort !== 2 || bytes.length < 10) return null;
  const at = (index: number) => bytes[index] ?? 0;
  return {
    Bat: (((at(0) << 8) | at(1)) & 0x3fff) / 1000,
    TempC_DS18B20: fixed(int16(at(2), at(3)) / 10, 1),
    water_SOIL: fixed(((at(4) << 8) | at(5)) / 100, 2),
    temp_SOIL: fixed(int16(at(6), at(7)) / 100, 2),
    conduct_SOIL: (at(8) << 8) | at(9),
  };
}

/**
 * Milesight's channel format, shared by its EM300 and EM500 sensors (Milesight-IoT/SensorDecoders,
 * each device's README "Payload Definition"): a run of [channel id, channel type, value], values
 * little-endian. The channels of the built-in devices: 01 75 battery % (1 byte), 03 67
 * temperature °C × 10 (int16), 04 68 humidity % × 2 (1 byte), 05 C8 pulse count (uint32), 03 82
 * distance mm (uint16). As in the maker's codec, an unknown channel ends the reading: its length
 * is unknown, so nothing after it can be found.
 */
interface MilesightChannel {
  field: string;
  bytes: number;
  read: (at: (index: number) => number, index: number) => number;
}

const MILESIGHT_CHANNELS: Readonly<Record<number, MilesightChannel>> = {
  0x0175: { field: 'battery', bytes: 1, read: (at, index) => at(index) },
  0x0367: { field: 'temperature', bytes: 2, read: (at, i) => int16(at(i + 1), at(i)) / 10 },
  0x0468: { field: 'humidity', bytes: 1, read: (at, index) => at(index) / 2 },
  0x05c8: {
    field: 'pulse',
    bytes: 4,
    read: (at, i) => (at(i) | (at(i + 1) << 8) | (at(i + 2) << 16) | (at(i + 3) << 24)) >>> 0,
  },
  0x0382: { field: 'distance', bytes: 2, read: (at, index) => at(index) | (at(index + 1) << 8) },
};

function decodeMilesight(bytes: Uint8Array): DecodedFields | null {
  const decoded: DecodedFields = {};
  const at = (index: number) => bytes[index] ?? 0;
  let index = 0;
  while (index + 2 < bytes.length) {
    const channel = MILESIGHT_CHANNELS[(at(index) << 8) | at(index + 1)];
    // A cut-short value is not read as zeros: the reading ends there too.
    if (channel === undefined || index + 2 + channel.bytes > bytes.length) break;
    decoded[channel.field] = channel.read(at, index + 2);
    index += 2 + channel.bytes;
  }
  return Object.keys(decoded).length > 0 ? decoded : null;
}

/** The decoded fields of a raw payload, or null when the decoder cannot read it (another fPort). */
export function decodePayload(
  decoder: PayloadDecoderName,
  bytes: Uint8Array,
  fPort: number,
): DecodedFields | null {
  return decoder === 'dragino-lse01' ? decodeLse01(bytes, fPort) : decodeMilesight(bytes);
}
