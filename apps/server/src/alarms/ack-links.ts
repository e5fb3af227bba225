/**
 * Single-use acknowledgement links for alarm emails, sms and calls. A token names one or more
 * rows of alarm_ack_links (a call that reads three alarms acknowledges the three) and is signed
 * with the server's link key (HMAC-SHA256, truncated to 128 bits), so ids cannot be guessed;
 * a row is used up by a conditional UPDATE, so a link works once even when clicked twice at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { alarmAckLinks } from '../db/schema.ts';

function mac(secret: string, ids: string): string {
  return createHmac('sha256', secret).update(`alarm-ack:${ids}`).digest('base64url').slice(0, 22);
}

export function signAckToken(secret: string, linkIds: readonly number[]): string {
  const ids = linkIds.join('-');
  return `${ids}.${mac(secret, ids)}`;
}

/** The link ids of a genuine token; null for anything else. */
export function verifyAckToken(secret: string, token: string): number[] | null {
  const match = /^(\d{1,10}(?:-\d{1,10}){0,49})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(mac(secret, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return match[1].split('-').map(Number);
}

/** The unused link of this alarm episode for this contact, made when there is none. */
export async function ackLinkFor(
  tx: Database,
  input: { alarmId: number; episode: number; contactId: number | null },
): Promise<number> {
  const [existing] = await tx
    .select({ id: alarmAckLinks.id })
    .from(alarmAckLinks)
    .where(
      and(
        eq(alarmAckLinks.alarmId, input.alarmId),
        eq(alarmAckLinks.episode, input.episode),
        input.contactId === null
          ? isNull(alarmAckLinks.contactId)
          : eq(alarmAckLinks.contactId, input.contactId),
        isNull(alarmAckLinks.usedAt),
      ),
    )
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx.insert(alarmAckLinks).values(input).returning({ id: alarmAckLinks.id });
  if (!row) throw new Error('ack link insert returned nothing');
  return row.id;
}

export async function findAckLinks(db: Database, ids: number[]) {
  return db.select().from(alarmAckLinks).where(inArray(alarmAckLinks.id, ids));
}

/** Uses the links up; returns those this call used (none when used already). */
export async function useAckLinks(tx: Database, ids: number[], now: Date) {
  return tx
    .update(alarmAckLinks)
    .set({ usedAt: now })
    .where(and(inArray(alarmAckLinks.id, ids), isNull(alarmAckLinks.usedAt)))
    .returning();
}
