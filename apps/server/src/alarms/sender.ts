/**
 * The sender: works through the alarm message outbox (alarm_notifications, status pending and
 * due) in the worker. A message is claimed by pushing its due time a lease ahead and counting the
 * attempt, in a short transaction (FOR UPDATE SKIP LOCKED: several workers split the work, none
 * holds a transaction open across a provider call); then sent; then recorded sent or, on error,
 * due again after a backoff, or failed for good after MAX_ATTEMPTS or a permanent refusal. A
 * worker killed mid-send leaves the row pending: it is sent when the lease runs out (at least
 * once; the window is the provider call itself).
 *
 * Messages due together for the same person (site, method, address) go out as one: six alarms of
 * a storm are one sms. Before sending, a raise or reminder whose alarm was acknowledged, cleared or
 * raised again since, or whose area is snoozed now, is recorded suppressed instead.
 */
import { alarmMessage, type AlarmMessagePart, type ContactMethod } from '@paddock/domain';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../clock.ts';
import { ackLinkFor } from './ack-link.repository.ts';
import {
  alarmLabelsOf,
  alarmStateOfMessage,
  failContactTests,
  finishContactTests,
  leaseMessages,
  lockDueMessages,
  recordMessageSuppressed,
  recordMessagesNotSent,
  recordMessagesSent,
  startContactTests,
  type AlarmMessageRow,
} from './alarm-message.repository.ts';
import { signAckToken } from './ack-links.ts';
import { alarmCallTwiml, ProviderError, type Twilio } from './twilio.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import { siteLabelOf } from '../sites/site.repository.ts';

const MAX_ATTEMPTS = 5;
/** A claimed message is due again after this long if its worker never reports back. */
const LEASE_SECONDS = 60;
const CLAIM_LIMIT = 50;

function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

export type SenderDeps = {
  db: Database;
  mailer: Mailer;
  /** Null: sms and calls are written to `outboxDir` instead. */
  twilio: Twilio | null;
  outboxDir: string;
  /** Where links and provider callbacks reach this server, e.g. https://paddock.example. */
  publicUrl: string;
  apiBasePath: string;
  linkSecret: string;
  clock: Clock;
  log: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void };
};

type Row = AlarmMessageRow;

async function claim(db: Database, now: Date): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const due = await lockDueMessages(tx, now, CLAIM_LIMIT);
    if (due.length === 0) return [];
    const rows = await leaseMessages(
      tx,
      due.map((row) => Number(row.id)),
      new Date(now.getTime() + LEASE_SECONDS * 1000),
    );
    const tests = rows.flatMap((row) => (row.contactTestId ? [row.contactTestId] : []));
    if (tests.length > 0) await startContactTests(tx, tests);
    return rows;
  });
}

/** Why a raise or reminder should not go out now; null when it should. */
async function staleReason(db: Database, row: Row): Promise<string | null> {
  if (!row.alarmId || row.kind === 'cleared' || row.kind === 'test') return null;
  const state = await alarmStateOfMessage(db, row.alarmId);
  if (!state) return 'Alarm deleted';
  if (state.episode !== row.episode) return 'Cleared before it was sent';
  if (state.status === 'acknowledged') return `Acknowledged by ${state.by ?? 'someone'}`;
  if (state.status === 'normal') return 'Cleared before it was sent';
  if (state.snoozed) return 'Snoozed: the area’s alarms are snoozed';
  return null;
}

async function labels(db: Database, row: Row) {
  const site = await siteLabelOf(db, row.siteId);
  const alarm = row.alarmId ? await alarmLabelsOf(db, row.alarmId) : undefined;
  return { site: site ?? 'Paddock', alarm };
}

