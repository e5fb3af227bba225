/**
 * The command link's SQL (field_commands): a command recorded once under its id, every status
 * change one conditional UPDATE (so a redelivered or late ack, or two processes hearing the same
 * one, change a command once) in the transaction that moves its request and releases the
 * controls of a failed open; the deadline sweep; the settlements still to announce; the claimed
 * requests whose command was never sent; how much longer a LoRaWAN radio's command may take.
 */
import { COMMAND_ADVANCED_REQUEST_TYPES, type CommandDownlink } from '@paddock/domain';
import { and, asc, eq, inArray, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { controls, deadLetters, fieldCommands, radios, requests } from '../db/schema.ts';
import { advanceRequestsFromCommands } from '../requests/request.repository.ts';
import {
  AWAITING_ACK_STATUSES,
  failedOpenControls,
  FINAL_COMMAND_STATUSES,
  type CommandRow,
  type CommandStatus,
} from './command-rules.ts';

/** Commands the sweep times out at once, oldest deadline first; the rest wait for its next round. */
const SWEEP_BATCH = 100;
/** Forgotten settlements announced at once, oldest first. */
const FORGOTTEN_BATCH = 100;

/**
 * Records a command as sent, with its deadline, and marks its controls requested to run (open)
 * or not (close); false when one was recorded under its id before (then nothing changes).
 */
export async function recordCommand(
  db: Database,
  command: {
    downlink: CommandDownlink;
    requestId: number | null;
    programRunId: number | null;
    siteId: number;
    serialno: string;
    deadline: Date;
  },
  now: Date,
): Promise<boolean> {
  const { downlink, requestId, programRunId, siteId, serialno, deadline } = command;
  return db.transaction(async (tx) => {
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
        deadline,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: fieldCommands.id })
      .returning({ id: fieldCommands.id });
    // Recorded before under this id: sent then, by whichever process recorded it.
    if (inserted.length === 0) return false;
    if (downlink.action === 'open' || downlink.action === 'close') {
      // §4 device status: requested to run (open) or not (close) until the device reports.
      await tx
        .update(controls)
        .set({ startRequested: downlink.action === 'open', modifiedAt: now })
        .where(inArray(controls.id, downlink.controls));
    }
    return true;
  });
}

/** Which of these command ids are recorded. */
export async function recordedCommandIds(db: Database, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: fieldCommands.id })
    .from(fieldCommands)
    .where(inArray(fieldCommands.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function commandById(db: Database, commandId: string): Promise<CommandRow | null> {
  const [command] = await db.select().from(fieldCommands).where(eq(fieldCommands.id, commandId));
  return command ?? null;
}

/** A control whose open failed is no longer requested to run (§4 device status). */
async function releaseFailedOpens(tx: Transaction, rows: CommandRow[], now: Date) {
  const ids = failedOpenControls(rows);
  if (ids.length === 0) return;
  await tx
    .update(controls)
    .set({ startRequested: false, modifiedAt: now })
    .where(inArray(controls.id, ids));
}

/** Moves one command on, and its request with it; null when the move is not allowed. */
export async function moveCommand(
  db: Database,
  commandId: string,
  move: { to: CommandStatus; from: CommandStatus[]; reason: string | null },
  now: Date,
): Promise<CommandRow | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(fieldCommands)
      .set({ status: move.to, reason: move.reason, updatedAt: now })
      .where(and(eq(fieldCommands.id, commandId), inArray(fieldCommands.status, move.from)))
      .returning();
    if (!updated) return null;
    if (updated.requestId !== null) await advanceRequestsFromCommands(tx, [updated.requestId], now);
    await releaseFailedOpens(tx, [updated], now);
    return updated;
  });
}

/**
 * Times out commands past their deadline with no final ack, and moves their requests. Rows
 * another process is timing out are skipped (skip locked), so any number of processes may sweep.
 */
export async function timeOutOverdueCommands(db: Database, now: Date): Promise<CommandRow[]> {
  const overdue = db
    .select({ id: fieldCommands.id })
    .from(fieldCommands)
    .where(
      and(
        inArray(fieldCommands.status, [...AWAITING_ACK_STATUSES]),
        lte(fieldCommands.deadline, now),
      ),
    )
    .orderBy(asc(fieldCommands.deadline))
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  return db.transaction(async (tx) => {
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
          inArray(fieldCommands.status, [...AWAITING_ACK_STATUSES]),
        ),
      )
      .returning();
    const requestIds = timedOut.flatMap((row) => (row.requestId === null ? [] : [row.requestId]));
    await advanceRequestsFromCommands(tx, requestIds, now);
    await releaseFailedOpens(tx, timedOut, now);
    return timedOut;
  });
}

/** Settled commands last changed before `before` whose settlement was never announced. */
export async function unannouncedSettled(db: Database, before: Date): Promise<CommandRow[]> {
  return db
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
    .limit(FORGOTTEN_BATCH);
}

export async function markAnnounced(db: Database, commandIds: string[], now: Date) {
  await db
    .update(fieldCommands)
    .set({ announcedAt: now })
    .where(inArray(fieldCommands.id, commandIds));
}

/** Keeps a message that could not be taken, as ingest does. */
export async function insertDeadLetter(
  db: Database,
  letter: { topic: string; payload: string; reason: string },
  now: Date,
) {
  await db.insert(deadLetters).values({ ...letter, receivedAt: now });
}

/**
 * Fails the pending command-carried requests (COMMAND_ADVANCED_REQUEST_TYPES) claimed before
 * `before` that have no command yet: their claimer died before sending. Returns their ids.
 */
export async function failUnsentClaims(db: Database, before: Date, now: Date) {
  return db
    .update(requests)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        eq(requests.status, 'pending'),
        inArray(requests.type, [...COMMAND_ADVANCED_REQUEST_TYPES]),
        lt(requests.updatedAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(fieldCommands)
            .where(eq(fieldCommands.requestId, requests.id)),
        ),
      ),
    )
    .returning({ id: requests.id });
}

/**
 * The reporting interval of the site's radio of the serial number when it is a LoRaWAN one:
 * how much longer a class A device may take to hear a command. Null for a native radio.
 */
export async function lorawanReportInterval(
  db: Database,
  siteId: number,
  serialno: string,
): Promise<number | null> {
  const [radio] = await db
    .select({ devEui: radios.devEui, seconds: radios.reportIntervalSeconds })
    .from(radios)
    .where(and(eq(radios.siteId, siteId), eq(radios.serialno, serialno)));
  return radio?.devEui ? radio.seconds : null;
}
