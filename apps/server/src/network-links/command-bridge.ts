/**
 * Commands to LoRaWAN radios (issue 32 item 3), carried between the field protocol and a network
 * server link. The command link (field/command-link.ts) records a command to a LoRaWAN radio and
 * publishes its `down/command` like any other, with its request and a deadline that allows for
 * the class A device's next uplink. This bridge, in the ingest role beside the links' clients,
 * hears it on the field broker; when the radio has a devEUI and its site a running ChirpStack or
 * The Things Stack MQTT link, it publishes the valve command on the link's downlink topic. The
 * network server's events for it (`txack`/`ack`; `down/sent`/`ack`/`nack`/`failed`) come back on
 * the link's client and go on as the radio's own `up/ack`, which the command link settles as it
 * settles any device's: requests, the program runner, timeouts and settlements see a LoRaWAN
 * valve as any other, and nothing here keeps state of its own.
 *
 * A radio without a devEUI, or on a site with no link, is a native device: its command is left
 * to it. A command a valve controller cannot carry (a ping, a frost fan's start) fails at once
 * with the reason, rather than waiting for its deadline.
 */
import {
  chirpStackAckSchema,
  chirpStackEventTopic,
  chirpStackDownlink,
  chirpStackDownTopic,
  chirpStackTxAckSchema,
  commandDownlinkSchema,
  MAX_VALVE_OUTPUTS,
  parseFieldTopic,
  settlementOfChirpStack,
  settlementOfTts,
  ttsDefaultDeviceId,
  ttsDownlinkEventSchema,
  ttsDownlinkPush,
  ttsDownTopic,
  ttsEventTopic,
  uplinkTopic,
  type AckUplink,
  type CommandDownlink,
  type DownlinkSettlement,
  type ValveCommand,
} from '@paddock/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { serverClientOptions, type BrokerEndpoint } from '../field/connection.ts';
import type { Log } from '../log.ts';
import type { LinkTopics } from './lorawan-uplinks.ts';
import {
  awaitingDevice,
  commandDevice,
  lorawanTarget,
  type LorawanTarget,
} from './network-link.repository.ts';

/** Shared-subscription group of the bridges, so one ingest process sends each command. */
const BRIDGE_SHARE_GROUP = 'paddock-lorawan';

/** A running link the bridge may publish a command on. */
type BridgeLink = { topics: LinkTopics; client: MqttClient };

export type CommandBridge = {
  /** Whether a topic of the link's is a network server's event about a downlink. */
  isDownlinkEvent(link: LinkTopics, topic: string): boolean;
  /** Takes one such event: its command's phase published as the radio's native ack. */
  settle(link: LinkTopics, topic: string, payload: Buffer): Promise<'settled' | 'invalid'>;
  close(): Promise<void>;
};

export type CommandBridgeOptions = {
  db: Database;
  clock: Clock;
  log: Log;
  broker: BrokerEndpoint;
  topicRoot: string;
  /** The field broker session's client id: stable per process, so commands queue while away. */
  clientId: string;
  /** The site's running MQTT link, or null. */
  linkOf: (siteId: number) => BridgeLink | null;
};

const CHIRPSTACK_EVENT = /\/event\/(ack|txack)$/;
const TTS_EVENT = /\/down\/(sent|ack|nack|failed)$/;

/** The link's topics of downlink events, subscribed beside its uplinks. */
export function downlinkEventFilters(link: LinkTopics): string[] {
  if (link.kind === 'chirpstack') {
    return (['ack', 'txack'] as const).map((event) =>
      chirpStackEventTopic(link.applicationId, '+', event),
    );
  }
  return (['down/sent', 'down/ack', 'down/nack', 'down/failed'] as const).map((event) =>
    ttsEventTopic(link.applicationId, link.tenant ?? '', '+', event),
  );
}

/** The valve command of a native one, or why a LoRaWAN controller cannot carry it. */
function valveCommandOf(
  downlink: CommandDownlink,
  target: LorawanTarget,
): ValveCommand | { refused: string } {
  if (downlink.action !== 'open' && downlink.action !== 'close') {
    return { refused: `a ${downlink.action} cannot go down a LoRaWAN network server link` };
  }
  const outputs: number[] = [];
  for (const control of downlink.controls) {
    const index = target.controlIds.indexOf(control);
    if (index < 0) return { refused: `control ${control} is not on this radio` };
    if (index >= MAX_VALVE_OUTPUTS) {
      return {
        refused: `control ${control} is past the valve command's ${MAX_VALVE_OUTPUTS} outputs`,
      };
    }
    outputs.push(index + 1);
  }
  return downlink.action === 'open'
    ? { action: 'open', outputs, durationSeconds: downlink.durationSeconds }
    : { action: 'close', outputs };
}

/** The topic and body of the command on the link's network server. */
function networkServerDownlink(
  link: LinkTopics,
  target: LorawanTarget,
  commandId: string,
  command: ValveCommand,
): { topic: string; body: unknown } {
  if (link.kind === 'chirpstack') {
    return {
      topic: chirpStackDownTopic(link.applicationId, target.devEui),
      body: chirpStackDownlink(commandId, target.devEui, command),
    };
  }
  const deviceId = target.deviceId ?? ttsDefaultDeviceId(target.devEui);
  return {
    topic: ttsDownTopic(link.applicationId, link.tenant ?? '', deviceId),
    body: ttsDownlinkPush(commandId, command),
  };
}

