/**
 * What a simulated LoRaWAN radio sends and what its network server publishes of it, without
 * state or I/O (network-server.ts holds the counters and the broker).
 *
 * A radio's report becomes the frame of the built-in device profile (the domain's
 * BUILT_IN_DEVICE_PROFILES) its readings fill most: each profile field is its reading taken back
 * through the profile's mapping (field = (reading − offset) ÷ scale), so the server's mapping
 * gives the reading again, and the field names are the maker's because the profile's are. A
 * radio no profile fits, a valve controller, sends its outputs' state on the command port.
 * The network server's JSON is typed by the domain's own schemas' input, so what the simulator
 * publishes is what a link parses.
 */
import type {
  chirpStackAckSchema,
  chirpStackTxAckSchema,
  chirpStackUplinkSchema,
  ttsDownlinkEventSchema,
  ttsUplinkSchema,
} from '@paddock/domain';
import {
  BUILT_IN_DEVICE_PROFILES,
  ttsDefaultDeviceId,
  uplinkAirtime,
  VALVE_COMMAND_FPORT,
  type DeviceProfile,
  type Reading,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { RADIO_BATTERY } from './battery.ts';
import { encodePayload } from './lorawan-payloads.ts';

export type ChirpStackUplinkJson = z.input<typeof chirpStackUplinkSchema>;
export type ChirpStackTxAckJson = z.input<typeof chirpStackTxAckSchema>;
export type ChirpStackAckJson = z.input<typeof chirpStackAckSchema>;
export type TtsUplinkJson = z.input<typeof ttsUplinkSchema>;
export type TtsDownlinkEventJson = z.input<typeof ttsDownlinkEventSchema>;

/** One frame a radio sends: its port, its payload and, when a profile fits, the codec's fields. */
export type Frame = {
  fPort: number;
  payload: Uint8Array;
  /** What the network server's codec makes of it; null for a frame no codec reads. */
  fields: Record<string, number> | null;
  /** The built-in profile the frame is written for, if one. */
  profileId: string | null;
};

const BATTERY_METRICS = new Set(['battery', 'battery.level']);

/**
 * The ultrasonic tank sensor's mounting: it reads this far down to the water at full and at
 * empty, as over the simulator's stock tank (level 100 % at 0.3 m, 0 % at 2.3 m).
 */
const TANK_FULL_DISTANCE_M = 0.3;
const TANK_EMPTY_DISTANCE_M = 2.3;

/** A radio's battery as the percentage Milesight's sensors report, from its volts. */
export function batteryPercent(volts: number): number {
  const share =
    (volts - RADIO_BATTERY.emptyVolts) / (RADIO_BATTERY.fullVolts - RADIO_BATTERY.emptyVolts);
  return Math.round(Math.max(0, Math.min(1, share)) * 100);
}

/**
 * A report's values by metric, the first sensor's where two have one, with what a LoRaWAN
 * sensor measures besides: the battery in volts and percent, and a tank's distance to the water.
 */
export function reportMetrics(
  readings: readonly Reading[],
  batteryVolts: number | null,
): Map<string, number> {
  const metrics = new Map<string, number>();
  for (const reading of readings) {
    if (reading.thing !== 'sensor' || metrics.has(reading.metric)) continue;
    metrics.set(reading.metric, reading.value);
  }
  if (batteryVolts !== null) {
    metrics.set('battery', batteryVolts);
    metrics.set('battery.level', batteryPercent(batteryVolts));
  }
  const level = metrics.get('level');
  if (level !== undefined) {
    const span = TANK_EMPTY_DISTANCE_M - TANK_FULL_DISTANCE_M;
    metrics.set(
      'tank.distance',
      TANK_EMPTY_DISTANCE_M - (Math.max(0, Math.min(100, level)) / 100) * span,
    );
  }
  return metrics;
}

/** The profile's fields for these values: each mapping taken backwards; null when none measures. */
function profileFields(profile: DeviceProfile, metrics: ReadonlyMap<string, number>) {
  const fields: Record<string, number> = {};
  let measured = 0;
  for (const mapping of profile.mappings) {
    const value = metrics.get(mapping.metric);
    if (value === undefined) continue;
    fields[mapping.field] = Number(
      ((value - (mapping.offset ?? 0)) / mapping.scale).toPrecision(12),
    );
    if (!BATTERY_METRICS.has(mapping.metric)) measured++;
  }
  return { fields, measured };
}

/** The built-in profile a radio's values fill most, and its fields; null when none measures any. */
function bestProfile(
  metrics: ReadonlyMap<string, number>,
): { profile: DeviceProfile; fields: Record<string, number> } | null {
  let best: { profile: DeviceProfile; fields: Record<string, number>; measured: number } | null =
    null;
  for (const profile of BUILT_IN_DEVICE_PROFILES) {
    const { fields, measured } = profileFields(profile, metrics);
    if (measured > 0 && (best === null || measured > best.measured))
      best = { profile, fields, measured };
  }
  return best && { profile: best.profile, fields: best.fields };
}

/** The codec's rounding: a Milesight pulse count is whole, as the counter is. */
function asSent(profile: DeviceProfile, fields: Record<string, number>): Record<string, number> {
  const sent = { ...fields };
  if (sent.pulse !== undefined) sent.pulse = Math.round(sent.pulse);
  if (sent.distance !== undefined) sent.distance = Math.round(sent.distance);
  if (profile.decoder === 'milesight' && sent.battery !== undefined)
    sent.battery = Math.round(sent.battery);
  return sent;
}

/**
 * The frame of a report: the best profile's, else (a valve controller) the open outputs a bit
 * each on the command port, outputs being the radio's controls in id order; null for a radio
 * with neither.
 */
export function reportFrame(
  metrics: ReadonlyMap<string, number>,
  outputsOpen: readonly boolean[],
): Frame | null {
  const best = bestProfile(metrics);
  if (best) {
    const fields = asSent(best.profile, best.fields);
    const decoder = best.profile.decoder;
    return {
      fPort: best.profile.fPorts[0] ?? 1,
      payload: decoder === null ? new Uint8Array() : encodePayload(decoder, fields),
      fields,
      profileId: best.profile.id,
    };
  }
  if (outputsOpen.length === 0) return null;
  let mask = 0;
  outputsOpen.forEach((open, index) => {
    if (open && index < 8) mask |= 1 << index;
  });
  return {
    fPort: VALVE_COMMAND_FPORT,
    payload: Uint8Array.of(mask),
    fields: null,
    profileId: null,
  };
}

/** One gateway's hearing of a frame. */
export type Hearing = { gatewayId: string; rssi: number; snr: number };

/** The radio settings of a frame: LoRaWAN's 125 kHz, the spreading factor the link needs. */
type Radio = { spreadingFactor: number; bandwidthHz: number; frequencyHz: number };

/** ADR's choice: the weaker the best gateway hears the radio, the higher the spreading factor. */
export function spreadingFactorFor(rssi: number): number {
  if (rssi > -95) return 7;
  if (rssi > -100) return 8;
  if (rssi > -105) return 9;
  if (rssi > -110) return 10;
  return 11;
}

/** SNR of a frame heard at `rssi` over 125 kHz: the noise floor near −117 dBm, capped at +12 dB. */
export function snrFor(rssi: number): number {
  return Math.round(Math.max(-20, Math.min(12, rssi + 117)) * 10) / 10;
}

export type FrameContext = {
  applicationId: string;
  devEui: string;
  /** The radio's name in the network server (ChirpStack's deviceName): its serial number. */
  deviceName: string;
  fCnt: number;
  time: Date;
  heard: readonly Hearing[];
  radio: Radio;
  /** The network server's codec decodes the payload (`object`, `decoded_payload`). */
  decoded: boolean;
};

/** A ChirpStack v4 `event/up` as its JSON marshaller writes it. */
export function chirpStackUplink(frame: Frame, context: FrameContext): ChirpStackUplinkJson {
  const uplink: ChirpStackUplinkJson = {
    deduplicationId: randomUUID(),
    time: context.time.toISOString(),
    deviceInfo: {
      devEui: context.devEui.toLowerCase(),
      applicationId: context.applicationId,
      deviceName: context.deviceName,
    },
    fCnt: context.fCnt,
    fPort: frame.fPort,
    data: Buffer.from(frame.payload).toString('base64'),
    rxInfo: context.heard.map(({ gatewayId, rssi, snr }) => ({ gatewayId, rssi, snr })),
    txInfo: {
      frequency: context.radio.frequencyHz,
      modulation: {
        lora: {
          bandwidth: context.radio.bandwidthHz,
          spreadingFactor: context.radio.spreadingFactor,
          codeRate: 'CR_4_5',
        },
      },
    },
  };
  if (context.decoded && frame.fields) uplink.object = frame.fields;
  return uplink;
}

/** A protobuf Duration as The Things Stack's JSON writes it. */
function duration(seconds: number): string {
  return `${seconds.toFixed(6)}s`;
}

/** A The Things Stack v3 `up`, with the air time its network server counts. */
export function ttsUplink(frame: Frame, context: FrameContext): TtsUplinkJson {
  const time = context.time.toISOString();
  const airtime = uplinkAirtime(frame.payload.length, {
    spreadingFactor: context.radio.spreadingFactor,
    bandwidthHz: context.radio.bandwidthHz,
  });
  return {
    end_device_ids: {
      device_id: ttsDefaultDeviceId(context.devEui),
      application_ids: { application_id: context.applicationId },
      dev_eui: context.devEui.toUpperCase(),
    },
    received_at: time,
    uplink_message: {
      f_port: frame.fPort,
      f_cnt: context.fCnt,
      frm_payload: Buffer.from(frame.payload).toString('base64'),
      ...(context.decoded && frame.fields ? { decoded_payload: frame.fields } : {}),
      rx_metadata: context.heard.map(({ gatewayId, rssi, snr }) => ({
        gateway_ids: { gateway_id: gatewayId },
        rssi,
        channel_rssi: rssi,
        snr,
      })),
      settings: {
        data_rate: {
          lora: {
            bandwidth: context.radio.bandwidthHz,
            spreading_factor: context.radio.spreadingFactor,
            coding_rate: '4/5',
          },
        },
      },
      consumed_airtime: duration(airtime),
      received_at: time,
    },
  };
}
