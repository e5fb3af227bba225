/** SQL of scheduled reports: a site's list, one added, one removed. */
import type { ReportChoice, ReportEvery } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
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