/** The settlement a network server's event tells, or the reason it tells none. */
function readEvent(
  link: LinkTopics,
  topic: string,
  payload: Buffer,
): DownlinkSettlement | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
  if (link.kind === 'chirpstack') {
    const event = CHIRPSTACK_EVENT.exec(topic)?.[1] === 'ack' ? 'ack' : 'txack';
    const parsed = (event === 'ack' ? chirpStackAckSchema : chirpStackTxAckSchema).safeParse(json);
    if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'not an event' };
    return settlementOfChirpStack(event, parsed.data) ?? { problem: 'not a Paddock command' };
  }
  const parsed = ttsDownlinkEventSchema.safeParse(json);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'not an event' };
  return settlementOfTts(parsed.data) ?? { problem: 'not a Paddock command' };
}

export async function startCommandBridge(options: CommandBridgeOptions): Promise<CommandBridge> {
  const { db, clock, log, broker, topicRoot, linkOf } = options;
  const client = mqtt.connect(broker.url, serverClientOptions(broker, options.clientId));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('error', (error) => log.error({ err: error }, 'LoRaWAN command bridge error'));

  /** The radio's native ack, as the device itself would publish it. */
  async function ack(siteId: number, serialno: string, ackBody: AckUplink): Promise<void> {
    await client.publishAsync(
      uplinkTopic(topicRoot, siteId, serialno, 'ack'),
      JSON.stringify(ackBody),
      {
        qos: 1,
      },
    );
  }

  async function carry(topic: string, payload: Buffer): Promise<void> {
    const field = parseFieldTopic(topicRoot, topic);
    if (field?.direction !== 'down' || field.kind !== 'command') return;
    const link = linkOf(field.siteId);
    if (!link) return;
    const target = await lorawanTarget(db, field.siteId, field.serialno);
    if (!target) return;
    let downlink: CommandDownlink;
    try {
      downlink = commandDownlinkSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      // The command link wrote it by this schema; anything else on the topic is not a command.
      log.warn({ topic }, 'LoRaWAN command bridge: not a command');
      return;
    }
    // Queued at the field broker while this process was away, it may be past its deadline: a
    // valve opened after its request failed would run with nobody expecting it.
    if (!(await awaitingDevice(db, downlink.commandId))) {
      log.info({ commandId: downlink.commandId }, 'settled command not sent down the link');
      return;
    }
    const command = valveCommandOf(downlink, target);
    if ('refused' in command) {
      await ack(field.siteId, field.serialno, {
        commandId: downlink.commandId,
        phase: 'failed',
        time: clock.now().toISOString(),
        reason: command.refused,
      });
      return;
    }
    const down = networkServerDownlink(link.topics, target, downlink.commandId, command);
    // Not awaited: while the network server's broker is away mqtt.js holds the message until it
    // is back, and the commands of other sites must not wait behind it; the deadline covers a
    // downlink that never goes.
    link.client
      .publishAsync(down.topic, JSON.stringify(down.body), { qos: 1 })
      .catch((error: unknown) =>
        log.warn({ commandId: downlink.commandId, err: String(error) }, 'downlink not published'),
      );
    log.info(
      { commandId: downlink.commandId, devEui: target.devEui, link: link.topics.id },
      'command sent down the network server link',
    );
  }

  // One command at a time, in the order the command link published them.
  let carrying: Promise<void> = Promise.resolve();
  client.on('message', (topic, payload) => {
    carrying = carrying
      .then(() => carry(topic, payload))
      .catch((error: unknown) => log.error({ err: error, topic }, 'LoRaWAN command not carried'));
  });
  const filter = `${topicRoot}/+/+/down/command`;
  await client.subscribeAsync(
    broker.kind === 'external' ? `$share/${BRIDGE_SHARE_GROUP}/${filter}` : filter,
    { qos: 1 },
  );

  return {
    isDownlinkEvent(link, topic) {
      return (link.kind === 'chirpstack' ? CHIRPSTACK_EVENT : TTS_EVENT).test(topic);
    },
    async settle(link, topic, payload) {
      const read = readEvent(link, topic, payload);
      if ('problem' in read) {
        log.warn({ link: link.id, topic, reason: read.problem }, 'network server event refused');
        return 'invalid';
      }
      const device = await commandDevice(db, read.commandId);
      if (!device || device.siteId !== link.siteId) {
        log.warn(
          { link: link.id, commandId: read.commandId },
          'network server event for no command of the site',
        );
        return 'invalid';
      }
      await ack(device.siteId, device.serialno, {
        commandId: read.commandId,
        phase: read.phase,
        time: clock.now().toISOString(),
        ...(read.reason === undefined ? {} : { reason: read.reason }),
      });
      return 'settled';
    },
    async close() {
      await client.endAsync();
      await carrying;
    },
  };
}
