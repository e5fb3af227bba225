/**
 * Commands to field devices and their acks (docs/field-protocol.md "Commands and acks").
 *
 * A command is a row of field_commands before it is a message: `send` records it (status sent,
 * with a deadline) and then publishes `down/command` at QoS 1. The device answers on `up/ack`:
 * accepted, then done or failed. Every status change is one conditional UPDATE, so a QoS 1
 * redelivery, a late ack or two processes hearing the same ack change a command once. A command
 * with no final ack by its deadline is timed out by a sweep that any number of processes may run.
 *
 * Requests (§3) advance from their commands. Control and radio requests advance here, in the
 * transaction that moves the command (requests/request.repository.ts, by the domain's rule);
 * program requests are driven by the program runner, which sets their status itself.
 *
 * A command the program runner sends names its run (programRunId), and so does its settlement:
 * the runner wakes exactly that run, without looking through the others.
 *
 * Who hears about a settled command: every listener, in whichever worker process is free, at
 * least once (command-settlements.ts): a listener must tolerate hearing the same settlement twice.
 *
 * Where it lives: this file is the MQTT link (publish, hear acks, the deadline sweep);
 * command-rules.ts is what it decides without I/O; field-command.repository.ts is its SQL;
 * command-settlements.ts is the queue settlements travel on.
 */
import {
  commandDownlinkSchema,
  downlinkTopic,
  lorawanCommandTimeoutSeconds,
  type CommandDownlink,
} from '@paddock/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { serverClientOptions, type BrokerEndpoint } from './connection.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import {
  misdirected,
  readAck,
  sendInputSchema,
  TRANSITIONS,
  type CommandRow,
  type CommandSettled,
  type CommandStatus,
  type FieldCommand,
} from './command-rules.ts';
import { startSettlements, type Settlements } from './command-settlements.ts';
import {
  commandById,
  insertDeadLetter,
  lorawanReportInterval,
  moveCommand,
  recordCommand,
  recordedCommandIds,
  timeOutOverdueCommands,
} from './field-command.repository.ts';

// The link's contract, defined beside the rules that make them and named here with the link.
export type { CommandSettled } from './command-rules.ts';
export { COMMAND_SETTLED_QUEUE } from './command-settlements.ts';

export type CommandSender = {
  /**
   * Records and publishes a command; answers its id once it is recorded. With a `commandId` it is
   * idempotent: a command already recorded under that id is neither recorded nor published again
   * (the process that recorded it published it), so a caller may send again what it is not sure
   * went out.
   */
  send(input: {
    commandId?: string;
    requestId: number | null;
    /** The program run sending it (its program's id), told when the command settles. */
    programRunId: number | null;
    siteId: number;
    serialno: string;
    command: FieldCommand;
  }): Promise<string>;
  /**
   * Hears every settled command (done, failed, timed out), whichever process settled it, at least
   * once. Register right after start, the same listeners in every process that starts commands:
   * settlements are taken from the queue once the first listener is there.
   */
  onSettled(listener: (settled: CommandSettled) => void | Promise<void>): void;
  /** Which of these command ids were never recorded (their sender died before sending them). */
  unsent(commandIds: string[]): Promise<string[]>;
};

/** Shared-subscription group of the ack consumers on a broker that has them. */
const ACK_SHARE_GROUP = 'paddock-control';

/** How often a process looks for commands past their deadline. */
const DEFAULT_SWEEP_INTERVAL_MS = 1000;

/** What the link's ack handling and sweeps work with. */
type Link = {
  db: Database;
  clock: Clock;
  log: Log;
  topicRoot: string;
  settlements: Settlements;
};

export async function startCommands(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  broker: BrokerEndpoint;
  topicRoot: string;
  /** A command with no final ack by then is timed out, and its request fails. */
  timeoutSeconds: number;
  jobs: PgBoss;
  /**
   * The broker session's client id: keep it stable per process, so acks queued while the process
   * was away are delivered when it comes back; give each process its own.
   */
  clientId?: string;
  sweepIntervalMs?: number;
}): Promise<CommandSender & { close(): Promise<void> }> {
  const { db, clock, log, topicRoot } = deps;
  let closed = false;
  const settlements = await startSettlements(deps);
  const link: Link = { db, clock, log, topicRoot, settlements };

  // One ack at a time, in arrival order: a device's accepted is taken before its done.
  let acks: Promise<void> = Promise.resolve();
  const client = await connectAckClient({
    ...deps,
    isClosed: () => closed,
    onAck: (topic, payload) => {
      acks = acks
        .then(() => handleAck(link, topic, payload))
        .catch((error: unknown) => log.error({ err: error, topic }, 'ack not handled'));
    },
  });

  const sweeps = repeatEvery({
    intervalMs: deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    first: 'after-interval',
    round: () => sweepDeadlines(link),
    onError: (error) => log.error({ err: error }, 'command deadline sweep failed'),
  });

  async function publish(topic: string, downlink: CommandDownlink) {
    try {
      await client.publishAsync(topic, JSON.stringify(downlink), { qos: 1 });
    } catch (error) {
      await transition(
        link,
        downlink.commandId,
        'failed',
        ['sent'],
        `not published: ${String(error)}`,
      );
    }
  }
  const publishing = new Set<Promise<void>>();

  return {
    async send(input) {
      if (closed) throw new Error('command sender closed');
      const { commandId, requestId, programRunId, siteId, serialno } = sendInputSchema.parse(input);
      const now = clock.now();
      const downlink = commandDownlinkSchema.parse({
        ...input.command,
        commandId: commandId ?? randomUUID(),
        requestId,
        time: now.toISOString(),
      });
      // A LoRaWAN radio's command goes down its network server link (network-links/
      // command-bridge.ts), and a class A device hears it only after its next uplink.
      const classA = await lorawanReportInterval(db, siteId, serialno);
      const timeoutSeconds =
        classA === null
          ? deps.timeoutSeconds
          : lorawanCommandTimeoutSeconds(deps.timeoutSeconds, classA);
      const deadline = new Date(now.getTime() + timeoutSeconds * 1000);
      const recorded = await recordCommand(
        db,
        { downlink, requestId, programRunId, siteId, serialno, deadline },
        now,
      );
      if (!recorded) return downlink.commandId;
      // Not awaited: while the broker is away mqtt.js holds a QoS 1 message until it is back,
      // and the caller must not wait that long; the deadline covers a message that never goes.
      const sending = publish(downlinkTopic(topicRoot, siteId, serialno, 'command'), downlink);
      publishing.add(sending);
      void sending.finally(() => publishing.delete(sending));
      log.info(
        { commandId: downlink.commandId, requestId, serialno, action: downlink.action },
        'command sent',
      );
      return downlink.commandId;
    },
    async unsent(commandIds) {
      const ids = z.array(z.uuid()).parse(commandIds);
      if (ids.length === 0) return [];
      const recorded = await recordedCommandIds(db, ids);
      return ids.filter((id) => !recorded.has(id));
    },
    onSettled(listener) {
      settlements.onSettled(listener);
    },
    async close() {
      closed = true;
      const sweepDone = sweeps.close();
      await settlements.close();
      await sweepDone;
      await client.endAsync();
      await Promise.allSettled(publishing);
      await acks;
    },
  };
}

