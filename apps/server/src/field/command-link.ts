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
 * Who hears about a settled command: the settlement goes through a pg-boss queue, so a listener
 * (the runner) runs in whichever worker process is free, even when another process heard the ack
 * or swept the deadline, and runs again if it throws. Delivery is at least once: a listener must
 * tolerate hearing the same settlement twice.
 */
import {
  ackUplinkSchema,
  commandDownlinkSchema,
  downlinkTopic,
  idSchema,
  parseFieldTopic,
  serialnoSchema,
  type CommandDownlink,
} from '@paddock/domain';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database, Transaction } from '../db/client.ts';
import { controls, deadLetters, fieldCommands } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { advanceRequestsFromCommands } from '../requests/request.repository.ts';
import { serverClientOptions, type BrokerEndpoint } from './connection.ts';
import { ensureQueue } from './jobs.ts';
import { repeatEvery } from './repeat.ts';
import type { Log } from '../log.ts';

export type FieldCommand =
  | { action: 'open'; controls: number[]; durationSeconds: number }
  | { action: 'close'; controls: number[] }
  | { action: 'ping' };

export type CommandSettled = {
  commandId: string;
  requestId: number | null;
  /** The program run that sent it (program_runs is keyed by its program); null for the others. */
  programRunId: number | null;
  siteId: number;
  serialno: string;
  action: FieldCommand['action'];
  controls: number[];
  status: 'done' | 'failed' | 'timedOut';
  reason: string | null;
};

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

type CommandRow = typeof fieldCommands.$inferSelect;
type CommandStatus = CommandRow['status'];

/** The queue settlements travel on to the listeners. */
export const COMMAND_SETTLED_QUEUE = 'field-command-settled';

/** Shared-subscription group of the ack consumers on a broker that has them. */
export const ACK_SHARE_GROUP = 'paddock-control';

/** A settled command not announced this long after is taken as forgotten by a dead process. */
const UNANNOUNCED_GRACE_MS = 5000;

/** A settlement's listeners only queue a job: one still active after this had its worker die. */
const SETTLEMENT_EXPIRY_SECONDS = 10;

/** How often a process looks for commands past their deadline. */
const DEFAULT_SWEEP_INTERVAL_MS = 1000;

const FINAL_COMMAND_STATUSES = ['done', 'failed', 'timedOut'] as const;

/** From which statuses an ack's phase may move a command: never backwards, never twice. */
const TRANSITIONS: Record<'accepted' | 'done' | 'failed', CommandStatus[]> = {
  accepted: ['sent'],
  done: ['sent', 'accepted'],
  failed: ['sent', 'accepted'],
};

const settledSchema = z.object({
  commandId: z.uuid(),
  requestId: idSchema.nullable(),
  // Optional: a settlement queued before runs were recorded on commands names none.
  programRunId: idSchema.nullable().default(null),
  siteId: idSchema,
  serialno: serialnoSchema,
  action: z.enum(['open', 'close', 'ping']),
  controls: z.array(idSchema),
  status: z.enum(FINAL_COMMAND_STATUSES),
  reason: z.string().nullable(),
});

const sendInputSchema = z.object({
  commandId: z.uuid().optional(),
  requestId: idSchema.nullable(),
  programRunId: idSchema.nullable(),
  siteId: idSchema,
  serialno: serialnoSchema,
});

function controlsOf(row: CommandRow): number[] {
  const parsed = z.object({ controls: z.array(idSchema) }).safeParse(row.payload);
  return parsed.success ? parsed.data.controls : [];
}

function settlementOf(row: CommandRow): CommandSettled | null {
  if (row.status !== 'done' && row.status !== 'failed' && row.status !== 'timedOut') return null;
  return {
    commandId: row.id,
    requestId: row.requestId,
    programRunId: row.programRunId,
    siteId: row.siteId,
    serialno: row.serialno,
    action: row.action,
    controls: controlsOf(row),
    status: row.status,
    reason: row.reason,
  };
}

