/**
 * The audit log's daily anchors and retention by whole months (issue 33 item 2). After each UTC
 * midnight the worker writes, for each chain with rows, the day's last row (seq and hash) to the
 * export folder, audit-anchors/site-<id>/<YYYY-MM-DD>.json for a site's chain and
 * audit-anchors/account/ for the account-level rows (sign-ins, password and token events, which
 * have no site), and keeps it in audit_anchors: someone who edits a row and redoes every hash
 * after it still leaves the anchors (and the files, out of the database's reach) disagreeing with
 * the chain, which verify reports.
 * Days missed while no worker ran are written at the next start, each from the rows as they are.
 *
 * Retention then removes whole calendar months older than AUDIT_RETENTION_MONTHS, and only up to
 * a month's last anchor that is kept and whose file is there: verify starts from that anchor
 * instead of the genesis, so an expired month is not a gap, while any other delete still is.
 */
import { addDays } from '@paddock/domain';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import {
  ACCOUNT_CHAIN,
  anchorSites,
  expirableAnchors,
  expireThrough,
  keepAnchor,
  lastRowOfDay,
  type AuditAnchor,
} from './audit-anchor.repository.ts';

/** How often the worker looks for a day to anchor: a new day is anchored this soon after midnight. */
const ANCHOR_INTERVAL_MS = 10 * 60_000;
/**
 * A day is anchored this long after it ends: a change whose row was timed just before midnight
 * has committed by then, so it is in its day's anchor.
 */
const ANCHOR_AFTER_MS = 2 * 60_000;
/** Anchors written in one round; a server down for long catches up over several rounds. */
const ANCHORS_PER_ROUND = 500;

/** The UTC day of an instant, YYYY-MM-DD. */
const utcDate = (time: Date): string => time.toISOString().slice(0, 10);
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
/** The last day whose anchors may be written at `now`. */
const lastEndedDay = (now: Date) => addDays(utcDate(new Date(now.getTime() - ANCHOR_AFTER_MS)), -1);

/** Where a chain's anchor of a day is written, under the export folder. */
export function anchorFilePath(exportDir: string, siteId: number, date: string): string {
  const folder = siteId === ACCOUNT_CHAIN ? 'account' : `site-${siteId}`;
  return path.join(exportDir, 'audit-anchors', folder, `${date}.json`);
}

/** Written whole or not at all: a reader never finds half a file. */
async function writeAnchorFile(exportDir: string, anchor: AuditAnchor): Promise<void> {
  const file = anchorFilePath(exportDir, anchor.site, anchor.date);
  await mkdir(path.dirname(file), { recursive: true });
  const { date, seq, hash, time, rows } = anchor;
  // The account-level rows' file says so rather than naming a site 0 that does not exist.
  const site = anchor.site === ACCOUNT_CHAIN ? null : anchor.site;
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify({ site, date, seq, hash, time, rows }, null, 2)}\n`);
  await rename(partial, file);
}

export type AnchorRound = { written: number; more: boolean };

/**
 * Anchors every ended UTC day of each chain not anchored yet, from its first row's day (or the
 * day after its last anchor) to yesterday. The file is written before the row is kept, so a kept
 * anchor always has its file; a second worker's anchor of the same day is the same file.
 */
export async function writeDueAnchors(
  db: Database,
  options: { now: Date; exportDir: string; limit?: number },
): Promise<AnchorRound> {
  const limit = options.limit ?? ANCHORS_PER_ROUND;
  const yesterday = lastEndedDay(options.now);
  let written = 0;
  for (const site of await anchorSites(db)) {
    let date = site.lastAnchor ? addDays(site.lastAnchor, 1) : utcDate(site.firstTime);
    for (; date <= yesterday; date = addDays(date, 1)) {
      if (written >= limit) return { written, more: true };
      const last = await lastRowOfDay(db, site.siteId, dayStart(date), dayStart(addDays(date, 1)));
      if (!last) continue;
      const anchor: AuditAnchor = {
        site: site.siteId,
        date,
        seq: last.seq,
        hash: last.hash,
        time: last.time.toISOString(),
        rows: last.rows,
      };
      await writeAnchorFile(options.exportDir, anchor);
      if (await keepAnchor(db, anchor, options.now)) written += 1;
    }
  }
  return { written, more: false };
}

/**
 * The last day of the newest month retention removes: with 1 month kept, on any day of November,
 * September's last day (October and November are kept whole).
 */
export function lastExpiredDay(now: Date, retentionMonths: number): string {
  const keptFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths, 1));
  return addDays(utcDate(keptFrom), -1);
}

export type ExpiryRound = { sites: number; rows: number };

/**
 * Removes, site by site, every row up to the last anchor of the newest month older than the
 * retention, once that anchor is kept and its file is in the export folder.
 */
export async function expireWholeMonths(
  db: Database,
  options: { now: Date; exportDir: string; retentionMonths: number; log: Log },
): Promise<ExpiryRound> {
  const date = lastExpiredDay(options.now, options.retentionMonths);
  const round: ExpiryRound = { sites: 0, rows: 0 };
  for (const anchor of await expirableAnchors(db, date)) {
    const file = anchorFilePath(options.exportDir, anchor.site, anchor.date);
    try {
      await access(file);
    } catch {
      options.log.warn({ site: anchor.site, file }, 'audit rows kept: their anchor file is gone');
      continue;
    }
    round.rows += await expireThrough(db, anchor, options.now);
    round.sites += 1;
  }
  return round;
}

/** The worker's job: a round at start, then every few minutes, doing work once a day. */
export function startAuditAnchors(
  deps: PeriodicJobDeps & { exportDir: string; retentionMonths: number },
): { close(): Promise<void> } {
  const { db, clock, log, exportDir, retentionMonths } = deps;
  /** The last ended day whose anchors and expiry are done: until the next, a round does nothing. */
  let doneFor: string | null = null;
  const round = async (): Promise<boolean> => {
    const now = clock.now();
    const day = lastEndedDay(now);
    if (doneFor === day) return false;
    const anchors = await writeDueAnchors(db, { now, exportDir });
    if (anchors.written > 0) log.info({ written: anchors.written }, 'audit anchors written');
    if (anchors.more) return true;
    const expired = await expireWholeMonths(db, { now, exportDir, retentionMonths, log });
    if (expired.rows > 0) log.info(expired, 'audit rows expired by retention');
    doneFor = day;
    return false;
  };
  return repeatEvery({
    intervalMs: deps.intervalMs ?? ANCHOR_INTERVAL_MS,
    first: 'now',
    round,
    onError: (error) => log.error({ err: error }, 'audit anchor round failed'),
  });
}
