/**
 * The rows of alarm_ack_links behind acknowledgement links (ack-links.ts signs and checks the
 * tokens): one unused link per alarm episode and contact, used up by a conditional UPDATE so a
 * link works once even when clicked twice at once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { alarmAckLinks } from '../db/schema.ts';

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