/**
 * Connects to the broker and subscribes to every device's acks. The handler goes on before the
 * connection: acks queued in the session while this process was away arrive right after it
 * connects, and an unheard message would be lost.
 */
async function connectAckClient(options: {
  broker: BrokerEndpoint;
  topicRoot: string;
  clientId?: string;
  log: Log;
  isClosed: () => boolean;
  onAck: (topic: string, payload: Buffer) => void;
}): Promise<MqttClient> {
  const { broker, topicRoot, log } = options;
  const client: MqttClient = mqtt.connect(
    broker.url,
    serverClientOptions(broker, options.clientId ?? 'paddock-commands'),
  );
  client.on('message', options.onAck);
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
  } catch (error) {
    await client.endAsync(true);
    throw error;
  }
  client.on('error', (error) => log.error({ err: error }, 'command link error'));
  const ackFilter = `${topicRoot}/+/+/up/ack`;
  // Several processes split the acks where the broker can; on the embedded broker (no shared
  // subscriptions) there is one server process, and a second hearing of an ack changes nothing.
  const subscription =
    broker.kind === 'external' ? `$share/${ACK_SHARE_GROUP}/${ackFilter}` : ackFilter;
  await client.subscribeAsync(subscription, { qos: 1 });
  // Subscribed again on every reconnect. mqtt.js does not when the broker says the session is
  // present, but a broker restarted from its persistence file may restore a shared subscription
  // that delivers nothing (Mosquitto 2.0) or none at all: every ack would be lost until restart.
  client.on('connect', () => {
    if (options.isClosed()) return;
    client.subscribeAsync(subscription, { qos: 1 }).then(
      () => log.info({ subscription }, 'command link subscribed again after a reconnect'),
      (error: unknown) => log.error({ err: error }, 'command link could not subscribe again'),
    );
  });
  return client;
}

/** Moves one command on, and its request with it; null when the move is not allowed. */
async function transition(
  link: Link,
  commandId: string,
  to: CommandStatus,
  from: CommandStatus[],
  reason: string | null,
): Promise<CommandRow | null> {
  const row = await moveCommand(link.db, commandId, { to, from, reason }, link.clock.now());
  if (row) await link.settlements.announce([row]);
  return row;
}

/** Keeps a message that could not be taken, as ingest does (UTF-8 text, else base64). */
async function deadLetter(link: Link, topic: string, payload: string, reason: string) {
  link.log.warn({ topic, reason }, 'ack dead-lettered');
  await insertDeadLetter(link.db, { topic, payload, reason }, link.clock.now());
}

async function handleAck(link: Link, topic: string, raw: Buffer) {
  const reading = readAck(link.topicRoot, topic, raw);
  if ('deadLetter' in reading) {
    return deadLetter(link, topic, reading.deadLetter.payload, reading.deadLetter.reason);
  }
  const { commandId, phase, reason } = reading.ack;
  const command = await commandById(link.db, commandId);
  if (!command) return deadLetter(link, topic, reading.payload, `no command ${commandId}`);
  const elsewhere = misdirected(command, reading, commandId);
  if (elsewhere) return deadLetter(link, topic, reading.payload, elsewhere);
  const moved = await transition(
    link,
    commandId,
    phase,
    TRANSITIONS[phase],
    phase === 'failed' ? (reason ?? 'failed on the device') : null,
  );
  if (!moved) {
    // A QoS 1 redelivery, or an answer after the deadline: the command has moved on already.
    link.log.info({ commandId, phase, status: command.status }, 'late or repeated ack ignored');
  }
}

/** Times out commands past their deadline, then announces what a dead process never did. */
async function sweepDeadlines(link: Link) {
  const rows = await timeOutOverdueCommands(link.db, link.clock.now());
  if (rows.length > 0) await link.settlements.announce(rows);
  await link.settlements.announceForgotten();
}
