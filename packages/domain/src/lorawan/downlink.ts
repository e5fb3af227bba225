/**
 * Commands down a LoRaWAN network server (issue 32 item 3): a valve controller's or pump's open
 * and close, as ChirpStack v4's `command/down` and The Things Stack v3's `down/push` take them,
 * and the network server's events that settle them.
 *
 * The command's id travels with it, so its settlement needs no table of our own: ChirpStack
 * queues the downlink under the `id` given (its `event/txack` and `event/ack` name it as
 * `queueItemId`); The Things Stack carries `correlation_ids` from `down/push` to every
 * `down/sent`, `down/ack`, `down/nack` and `down/failed` event.
 *
 * A class A device hears a downlink only in the two short windows after one of its uplinks, so
 * a command waits for the device's next report: its deadline is the native one plus the
 * device's reporting interval (lorawanCommandTimeoutSeconds), and until the gateway sends it the
 * console says "waiting for the device", not that it failed.
 *
 * The payload (4 bytes on fPort 10), for controllers without a network server codec:
 *   byte 0     0x01 open, 0x02 close
 *   byte 1     the outputs, a bit each (bit 0 is output 1): a radio's controls in id order
 *   bytes 2–3  open: minutes to stay open, big-endian, after which the controller closes by
 *              itself (the native command's durationSeconds, rounded up); close: 0
 */
import { z } from 'zod';
import { base64Of, base64Schema } from './base64.ts';
import { devEuiSchema } from './dev-eui.ts';
import { fPortSchema } from './uplink.ts';

export const VALVE_COMMAND_FPORT = 10;
/** Outputs a valve command can name: one byte's bits. */
export const MAX_VALVE_OUTPUTS = 8;

const OPEN = 0x01;
const CLOSE = 0x02;
const MAX_MINUTES = 0xffff;

export type ValveCommand =
  | { action: 'open'; outputs: number[]; durationSeconds: number }
  | { action: 'close'; outputs: number[] };

/** The command's 4 bytes; throws for an output outside 1–8, which no caller should pass. */
export function encodeValveCommand(command: ValveCommand): Uint8Array {
  let mask = 0;
  for (const output of command.outputs) {
    if (!Number.isInteger(output) || output < 1 || output > MAX_VALVE_OUTPUTS) {
      throw new RangeError(`output ${output} is not 1–${MAX_VALVE_OUTPUTS}`);
    }
    mask |= 1 << (output - 1);
  }
  const minutes =
    command.action === 'open'
      ? Math.min(MAX_MINUTES, Math.max(1, Math.ceil(command.durationSeconds / 60)))
      : 0;
  return Uint8Array.of(
    command.action === 'open' ? OPEN : CLOSE,
    mask,
    minutes >> 8,
    minutes & 0xff,
  );
}

/** The command of 4 bytes, as a controller (or the simulator) reads it; null when not one. */
export function decodeValveCommand(bytes: Uint8Array): ValveCommand | null {
  if (bytes.length !== 4) return null;
  const [action, mask = 0, high = 0, low = 0] = bytes;
  const outputs: number[] = [];
  for (let bit = 0; bit < MAX_VALVE_OUTPUTS; bit++) if (mask & (1 << bit)) outputs.push(bit + 1);
  if (outputs.length === 0) return null;
  if (action === OPEN)
    return { action: 'open', outputs, durationSeconds: ((high << 8) | low) * 60 };
  if (action === CLOSE) return { action: 'close', outputs };
  return null;
}

/**
 * How long a command to a LoRaWAN device may take: the native timeout, plus the device's
 * reporting interval, the longest a class A device may take to open its receive windows.
 */
export function lorawanCommandTimeoutSeconds(
  timeoutSeconds: number,
  reportIntervalSeconds: number,
): number {
  return timeoutSeconds + reportIntervalSeconds;
}

// ── ChirpStack v4 ────────────────────────────────────────────────────────────────────────────

/** Where a ChirpStack application takes a device's downlinks; topics write the devEUI lower-case. */
export function chirpStackDownTopic(applicationId: string, devEui: string): string {
  return `application/${applicationId}/device/${devEui.toLowerCase()}/command/down`;
}

/** ChirpStack's DownlinkCommand in its JSON marshalling. */
export const chirpStackDownlinkSchema = z.object({
  /** The queue item's id: the command's, named again by txack and ack as queueItemId. */
  id: z.uuid(),
  devEui: devEuiSchema,
  /** Confirmed: the device acknowledges it, which settles the command. */
  confirmed: z.boolean(),
  fPort: fPortSchema.min(1),
  data: base64Schema,
});
export type ChirpStackDownlink = z.infer<typeof chirpStackDownlinkSchema>;

export function chirpStackDownlink(
  commandId: string,
  devEui: string,
  command: ValveCommand,
): ChirpStackDownlink {
  return {
    id: commandId,
    devEui: devEui.toLowerCase(),
    confirmed: true,
    fPort: VALVE_COMMAND_FPORT,
    data: base64Of(encodeValveCommand(command)),
  };
}

