/**
 * A LoRaWAN sensor's own payload, as its firmware writes it: the bytes the domain's raw decoders
 * (packages/domain/src/lorawan/payload-decoders.ts) read back, for a network server without a
 * codec. The layouts are the makers' published ones, written here from the device's side: Dragino
 * LSE01 on fPort 2, and Milesight's channel format (EM300, EM500) on fPort 85.
 */
import type { PayloadDecoderName } from '@paddock/domain';

type Fields = Readonly<Record<string, number>>;

function uint16(value: number): [number, number] {
  const word = Math.max(0, Math.min(0xffff, Math.round(value)));
  return [word >> 8, word & 0xff];
}

/** Two's complement, for the signed temperatures. */
function int16(value: number): [number, number] {
  const word = Math.max(-0x8000, Math.min(0x7fff, Math.round(value))) & 0xffff;
  return [word >> 8, word & 0xff];
}

/**
 * LSE01: battery mV (the top two bits are the probe's flags, left clear), the DS18B20 probe's °C
 * × 10 (no probe fitted: 0), soil moisture % × 100, soil °C × 100, conductivity µS/cm, then the
 * flag byte the maker's codec does not read.
 */
function lse01(fields: Fields): Uint8Array {
  return Uint8Array.of(
    ...uint16(Math.min(0x3fff, (fields.Bat ?? 0) * 1000)),
    ...int16((fields.TempC_DS18B20 ?? 0) * 10),
    ...uint16((fields.water_SOIL ?? 0) * 100),
    ...int16((fields.temp_SOIL ?? 0) * 100),
    ...uint16(fields.conduct_SOIL ?? 0),
    0x00,
  );
}

/** Milesight channels in the order the sensors send them: battery first. */
const MILESIGHT_CHANNELS: readonly {
  field: string;
  id: number;
  type: number;
  bytes: (value: number) => number[];
}[] = [
  { field: 'battery', id: 0x01, type: 0x75, bytes: (v) => [clampByte(v)] },
  {
    field: 'temperature',
    id: 0x03,
    type: 0x67,
    bytes: (v) => int16(v * 10).reverse(),
  },
  { field: 'humidity', id: 0x04, type: 0x68, bytes: (v) => [clampByte(v * 2)] },
  {
    field: 'pulse',
    id: 0x05,
    type: 0xc8,
    bytes: (v) => {
      const count = Math.max(0, Math.min(0xffff_ffff, Math.round(v)));
      return [0, 8, 16, 24].map((shift) => Math.floor(count / 2 ** shift) & 0xff);
    },
  },
  { field: 'distance', id: 0x03, type: 0x82, bytes: (v) => uint16(v).reverse() },
];

function clampByte(value: number): number {
  return Math.max(0, Math.min(0xff, Math.round(value)));
}

function milesight(fields: Fields): Uint8Array {
  const bytes: number[] = [];
  for (const channel of MILESIGHT_CHANNELS) {
    const value = fields[channel.field];
    if (value === undefined) continue;
    bytes.push(channel.id, channel.type, ...channel.bytes(value));
  }
  return Uint8Array.from(bytes);
}

/** The payload a device of the decoder's maker sends for these fields. */
export function encodePayload(decoder: PayloadDecoderName, fields: Fields): Uint8Array {
  return decoder === 'dragino-lse01' ? lse01(fields) : milesight(fields);
}
