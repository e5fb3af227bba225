/**
 * A network server's downlink as the simulator takes it (network-server.ts): ChirpStack's
 * `command/down` and The Things Stack's `down/push` read by the domain's schemas, and the valve
 * command in them made the device's own command, its outputs being the radio's controls in id
 * order from 1 (packages/domain/src/lorawan/downlink.ts).
 */
import {
  chirpStackDownlinkSchema,
  decodeValveCommand,
  ttsDownlinkPushSchema,
  type CommandDownlink,
  type ConfigDownlink,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import { parseJson } from './farm.ts';

/** A queued downlink, as the network server keeps it until the device's next uplink. */
export type QueuedDownlink = {
  fPort: number;
  bytes: Uint8Array;
  /** ChirpStack: the queue item's id, named again by txack and ack. */
  queueItemId: string | null;
  /** The Things Stack: carried to every event of the downlink. */
  correlationIds: readonly string[];
  confirmed: boolean;
};

export function parseChirpStackDown(
  payload: Buffer,
): { devEui: string; downlinks: QueuedDownlink[] } | { reason: string } {
  const parsed = parseJson(payload, chirpStackDownlinkSchema);
  if (!parsed.ok) return { reason: parsed.reason };
  const { id, devEui, confirmed, fPort, data } = parsed.value;
  const bytes = Buffer.from(data, 'base64');
  return {
    devEui,
    downlinks: [{ fPort, bytes, queueItemId: id, correlationIds: [], confirmed }],
  };
}

/** The Things Stack names the device by its id in the topic (`…/devices/{id}/down/push`). */
export function parseTtsDown(
  topic: string,
  payload: Buffer,
): { deviceId: string; downlinks: QueuedDownlink[] } | { reason: string } {
  const parsed = parseJson(payload, ttsDownlinkPushSchema);
  if (!parsed.ok) return { reason: parsed.reason };
  return {
    deviceId: topic.split('/')[3] ?? '',
    downlinks: parsed.value.downlinks.map((downlink) => ({
      fPort: downlink.f_port,
      bytes: Buffer.from(downlink.frm_payload, 'base64'),
      queueItemId: null,
      correlationIds: downlink.correlation_ids,
      confirmed: downlink.confirmed,
    })),
  };
}

/** The valve command of a downlink as the device's command, or why it is none. */
export function valveCommandOf(
  controls: ConfigDownlink['controls'],
  downlink: QueuedDownlink,
  now: Date,
): { command: CommandDownlink } | { reason: string } {
  const valve = decodeValveCommand(downlink.bytes);
  if (valve === null) return { reason: `no valve command on fPort ${downlink.fPort}` };
  const ordered = [...controls].sort((a, b) => a.id - b.id);
  const ids: number[] = [];
  for (const output of valve.outputs) {
    const control = ordered[output - 1];
    if (!control) return { reason: `no output ${output} on the device` };
    ids.push(control.id);
  }
  const base = {
    // ChirpStack's queue item id is the command's own (a UUID), so a repeat is known as one.
    commandId: downlink.queueItemId ?? randomUUID(),
    requestId: null,
    time: now.toISOString(),
    controls: ids,
  };
  return {
    command:
      valve.action === 'open'
        ? { ...base, action: 'open', durationSeconds: valve.durationSeconds }
        : { ...base, action: 'close' },
  };
}
