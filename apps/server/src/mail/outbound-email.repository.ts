/** SQL of outbound_emails (mailer.ts): every message recorded before it is sent, then its outcome. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { outboundEmails } from '../db/schema.ts';

/** Records a message as it is to be sent; answers its id. */
export async function recordOutboundEmail(
  db: Database,
  values: { to: string; subject: string; text: string },
): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(outboundEmails).values(values).returning({ id: outboundEmails.id });
  return row;
}

export async function markEmailSent(db: Database, id: number, sentAt: Date): Promise<void> {
  await db.update(outboundEmails).set({ sentAt }).where(eq(outboundEmails.id, id));
}

/** Keeps the delivery error on the row, for a later retry. */
export async function markEmailFailed(db: Database, id: number, error: string): Promise<void> {
  await db.update(outboundEmails).set({ error }).where(eq(outboundEmails.id, id));
}