/** One round: claims the due messages, groups them per person, sends each group. */
export async function sendDueNotifications(
  deps: SenderDeps,
): Promise<{ sent: number; failed: number }> {
  const { db } = deps;
  const now = deps.clock.now();
  const rows = await claim(db, now);
  const result = { sent: 0, failed: 0 };
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const reason = await staleReason(db, row);
    if (reason) {
      await recordMessageSuppressed(db, row.id, reason);
      continue;
    }
    // Tests go alone; alarm messages to the same person, of the same kind, together.
    const key = row.contactTestId
      ? `test:${row.id}`
      : `${row.siteId}|${row.method}|${row.address}|${row.kind === 'cleared' ? 'c' : 'r'}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    const ok = await sendGroup(deps, group, now);
    if (ok) result.sent += group.length;
    else result.failed += group.length;
  }
  return result;
}

async function sendGroup(deps: SenderDeps, group: Row[], now: Date): Promise<boolean> {
  const { db } = deps;
  const first = group[0];
  if (!first) return true;
  const method = first.method;
  let subject = first.subject;
  let text = first.text;
  let twiml: string | null = null;
  const linkIds: number[] = [];
  const api = `${deps.publicUrl}${deps.apiBasePath}`;
  if (!first.contactTestId) {
    const { site } = await labels(db, first);
    const parts: AlarmMessagePart[] = [];
    for (const row of group) {
      const { alarm } = await labels(db, row);
      let ackUrl: string | null = null;
      if (row.alarmId && row.episode !== null && row.kind !== 'cleared') {
        const id = await ackLinkFor(db, {
          alarmId: row.alarmId,
          episode: row.episode,
          contactId: row.contactId,
        });
        linkIds.push(id);
        ackUrl = `${deps.publicUrl}/ack/${signAckToken(deps.linkSecret, [id])}`;
      }
      parts.push({
        label: alarm?.label ?? 'Alarm',
        area: alarm?.area ?? '',
        severity: row.severity,
        value: row.raisedValue,
        kind: row.kind,
        detail: row.detail,
        ackUrl: method === 'voice' ? null : ackUrl,
      });
    }
    ({ subject, text } = alarmMessage(site, parts, method));
  }
  if (method === 'voice') {
    const gather =
      linkIds.length > 0
        ? `${api}/providers/twilio/gather/${signAckToken(deps.linkSecret, linkIds)}`
        : `${api}/providers/twilio/gather/none`;
    twiml = alarmCallTwiml(
      linkIds.length > 0 ? text : text.replace(/ Press 1 to acknowledge\.$/, ''),
      gather,
    );
  }
  const ids = group.map((row) => row.id);
  try {
    const providerId = await deliver(deps, { method, to: first.address, subject, text, twiml });
    await recordMessagesSent(db, ids, { sentAt: deps.clock.now(), providerId, subject, text });
    const tests = group.flatMap((row) => (row.contactTestId ? [row.contactTestId] : []));
    if (tests.length > 0) await finishContactTests(db, tests);
    deps.log.info(
      { method, to: first.address, messages: ids.length, providerId },
      'alarm message sent',
    );
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof ProviderError && error.permanent;
    const attempts = Math.max(...group.map((row) => row.attempts));
    const final = permanent || attempts >= MAX_ATTEMPTS;
    await recordMessagesNotSent(
      db,
      ids,
      final
        ? { status: 'failed', reason: reason.slice(0, 1000), subject, text }
        : {
            reason: reason.slice(0, 1000),
            dueAt: new Date(now.getTime() + retryDelayMs(attempts)),
          },
    );
    const tests = group.flatMap((row) => (row.contactTestId ? [row.contactTestId] : []));
    if (final && tests.length > 0) {
      await failContactTests(db, tests, reason.slice(0, 1000));
    }
    deps.log.warn(
      { method, to: first.address, err: reason, attempts, final },
      'alarm message not sent',
    );
    return false;
  }
}

async function deliver(
  deps: SenderDeps,
  message: {
    method: ContactMethod;
    to: string;
    subject: string;
    text: string;
    twiml: string | null;
  },
): Promise<string> {
  if (message.method === 'email') {
    const { id, delivered } = await deps.mailer.send({
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    if (delivered === 'failed') throw new Error('The mail server did not take the message');
    return `email:${id}`;
  }
  const statusCallback = `${deps.publicUrl}${deps.apiBasePath}/providers/twilio/status`;
  if (!deps.twilio) {
    // No provider configured: written where a newcomer looks, like email without SMTP.
    const dir = path.join(deps.outboxDir, message.method === 'sms' ? 'sms' : 'calls');
    mkdirSync(dir, { recursive: true });
    const name = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
    writeFileSync(path.join(dir, name), `${JSON.stringify(message, null, 2)}\n`);
    return `outbox:${name}`;
  }
  if (message.method === 'sms') {
    return (await deps.twilio.sendSms({ to: message.to, body: message.text, statusCallback })).sid;
  }
  return (await deps.twilio.call({ to: message.to, twiml: message.twiml ?? '', statusCallback }))
    .sid;
}

/** Sends every `intervalMs` until closed (worker role); again at once after a busy round. */
export function startSender(deps: SenderDeps & { intervalMs: number }): {
  close: () => Promise<void>;
} {
  return repeatEvery({
    first: 'now',
    intervalMs: deps.intervalMs,
    round: async () => {
      const { sent, failed } = await sendDueNotifications(deps);
      return sent + failed > 0;
    },
    onError: (error) => deps.log.warn({ err: String(error) }, 'alarm messages could not be taken'),
  });
}
