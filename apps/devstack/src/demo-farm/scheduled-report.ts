/**
 * The demo farm's scheduled report (docs/reports.md): Dunsandel Dairy's water report, mailed as a
 * pdf each week to the grower, so the Reports page has a schedule to show after `npm start`. Its
 * last whole week counts as sent: a fresh start mails nothing until the next week has ended.
 */
import { reportChoiceSchema, siteTimeZone } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { lastWholePeriod, schema as t, type Transaction } from '@paddock/server';

const DEMO_SCHEDULED_REPORT = {
  site: 'Dunsandel Dairy',
  contact: 'Liam Crawford',
  report: 'waterReport',
  format: 'pdf',
  every: 'week',
} as const;

export async function seedDemoScheduledReport(
  tx: Transaction,
  sites: readonly { id: number; label: string }[],
  createdBy: number,
  now: Date,
): Promise<void> {
  const site = sites.find((candidate) => candidate.label === DEMO_SCHEDULED_REPORT.site);
  if (!site) return;
  const found = (await tx.execute(
    sql`select c.id, s.config, s.tags from contacts c join sites s on s.id = c.site_id
        where c.site_id = ${site.id} and c.name = ${DEMO_SCHEDULED_REPORT.contact}`,
  )) as unknown as {
    rows: { id: number; config: { timezone?: string } | null; tags: { country?: string } }[];
  };
  const contact = found.rows[0];
  if (!contact) return;
  const timeZone = siteTimeZone(contact.config, contact.tags?.country);
  await tx.insert(t.scheduledReports).values({
    siteId: site.id,
    contactId: Number(contact.id),
    every: DEMO_SCHEDULED_REPORT.every,
    choice: reportChoiceSchema.parse({
      report: DEMO_SCHEDULED_REPORT.report,
      format: DEMO_SCHEDULED_REPORT.format,
      site: site.id,
    }),
    lastPeriod: lastWholePeriod(DEMO_SCHEDULED_REPORT.every, now, timeZone).key,
    lastSentAt: now,
    createdBy,
    createdAt: now,
  });
}