// ── The Things Stack v3 ──────────────────────────────────────────────────────────────────────

/** The Things Stack's devices are named by their device id in topics, not their devEUI. */
export function ttsDownTopic(applicationId: string, tenant: string, deviceId: string): string {
  return `v3/${applicationId}@${tenant}/devices/${deviceId}/down/push`;
}

/** The device id The Things Stack's console suggests for a devEUI, used until an uplink names it. */
export function ttsDefaultDeviceId(devEui: string): string {
  return `eui-${devEui.toLowerCase()}`;
}

const CORRELATION_PREFIX = 'paddock:command:';

export const ttsDownlinkPushSchema = z.object({
  downlinks: z
    .array(
      z.object({
        f_port: fPortSchema.min(1),
        frm_payload: base64Schema,
        confirmed: z.boolean(),
        priority: z.enum([
          'LOWEST',
          'LOW',
          'BELOW_NORMAL',
          'NORMAL',
          'ABOVE_NORMAL',
          'HIGH',
          'HIGHEST',
        ]),
        correlation_ids: z.array(z.string()),
      }),
    )
    .min(1),
});
export type TtsDownlinkPush = z.infer<typeof ttsDownlinkPushSchema>;

export function ttsDownlinkPush(commandId: string, command: ValveCommand): TtsDownlinkPush {
  return {
    downlinks: [
      {
        f_port: VALVE_COMMAND_FPORT,
        frm_payload: base64Of(encodeValveCommand(command)),
        confirmed: true,
        // Above the network server's own MAC commands' NORMAL: a valve left open costs water.
        priority: 'HIGH',
        correlation_ids: [`${CORRELATION_PREFIX}${commandId}`],
      },
    ],
  };
}

/** The command a downlink's correlation ids name, or null. */
function commandIdOfCorrelation(ids: readonly string[]): string | null {
  for (const id of ids) {
    if (!id.startsWith(CORRELATION_PREFIX)) continue;
    const parsed = z.uuid().safeParse(id.slice(CORRELATION_PREFIX.length));
    if (parsed.success) return parsed.data;
  }
  return null;
}

const ttsDownlinkMessageSchema = z.object({ correlation_ids: z.array(z.string()).default([]) });

/** One of `down/sent`, `down/ack`, `down/nack`, `down/failed`: which it is is in its body. */
export const ttsDownlinkEventSchema = z.object({
  end_device_ids: z.object({ device_id: z.string(), dev_eui: devEuiSchema.optional() }),
  correlation_ids: z.array(z.string()).default([]),
  downlink_sent: ttsDownlinkMessageSchema.optional(),
  downlink_ack: ttsDownlinkMessageSchema.optional(),
  downlink_nack: ttsDownlinkMessageSchema.optional(),
  downlink_failed: z
    .object({
      downlink: ttsDownlinkMessageSchema.optional(),
      error: z.object({ message_format: z.string().optional() }).optional(),
    })
    .optional(),
});
export type TtsDownlinkEvent = z.infer<typeof ttsDownlinkEventSchema>;

// ── Settlement ───────────────────────────────────────────────────────────────────────────────

/** A network server's word on a command, in the native protocol's phases (docs/field-protocol.md). */
export type DownlinkSettlement = {
  commandId: string;
  phase: 'accepted' | 'done' | 'failed';
  reason?: string;
};

/** ChirpStack: `txack` (a gateway sent it: accepted), `ack` (the device answered, or not). */
export function settlementOfChirpStack(
  event: 'txack' | 'ack',
  body: { queueItemId: string; acknowledged?: boolean },
): DownlinkSettlement | null {
  const id = z.uuid().safeParse(body.queueItemId);
  if (!id.success) return null;
  if (event === 'txack') return { commandId: id.data, phase: 'accepted' };
  return body.acknowledged
    ? { commandId: id.data, phase: 'done' }
    : { commandId: id.data, phase: 'failed', reason: 'the device did not acknowledge it' };
}

/** The Things Stack: sent (accepted), ack (done), nack or failed (failed). */
export function settlementOfTts(event: TtsDownlinkEvent): DownlinkSettlement | null {
  const of = (message: { correlation_ids: string[] } | undefined) =>
    commandIdOfCorrelation([...(message?.correlation_ids ?? []), ...event.correlation_ids]);
  if (event.downlink_ack) {
    const commandId = of(event.downlink_ack);
    return commandId === null ? null : { commandId, phase: 'done' };
  }
  if (event.downlink_nack) {
    const commandId = of(event.downlink_nack);
    return commandId === null
      ? null
      : { commandId, phase: 'failed', reason: 'the device refused it' };
  }
  if (event.downlink_failed) {
    const commandId = of(event.downlink_failed.downlink);
    const why =
      event.downlink_failed.error?.message_format ?? 'the network server could not send it';
    return commandId === null ? null : { commandId, phase: 'failed', reason: why };
  }
  if (event.downlink_sent) {
    const commandId = of(event.downlink_sent);
    return commandId === null ? null : { commandId, phase: 'accepted' };
  }
  return null;
}
