/**
 * What the LoRaWAN network servers send (issue 32 item 2), parsed at the boundary and made into one
 * normalised Uplink. ChirpStack v4 publishes its integration events as its JSON marshaller writes
 * them (camelCase, `application/{id}/device/{devEui}/event/{up|status|ack|txack}`); The Things
 * Stack v3 writes snake_case (`v3/{app}@{tenant}/devices/{id}/up`, and the same body by webhook).
 * Both marshal protobuf, which leaves out a field at its zero value (fCnt 0, a false flag, an
 * empty payload: The Things Stack's "Data formats" page says so), so those fields default to
 * zero here instead of being required. Fields a network server adds in a later version pass
 * (zod drops them); a missing required field fails with its path, e.g. `deviceInfo.devEui`.
 */
import { z } from 'zod';
import { isoDateTimeSchema } from '../entities/primitives.ts';
import { type LoraSettings, uplinkAirtime } from './airtime.ts';
import { base64Schema, bytesOf } from './base64.ts';
import { devEuiSchema } from './dev-eui.ts';

const uint32Schema = z.number().int().min(0).max(0xffff_ffff);
export const fPortSchema = z.number().int().min(0).max(255);
/** A network server codec's output: any JSON object, read later by a device profile's mapping. */
const decodedSchema = z.record(z.string(), z.unknown());

// ── ChirpStack v4 ────────────────────────────────────────────────────────────────────────────

const chirpStackDeviceInfoSchema = z.object({
  devEui: devEuiSchema,
  /** The application (UUID) the device is in: a link reads only its own. */
  applicationId: z.string().optional(),
  deviceName: z.string().optional(),
});

const chirpStackLoraSchema = z.object({
  /** Hz. */
  bandwidth: z.number().positive(),
  spreadingFactor: z.number().int().min(5).max(12),
  /** An enum name, `CR_4_5`. */
  codeRate: z.string().optional(),
});

export const chirpStackUplinkSchema = z.object({
  deduplicationId: z.string().optional(),
  /** When the network server received the frame; a redelivery carries it unchanged. */
  time: isoDateTimeSchema.optional(),
  deviceInfo: chirpStackDeviceInfoSchema,
  fCnt: uint32Schema.default(0),
  fPort: fPortSchema,
  /** The FRMPayload; left out when empty. */
  data: base64Schema.default(''),
  /** Set only when the device profile has a codec. */
  object: decodedSchema.optional(),
  rxInfo: z
    .array(
      z.object({
        gatewayId: z.string(),
        rssi: z.number(),
        snr: z.number().default(0),
      }),
    )
    .default([]),
  txInfo: z
    .object({
      frequency: z.number().optional(),
      modulation: z.object({ lora: chirpStackLoraSchema.optional() }).optional(),
    })
    .optional(),
});
export type ChirpStackUplink = z.infer<typeof chirpStackUplinkSchema>;

/** `event/status`: the device's answer to the network server's DevStatusReq. */
export const chirpStackStatusSchema = z.object({
  time: isoDateTimeSchema.optional(),
  deviceInfo: chirpStackDeviceInfoSchema,
  /** The demodulation margin of the last DevStatusReq, dB. */
  margin: z.number().int().default(0),
  externalPowerSource: z.boolean().default(false),
  batteryLevelUnavailable: z.boolean().default(false),
  /** Percent, 0–100. */
  batteryLevel: z.number().min(0).max(100).default(0),
});
export type ChirpStackStatus = z.infer<typeof chirpStackStatusSchema>;

/**
 * The battery percentage of a status event, or null: a device on mains, or one that cannot
 * measure its battery, reports level 0, which is not an empty battery.
 */
export function batteryLevelOf(status: ChirpStackStatus): number | null {
  if (status.externalPowerSource || status.batteryLevelUnavailable) return null;
  return status.batteryLevel;
}

/** `event/ack`: the device acknowledged a confirmed downlink (or it timed out: false). */
export const chirpStackAckSchema = z.object({
  time: isoDateTimeSchema.optional(),
  deviceInfo: chirpStackDeviceInfoSchema,
  queueItemId: z.string(),
  acknowledged: z.boolean().default(false),
  fCntDown: uint32Schema.default(0),
});
export type ChirpStackAck = z.infer<typeof chirpStackAckSchema>;

/** `event/txack`: a gateway took the downlink for sending (not yet that the device got it). */
export const chirpStackTxAckSchema = z.object({
  time: isoDateTimeSchema.optional(),
  deviceInfo: chirpStackDeviceInfoSchema,
  queueItemId: z.string(),
  fCntDown: uint32Schema.default(0),
  gatewayId: z.string().optional(),
});
export type ChirpStackTxAck = z.infer<typeof chirpStackTxAckSchema>;

// ── The Things Stack v3 ──────────────────────────────────────────────────────────────────────

/** A protobuf Duration as JSON writes it: seconds with an `s`, e.g. `0.061696s`. */
const durationSecondsSchema = z
  .string()
  .regex(/^\d+(?:\.\d+)?s$/, 'Must be a duration like 0.061696s')
  .transform((text) => Number(text.slice(0, -1)));

