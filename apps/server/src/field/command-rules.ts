/**
 * What the command link decides without the broker or the database: what a command and its
 * settlement are, how an ack's phase may move a command (never backwards, never twice), whether a
 * message on the ack topic is an ack of the field protocol for the device it names, and which
 * controls a settled command releases. command-link.ts and field-command.repository.ts carry it
 * out; nothing here does I/O or reads a clock.
 */
import {
  ackUplinkSchema,
  idSchema,
  parseFieldTopic,
  serialnoSchema,
  type AckUplink,
} from '@paddock/domain';
import { z } from 'zod';
import type { fieldCommands } from '../db/schema.ts';

export type FieldCommand =
  | { action: 'open'; controls: number[]; durationSeconds: number }
  | { action: 'close'; controls: number[] }
  | { action: 'ping' }
  /** A frost fan's start or stop from the console (issue 31): `fan` is its controller's sensor. */
  | { action: 'fanStart' | 'fanStop'; fan: number };

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

export type CommandRow = typeof fieldCommands.$inferSelect;
export type CommandStatus = CommandRow['status'];

export const FINAL_COMMAND_STATUSES = ['done', 'failed', 'timedOut'] as const;

/** Statuses a command waits for an ack in; past its deadline in one, it is timed out. */
export const AWAITING_ACK_STATUSES = ['sent', 'accepted'] as const;

/** From which statuses an ack's phase may move a command: never backwards, never twice. */
export const TRANSITIONS: Record<'accepted' | 'done' | 'failed', CommandStatus[]> = {
  accepted: ['sent'],
  done: ['sent', 'accepted'],
  failed: ['sent', 'accepted'],
};

/** A settlement as it travels on the queue to the listeners. */
export const settledSchema = z.object({
  commandId: z.uuid(),
  requestId: idSchema.nullable(),
  // Optional: a settlement queued before runs were recorded on commands names none.
  programRunId: idSchema.nullable().default(null),
  siteId: idSchema,
  serialno: serialnoSchema,
  action: z.enum(['open', 'close', 'ping', 'fanStart', 'fanStop']),
  controls: z.array(idSchema),
  status: z.enum(FINAL_COMMAND_STATUSES),
  reason: z.string().nullable(),
});

export const sendInputSchema = z.object({
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

/** The settlement of a command in a final status; null while it is not settled. */
export function settlementOf(row: CommandRow): CommandSettled | null {
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
export function failedOpenControls(rows: CommandRow[]): number[] {
  return rows
    .filter(
      (row) => row.action === 'open' && (row.status === 'failed' || row.status === 'timedOut'),
    )
    .flatMap(controlsOf);
}

/** A message on an ack topic, read: the ack and the device that sent it, or why it is refused. */
type AckReading =
  | { ack: AckUplink; siteId: number; serialno: string; payload: string }
  /** Kept as a dead letter: the payload (UTF-8 text, else base64) and the reason. */
  | { deadLetter: { payload: string; reason: string } };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a message heard on the ack subscription, as ingest reads an uplink. */
export function readAck(topicRoot: string, topic: string, raw: Buffer): AckReading {
  let payload: string;
  try {
    payload = utf8.decode(raw);
  } catch {
    return {
      deadLetter: {
        payload: raw.toString('base64'),
        reason: 'payload is not UTF-8 text (kept here as base64)',
      },
    };
  }
  const refused = (reason: string): AckReading => ({ deadLetter: { payload, reason } });
  const parsedTopic = parseFieldTopic(topicRoot, topic);
  if (!parsedTopic || parsedTopic.direction !== 'up' || parsedTopic.kind !== 'ack') {
    return refused('not an ack topic of the field protocol');
  }
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch (error) {
    return refused(`not JSON: ${(error as Error).message}`);
  }
  const ack = ackUplinkSchema.safeParse(json);
  if (!ack.success) return refused(`not an ack: ${z.prettifyError(ack.error)}`);
  return { ack: ack.data, siteId: parsedTopic.siteId, serialno: parsedTopic.serialno, payload };
}

/** Why an ack from this device cannot be for the command (it went elsewhere), or null. */
export function misdirected(
  command: { siteId: number; serialno: string },
  from: { siteId: number; serialno: string },
  commandId: string,
): string | null {
  if (command.siteId === from.siteId && command.serialno === from.serialno) return null;
  return (
    `command ${commandId} went to ${command.siteId}/${command.serialno}, not to ` +
    `${from.siteId}/${from.serialno}`
  );
}