/** A control whose open failed is no longer requested to run (§4 device status). */
async function releaseFailedOpens(tx: Transaction, rows: CommandRow[], now: Date) {
  const ids = rows
    .filter(
      (row) => row.action === 'open' && (row.status === 'failed' || row.status === 'timedOut'),
    )
    .flatMap(controlsOf);
  if (ids.length === 0) return;
  await tx
    .update(controls)
    .set({ startRequested: false, modifiedAt: now })
    .where(inArray(controls.id, ids));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

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
  const { db, clock, log, broker, topicRoot, jobs } = deps;
  const listeners: ((settled: CommandSettled) => void | Promise<void>)[] = [];
  let closed = false;

  await ensureQueue(jobs, COMMAND_SETTLED_QUEUE, {
    retryLimit: 5,
    retryDelay: 2,
    // A worker that dies while hearing a settlement leaves its job active: after this it is
    // retried elsewhere, well before the run that waits for it gives the command up (60 s).
    expireInSeconds: SETTLEMENT_EXPIRY_SECONDS,
  });

  /**
   * The settlement worker starts with the first listener: a worker without listeners would take
   * settlements (also other processes') and hear them with nobody listening.
   */
  let settledWorker: Promise<string> | null = null;
  const startSettledWorker = () =>
    jobs.work<unknown>(COMMAND_SETTLED_QUEUE, { batchSize: 20 }, async (batch) => {
      if (closed) throw new Error('command sender closed');
      for (const job of batch) {
        const parsed = settledSchema.safeParse(job.data);
        if (!parsed.success) {
          log.error({ job: job.id, issues: parsed.error.issues }, 'bad command settlement job');
          await jobs.fail(COMMAND_SETTLED_QUEUE, job.id, { message: 'bad payload' });
          continue;
        }
        try {
          for (const listener of listeners) await listener(parsed.data);
        } catch (error) {
          // Only this job runs again; the rest of the batch is complete.
          log.error({ err: error, commandId: parsed.data.commandId }, 'command listener failed');
          await jobs.fail(COMMAND_SETTLED_QUEUE, job.id, { message: String(error) });
        }
      }
    });

  /**
   * Queues the settlements for the listeners, then records that it did: a process that dies in
   * between leaves `announcedAt` null, and the deadline sweep announces the command again
   * (listeners hear a settlement at least once).
   */
  async function announce(rows: CommandRow[]) {
    const announced: string[] = [];
    for (const row of rows) {
      const settled = settlementOf(row);
      if (!settled) continue;
      log.info(
        { commandId: row.id, requestId: row.requestId, status: row.status, reason: row.reason },
        'command settled',
      );
      await jobs.send(COMMAND_SETTLED_QUEUE, settled);
      announced.push(row.id);
    }
    if (announced.length === 0) return;
    await db
      .update(fieldCommands)
      .set({ announcedAt: clock.now() })
      .where(inArray(fieldCommands.id, announced));
    // This process's worker looks now instead of at its next poll.
    if (settledWorker) jobs.notifyWorker(await settledWorker);
  }

  /** Settled commands whose settlement was never queued (their process died first). */
  async function announceForgotten() {
    const before = new Date(clock.now().getTime() - UNANNOUNCED_GRACE_MS);
    const forgotten = await db
      .select()
      .from(fieldCommands)
      .where(
        and(
          isNull(fieldCommands.announcedAt),
          inArray(fieldCommands.status, [...FINAL_COMMAND_STATUSES]),
          lte(fieldCommands.updatedAt, before),
        ),
      )
      .orderBy(asc(fieldCommands.updatedAt))
      .limit(100);
    if (forgotten.length === 0) return;
    log.warn(
      { commands: forgotten.map((row) => row.id) },
      'settled commands never announced (their process died): announcing them now',
    );
    await announce(forgotten);
  }

  /** Moves one command on, and its request with it; null when the move is not allowed. */
  async function transition(
    commandId: string,
    to: CommandStatus,
    from: CommandStatus[],
    reason: string | null,
  ): Promise<CommandRow | null> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(fieldCommands)
        .set({ status: to, reason, updatedAt: now })
        .where(and(eq(fieldCommands.id, commandId), inArray(fieldCommands.status, from)))
        .returning();
      if (!updated) return null;
      if (updated.requestId !== null)
        await advanceRequestsFromCommands(tx, [updated.requestId], now);
      await releaseFailedOpens(tx, [updated], now);
      return updated;
    });
    if (row) await announce([row]);
    return row;
  }

  /** Keeps a message that could not be taken, as ingest does (UTF-8 text, else base64). */
  async function deadLetter(topic: string, payload: string, reason: string) {
    log.warn({ topic, reason }, 'ack dead-lettered');
    await db.insert(deadLetters).values({ topic, payload, reason, receivedAt: clock.now() });
  }

  async function handleAck(topic: string, raw: Buffer) {
    let payload: string;
    try {
      payload = utf8.decode(raw);
    } catch {
      return deadLetter(
        topic,
        raw.toString('base64'),
        'payload is not UTF-8 text (kept here as base64)',
      );
    }
    const parsedTopic = parseFieldTopic(topicRoot, topic);
    if (!parsedTopic || parsedTopic.direction !== 'up' || parsedTopic.kind !== 'ack') {
      return deadLetter(topic, payload, 'not an ack topic of the field protocol');
    }
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch (error) {
      return deadLetter(topic, payload, `not JSON: ${(error as Error).message}`);
    }
    const ack = ackUplinkSchema.safeParse(json);
    if (!ack.success) {
      return deadLetter(topic, payload, `not an ack: ${z.prettifyError(ack.error)}`);
    }
    const { commandId, phase, reason } = ack.data;
    const [command] = await db.select().from(fieldCommands).where(eq(fieldCommands.id, commandId));
    if (!command) return deadLetter(topic, payload, `no command ${commandId}`);
    if (command.siteId !== parsedTopic.siteId || command.serialno !== parsedTopic.serialno) {
      return deadLetter(
        topic,
        payload,
        `command ${commandId} went to ${command.siteId}/${command.serialno}, not to ` +
          `${parsedTopic.siteId}/${parsedTopic.serialno}`,
      );
    }
    const moved = await transition(
      commandId,
      phase,
      TRANSITIONS[phase],
      phase === 'failed' ? (reason ?? 'failed on the device') : null,
    );
    if (!moved) {
      // A QoS 1 redelivery, or an answer after the deadline: the command has moved on already.
      log.info({ commandId, phase, status: command.status }, 'late or repeated ack ignored');
    }
  }

  // The handlers go on before the connection: acks queued in the session while this process
  // was away arrive right after it connects, and an unheard message would be lost.
  const client: MqttClient = mqtt.connect(
    broker.url,
    serverClientOptions(broker, deps.clientId ?? 'paddock-commands'),
  );
  // One ack at a time, in arrival order: a device's accepted is taken before its done.
  let acks: Promise<void> = Promise.resolve();
  client.on('message', (topic, payload) => {
    acks = acks
      .then(() => handleAck(topic, payload))
      .catch((error: unknown) => log.error({ err: error, topic }, 'ack not handled'));
  });
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
    if (closed) return;
    client.subscribeAsync(subscription, { qos: 1 }).then(
      () => log.info({ subscription }, 'command link subscribed again after a reconnect'),
      (error: unknown) => log.error({ err: error }, 'command link could not subscribe again'),
    );
  });

  async function sweepDeadlines() {
    const now = clock.now();
    const overdue = db
      .select({ id: fieldCommands.id })
      .from(fieldCommands)
      .where(
        and(inArray(fieldCommands.status, ['sent', 'accepted']), lte(fieldCommands.deadline, now)),
      )
      .orderBy(asc(fieldCommands.deadline))
      .limit(100)
      .for('update', { skipLocked: true });
    const rows = await db.transaction(async (tx) => {
      const timedOut = await tx
        .update(fieldCommands)
        .set({
          status: 'timedOut',
          reason: sql`'no final ack within ' || ceil(extract(epoch from ${fieldCommands.deadline} - ${fieldCommands.sentAt}))::int || ' s'`,
          updatedAt: now,
        })
        .where(
          and(
            inArray(fieldCommands.id, overdue),
            inArray(fieldCommands.status, ['sent', 'accepted']),
          ),
        )
        .returning();
      const requestIds = timedOut.flatMap((row) => (row.requestId === null ? [] : [row.requestId]));
      await advanceRequestsFromCommands(tx, requestIds, now);
      await releaseFailedOpens(tx, timedOut, now);
      return timedOut;
    });
    if (rows.length > 0) await announce(rows);
    await announceForgotten();
  }

  const sweeps = repeatEvery(
    deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    sweepDeadlines,
    (error) => log.error({ err: error }, 'command deadline sweep failed'),
  );

  async function publish(topic: string, downlink: CommandDownlink) {
    try {
      await client.publishAsync(topic, JSON.stringify(downlink), { qos: 1 });
    } catch (error) {
      await transition(downlink.commandId, 'failed', ['sent'], `not published: ${String(error)}`);
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
      const recorded = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(fieldCommands)
          .values({
            id: downlink.commandId,
            requestId,
            programRunId,
            siteId,
            serialno,
            action: downlink.action,
            payload: downlink,
            status: 'sent',
            sentAt: now,
            deadline: new Date(now.getTime() + deps.timeoutSeconds * 1000),
            updatedAt: now,
          })
          .onConflictDoNothing({ target: fieldCommands.id })
          .returning({ id: fieldCommands.id });
        // Recorded before under this id: sent then, by whichever process recorded it.
        if (inserted.length === 0) return false;
        if (downlink.action !== 'ping') {
          // §4 device status: requested to run (open) or not (close) until the device reports.
          await tx
            .update(controls)
            .set({ startRequested: downlink.action === 'open', modifiedAt: now })
            .where(inArray(controls.id, downlink.controls));
        }
        return true;
      });
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
      const rows = await db
        .select({ id: fieldCommands.id })
        .from(fieldCommands)
        .where(inArray(fieldCommands.id, ids));
      const recorded = new Set(rows.map((row) => row.id));
      return ids.filter((id) => !recorded.has(id));
    },
    onSettled(listener) {
      listeners.push(listener);
      if (!settledWorker) {
        settledWorker = startSettledWorker();
        settledWorker.catch((error: unknown) =>
          log.error({ err: error }, 'command settlement worker not started'),
        );
      }
    },
    async close() {
      closed = true;
      const sweepDone = sweeps.stop();
      if (settledWorker) await jobs.offWork({ id: await settledWorker });
      await sweepDone;
      await client.endAsync();
      await Promise.allSettled(publishing);
      await acks;
    },
  };
}
