/**
 * SQL of scheduled reports: a site's list, one added, one removed; the poll loop's schedules, its
 * claim on a period, the period recorded sent or the reason it failed; a contact's email addresses.
 */
import type { ReportChoice, ReportEvery } from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { scheduledReports } from '../db/schema.ts';

export type ScheduledReportRow = typeof scheduledReports.$inferSelect;

export async function listScheduledReports(
  db: Database,
  siteId: number,
): Promise<ScheduledReportRow[]> {
  return db
    .select()
    .from(scheduledReports)
    .where(eq(scheduledReports.siteId, siteId))
    .orderBy(scheduledReports.id);
}

export async function insertScheduledReport(
  db: Database,
  input: {
    siteId: number;
    contactId: number;
    every: ReportEvery;
    choice: ReportChoice;
    createdBy: number;
    now: Date;
  },
): Promise<ScheduledReportRow> {
  const [row] = await db
    .insert(scheduledReports)
    .values({
      siteId: input.siteId,
      contactId: input.contactId,
      every: input.every,
      choice: input.choice,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('scheduled report not recorded');
  return row;
}

/** Whether it was there (and of the site) to delete. */
export async function deleteScheduledReport(
  db: Database,
  siteId: number,
  id: number,
): Promise<boolean> {
  const deleted = await db
    .delete(scheduledReports)
    .where(and(eq(scheduledReports.id, id), eq(scheduledReports.siteId, siteId)))
    .returning({ id: scheduledReports.id });
  return deleted.length > 0;
}

/** The active email addresses of a contact of the site; empty when it is not of the site. */
export async function contactEmails(
  db: Database,
  siteId: number,
  contactId: number,
): Promise<string[]> {
  const rows = await queryRows<{ address: string }>(
    db,
    sql`select n.address from contacts c join contact_notifications n on n.contact_id = c.id
        where c.id = ${contactId} and c.site_id = ${siteId} and n.method = 'email' and n.active
        order by n.id`,
  );
  return rows.map((row) => row.address);
}

/** Every schedule, of every site. */
export async function allScheduledReports(db: Database): Promise<ScheduledReportRow[]> {
  return db.select().from(scheduledReports).orderBy(scheduledReports.id);
}

/**
 * Claims the period for this process: true unless it was sent already, or another process holds
 * a claim on it made after `lostBefore`.
 */
export async function claimScheduledPeriod(
  db: Database,
  id: number,
  claim: { period: string; now: Date; lostBefore: Date },
): Promise<boolean> {
  const claimed = await db
    .update(scheduledReports)
    .set({ claimedPeriod: claim.period, claimedAt: claim.now })
    .where(
      and(
        eq(scheduledReports.id, id),
        sql`(${scheduledReports.lastPeriod} is null or ${scheduledReports.lastPeriod} < ${claim.period})`,
        sql`(${scheduledReports.claimedPeriod} is distinct from ${claim.period}
               or ${scheduledReports.claimedAt} < ${claim.lostBefore.toISOString()})`,
      ),
    )
    .returning({ id: scheduledReports.id });
  return claimed.length > 0;
}

/** The period sent: the claim released and any earlier failure's reason cleared. */
export async function recordPeriodSent(db: Database, id: number, period: string, sentAt: Date) {
  await db
    .update(scheduledReports)
    .set({ lastPeriod: period, lastSentAt: sentAt, error: null, claimedPeriod: null })
    .where(eq(scheduledReports.id, id));
}

/** Why the last try failed, shown until a period is sent. */
export async function recordScheduleError(db: Database, id: number, error: string) {
  await db.update(scheduledReports).set({ error }).where(eq(scheduledReports.id, id));
}
