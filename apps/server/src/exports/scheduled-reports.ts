/**
 * Scheduled reports (issue 17 item 5): a contact of a site receives a chosen report by email each
 * week or month. A poll loop finds schedules whose last whole period (a week from Monday 00:00,
 * or a calendar month, in the site's timezone) has not been sent, claims it (so two processes
 * never both send it), makes the report for that period, mails it as an attachment and records
 * the period as sent. A claim not finished within CLAIM_LOST_MS (a process that died, or a
 * failure, whose reason is kept) is taken again: a period is sent once, and never skipped.
 */
import {
  reportChoiceSchema,
  zonedDateTime,
  zonedTimeToInstant,
  type ReportEvery,
  type ScheduledReport,
} from '@paddock/domain';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { memorySink } from './chunk-writer.ts';
import { makeReport } from './make-report.ts';
import { paceOf } from './pace.ts';
import type { PeopleFirst } from '../db/lanes.ts';
import { scopeOfChoice } from './report-scope.ts';
import type { Log } from '../log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';
import { readReportSite } from '../reports/report-site.ts';
import {
  allScheduledReports,
  claimScheduledPeriod,
  contactEmails,
  recordPeriodSent,
  recordScheduleError,
  type ScheduledReportRow,
} from './scheduled-report.repository.ts';

/** A claimed period not sent by then is tried again. */
const CLAIM_LOST_MS = 10 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The last whole period before `now` in the zone: its key (the Monday's date, or the month) and
 * its range.
 */
export function lastWholePeriod(
  every: ReportEvery,
  now: Date,
  timeZone: string,
): { key: string; from: Date; to: Date } {
  const wall = zonedDateTime(now, timeZone);
  if (every === 'month') {
    const to = zonedTimeToInstant({ year: wall.year, month: wall.month, day: 1 }, timeZone);
    const year = wall.month === 1 ? wall.year - 1 : wall.year;
    const month = wall.month === 1 ? 12 : wall.month - 1;
    const from = zonedTimeToInstant({ year, month, day: 1 }, timeZone);
    return { key: `${year}-${pad(month)}`, from, to };
  }
  // The Monday that starts this week, by the calendar (UTC date arithmetic on the wall date).
  const today = Date.UTC(wall.year, wall.month - 1, wall.day);
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(today - weekday * 86_400_000);
  const before = new Date(monday.getTime() - 7 * 86_400_000);
  const at = (date: Date) =>
    zonedTimeToInstant(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      timeZone,
    );
  return { key: before.toISOString().slice(0, 10), from: at(before), to: at(monday) };
}

export function presentScheduledReport(row: ScheduledReportRow): ScheduledReport {
  return {
    id: row.id,
    site: row.siteId,
    contact: row.contactId,
    every: row.every,
    choice: row.choice,
    lastPeriod: row.lastPeriod,
    lastSent: row.lastSentAt ? new Date(row.lastSentAt).toISOString() : null,
    error: row.error,
    created: new Date(row.createdAt).toISOString(),
  };
}

/** One round: sends every period due, one schedule at a time. */
export async function sendDueReports(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  mailer: Mailer;
  /** People's requests of this process, which a report's making yields to (db/lanes.ts). */
  people?: PeopleFirst;
}): Promise<boolean> {
  const { db, clock, log, mailer, people } = deps;
  const rows = await allScheduledReports(db);
  for (const row of rows) {
    const now = clock.now();
    const site = await readReportSite(db, row.siteId, null);
    const period = lastWholePeriod(row.every, now, site.timeZone);
    if (row.lastPeriod !== null && row.lastPeriod >= period.key) continue;
    // Claim the period before the slow part: another process finds it taken and skips it.
    const claimed = await claimScheduledPeriod(db, row.id, {
      period: period.key,
      now,
      lostBefore: new Date(now.getTime() - CLAIM_LOST_MS),
    });
    if (!claimed) continue;
    try {
      const addresses = await contactEmails(db, row.siteId, row.contactId);
      if (addresses.length === 0) throw new Error('The contact has no active email address');
      const choice = reportChoiceSchema.parse(row.choice);
      const sink = memorySink();
      const file = await makeReport(
        db,
        { ...scopeOfChoice(choice, row.siteId), from: period.from, to: period.to },
        now,
        async () => {},
        sink,
        paceOf(people),
      );
      const bytes = sink.bytes();
      for (const to of addresses) {
        await mailer.send({
          to,
          subject: `${site.label}: ${file.name}`,
          text:
            `The ${row.every === 'week' ? 'weekly' : 'monthly'} report of ${site.label} for the ` +
            `${row.every} from ${period.key} is attached.\n`,
          attachments: [{ filename: file.name, content: bytes }],
        });
      }
      await recordPeriodSent(db, row.id, period.key, clock.now());
      log.info({ scheduledReport: row.id, period: period.key }, 'scheduled report sent');
    } catch (error) {
      // The claim stays until it is lost: the period is tried again then, the reason shown meanwhile.
      log.error({ err: error, scheduledReport: row.id }, 'scheduled report failed');
      await recordScheduleError(db, row.id, error instanceof Error ? error.message : String(error));
    }
  }
  return false;
}

/** Checks the schedules every `intervalMs` (a minute by default). */
export function startScheduledReports(
  deps: PeriodicJobDeps & { mailer: Mailer; people?: PeopleFirst },
): { close(): Promise<void> } {
  return repeatEvery({
    first: 'now',
    round: () => sendDueReports(deps),
    intervalMs: deps.intervalMs ?? 60_000,
    onError: (error) => deps.log.error({ err: error }, 'scheduled reports round failed'),
  });
}
