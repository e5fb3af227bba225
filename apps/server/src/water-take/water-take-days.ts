/**
 * The daily water-take files (reg 7A: each day's records by the end of the next day). The worker
 * writes, for each consent, the csv of every ended local day of the last week that has none yet,
 * an hour after the day ends (late telemetry from units that store and forward has arrived by
 * then), and records per day whether it was produced or failed. The rows are the job's memory:
 * a restart, or a server that was down for days, picks up the days still due; writing is
 * conditional on the day not being produced yet, so a second worker or a retried round never
 * writes a day twice. A produced day with missing intervals is made again each round while it is
 * in the last week: when late data (a unit that stored and forwarded, a back-fill) leaves fewer
 * intervals missing, the file is amended (amended_at), never made worse.
 */
import {
  addDays,
  datesBetween,
  localDateOf,
  localDayBounds,
  siteTimeZone,
  type WaterTakeDayStatus,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import { allConsents, type StoredConsent } from './consent.repository.ts';
import {
  completeDates,
  dayStatusRows,
  recordFailure,
  siteZoneRows,
  storeProducedDay,
} from './water-take-day.repository.ts';
import { consentMeterDays, renderWaterTakeCsv, summarise } from './water-take-file.ts';

/** A day's file is written this long after the day ends. */
const PRODUCE_AFTER_MS = 60 * 60_000;
/** How far back the job looks for days still due (a server down for up to a week catches up). */
const CATCH_UP_DAYS = 7;
const WATER_TAKE_INTERVAL_MS = 5 * 60_000;

/** True once the day's file may be written. */
function dayIsDue(date: string, timeZone: string, now: Date, graceMs = PRODUCE_AFTER_MS) {
  return localDayBounds(date, timeZone).end + graceMs <= now.getTime();
}

async function siteTimeZones(db: Database): Promise<Map<number, string>> {
  const rows = await siteZoneRows(db);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      siteTimeZone(row.config as { timezone?: string } | null, row.tags?.country),
    ]),
  );
}

/**
 * Writes one day's file unless it is already produced with no more intervals missing than now:
 * 'produced' when this call wrote it first, 'amended' when it replaced a file with more missing
 * intervals, null when it wrote nothing.
 */
async function produceDay(
  db: Database,
  consent: StoredConsent,
  timeZone: string,
  date: string,
  now: Date,
): Promise<'produced' | 'amended' | null> {
  const days = await consentMeterDays(db, consent, timeZone, date, date);
  const file = renderWaterTakeCsv(consent, days);
  const { volume, quality } = summarise(days);
  const missing = days.reduce((sum, { day }) => sum + day.total.missing, 0);
  const rows = await storeProducedDay(db, {
    consentId: consent.id,
    date,
    file,
    volume,
    quality,
    missing,
    now,
  });
  const [row] = rows;
  return row ? (row.amended ? 'amended' : 'produced') : null;
}

export type WaterTakeRound = { produced: number; amended: number; failed: number };

/** One round of the daily job: every consent's ended days of the last week without a file. */
export async function produceDueDays(
  db: Database,
  now: Date,
  log: Log,
  graceMs = PRODUCE_AFTER_MS,
): Promise<WaterTakeRound> {
  const zones = await siteTimeZones(db);
  const zoneOf = (siteId: number) => zones.get(siteId) ?? 'UTC';
  const consents = await allConsents(db, (siteId) => localDateOf(now.getTime(), zoneOf(siteId)));
  const round: WaterTakeRound = { produced: 0, amended: 0, failed: 0 };
  for (const consent of consents) {
    const timeZone = zoneOf(consent.site);
    const today = localDateOf(now.getTime(), timeZone);
    const first = addDays(today, -CATCH_UP_DAYS);
    const done = await completeDates(db, consent.id, first);
    for (const date of datesBetween(first, addDays(today, -1))) {
      if (done.has(date) || !dayIsDue(date, timeZone, now, graceMs)) continue;
      try {
        const written = await produceDay(db, consent, timeZone, date, now);
        if (written) round[written] += 1;
      } catch (error) {
        round.failed += 1;
        log.error({ err: error, consent: consent.id, date }, 'water-take file failed');
        await recordFailure(db, consent.id, date, now);
      }
    }
  }
  return round;
}

/** The worker's daily water-take job: a round at start, then every few minutes. */
export function startWaterTake(deps: PeriodicJobDeps): { close(): Promise<void> } {
  const { db, clock, log } = deps;
  const run = async () => {
    const round = await produceDueDays(db, clock.now(), log);
    if (round.produced + round.amended + round.failed > 0) log.info(round, 'water-take files');
  };
  const onError = (error: unknown) => log.error({ err: error }, 'water-take round failed');
  const first = run().catch(onError);
  const repeat = repeatEvery({
    intervalMs: deps.intervalMs ?? WATER_TAKE_INTERVAL_MS,
    first: 'after-interval',
    round: run,
    onError,
  });
  return {
    close: async () => {
      await first;
      await repeat.close();
    },
  };
}

export type DayStatus = {
  date: string;
  status: WaterTakeDayStatus;
  producedAt: string | null;
  amendedAt: string | null;
  volume: number | null;
  quality: number | null;
  error: string | null;
};

/** The last `count` local days up to today, newest first, with each day's file status. */
export async function listDayStatus(
  db: Database,
  consentId: number,
  timeZone: string,
  now: Date,
  count: number,
): Promise<DayStatus[]> {
  const today = localDateOf(now.getTime(), timeZone);
  const first = addDays(today, -(count - 1));
  const rows = await dayStatusRows(db, consentId, first);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return datesBetween(first, today)
    .reverse()
    .map((date) => {
      const row = byDay.get(date);
      return {
        date,
        status: row?.status ?? (dayIsDue(date, timeZone, now) ? 'due' : 'notDue'),
        producedAt: row?.produced_at ? new Date(row.produced_at).toISOString() : null,
        amendedAt: row?.amended_at ? new Date(row.amended_at).toISOString() : null,
        volume: row?.volume === null || row?.volume === undefined ? null : Number(row.volume),
        quality: row?.quality === null || row?.quality === undefined ? null : Number(row.quality),
        error: row?.error ?? null,
      };
    });
}