export const ttsUplinkSchema = z.object({
  end_device_ids: z.object({
    device_id: z.string(),
    application_ids: z.object({ application_id: z.string() }).optional(),
    dev_eui: devEuiSchema,
  }),
  /** When the application server handled it. */
  received_at: isoDateTimeSchema.optional(),
  uplink_message: z.object({
    f_port: fPortSchema,
    f_cnt: uint32Schema.default(0),
    frm_payload: base64Schema.default(''),
    decoded_payload: decodedSchema.optional(),
    rx_metadata: z
      .array(
        z.object({
          gateway_ids: z.object({ gateway_id: z.string() }),
          /** Left out by some gateways, which give only channel_rssi. */
          rssi: z.number().optional(),
          channel_rssi: z.number().optional(),
          snr: z.number().default(0),
        }),
      )
      .default([]),
    settings: z
      .object({
        data_rate: z
          .object({
            lora: z
              .object({
                bandwidth: z.number().positive(),
                spreading_factor: z.number().int().min(5).max(12),
                coding_rate: z.string().optional(),
              })
              .optional(),
          })
          .optional(),
      })
      .optional(),
    consumed_airtime: durationSecondsSchema.optional(),
    /** When the network server received the frame; a redelivery carries it unchanged. */
    received_at: isoDateTimeSchema.optional(),
  }),
});
export type TtsUplink = z.infer<typeof ttsUplinkSchema>;

// ── The normalised uplink ────────────────────────────────────────────────────────────────────

/** The gateway that heard a frame best: what becomes the radio's signal. */
export interface UplinkSignal {
  /** dBm. */
  rssi: number;
  /** dB. */
  snr: number;
  gateway: string;
}

/** One uplink, whichever network server it came through. */
export interface Uplink {
  /** 16 upper-case hex digits. */
  devEui: string;
  /** The Things Stack's device id, named by its downlink topic; null from ChirpStack. */
  deviceId: string | null;
  fCnt: number;
  fPort: number;
  /** The FRMPayload, for a profile's raw decoder when the network server did not decode. */
  payload: Uint8Array;
  /** The network server codec's fields, or null when it has none. */
  decoded: Record<string, unknown> | null;
  signal: UplinkSignal | null;
  spreadingFactor: number | null;
  /** Hz. */
  bandwidthHz: number | null;
  /** Seconds: the network server's figure when it gives one, else computed; null without radio settings. */
  airtimeSeconds: number | null;
  /** ISO instant: the network server's time of the frame, else when it reached us. */
  time: string;
}

/** The n of coding rate 4/(4+n) from `CR_4_5` or `4/5`; LoRaWAN's 4/5 when not given. */
function codingRateOf(text: string | undefined): number {
  const match = text === undefined ? null : /4[_/]([5-8])$/.exec(text);
  return match?.[1] === undefined ? 1 : Number(match[1]) - 4;
}

/** The best-heard gateway: the strongest rssi, and of equal ones the better snr. */
function bestSignal(heard: readonly UplinkSignal[]): UplinkSignal | null {
  let best: UplinkSignal | null = null;
  for (const signal of heard) {
    if (
      best === null ||
      signal.rssi > best.rssi ||
      (signal.rssi === best.rssi && signal.snr > best.snr)
    )
      best = signal;
  }
  return best;
}

/**
 * What the frame's LoRa settings tell of it, as a network server names them (undefined when it
 * gives none); its airtime is the network server's figure when it gives one.
 */
function radioFigures(
  payload: Uint8Array,
  lora: { bandwidth: number; spreadingFactor: number; codeRate?: string | undefined } | undefined,
  givenAirtime: number | undefined,
): Pick<Uplink, 'spreadingFactor' | 'bandwidthHz' | 'airtimeSeconds'> {
  if (lora === undefined) {
    return { spreadingFactor: null, bandwidthHz: null, airtimeSeconds: givenAirtime ?? null };
  }
  const radio: LoraSettings = {
    bandwidthHz: lora.bandwidth,
    spreadingFactor: lora.spreadingFactor,
    codingRate: codingRateOf(lora.codeRate),
  };
  return {
    spreadingFactor: radio.spreadingFactor,
    bandwidthHz: radio.bandwidthHz,
    airtimeSeconds: givenAirtime ?? uplinkAirtime(payload.length, radio),
  };
}

/**
 * A parsed ChirpStack `up` as an Uplink. `receivedAt` (when it reached us) stands in for the
 * network server's time only when the event has none: the domain reads no clock.
 */
export function uplinkFromChirpStack(event: ChirpStackUplink, receivedAt: Date): Uplink {
  const payload = bytesOf(event.data);
  return {
    devEui: event.deviceInfo.devEui,
    deviceId: null,
    fCnt: event.fCnt,
    fPort: event.fPort,
    payload,
    decoded: event.object ?? null,
    signal: bestSignal(
      event.rxInfo.map(({ gatewayId, rssi, snr }) => ({ rssi, snr, gateway: gatewayId })),
    ),
    ...radioFigures(payload, event.txInfo?.modulation?.lora, undefined),
    time: new Date(event.time ?? receivedAt).toISOString(),
  };
}

/** A parsed The Things Stack `up` (by MQTT or webhook) as an Uplink; `receivedAt` as above. */
export function uplinkFromTts(event: TtsUplink, receivedAt: Date): Uplink {
  const message = event.uplink_message;
  const payload = bytesOf(message.frm_payload);
  const lora = message.settings?.data_rate?.lora;
  const heard = message.rx_metadata.flatMap(({ gateway_ids, rssi, channel_rssi, snr }) => {
    const strength = rssi ?? channel_rssi;
    return strength === undefined ? [] : [{ rssi: strength, snr, gateway: gateway_ids.gateway_id }];
  });
  return {
    devEui: event.end_device_ids.dev_eui,
    deviceId: event.end_device_ids.device_id,
    fCnt: message.f_cnt,
    fPort: message.f_port,
    payload,
    decoded: message.decoded_payload ?? null,
    signal: bestSignal(heard),
    ...radioFigures(
      payload,
      lora && {
        bandwidth: lora.bandwidth,
        spreadingFactor: lora.spreading_factor,
        codeRate: lora.coding_rate,
      },
      message.consumed_airtime,
    ),
    time: new Date(message.received_at ?? event.received_at ?? receivedAt).toISOString(),
  };
}
