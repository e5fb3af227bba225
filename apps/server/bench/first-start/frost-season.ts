/**
 * The setup and the exports of the first-start bench's report run: a season of frost fan
 * readings seeded into a new embedded database before the devstack holds it, then the frost
 * compliance exports the demo admin asks for through the API and follows as the console does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  FAN_METRICS,
  FROST_FAN_IDENTIFIER,
  frostNightOf,
  frostNightRange,
  type ExportCreateBody,
  type ExportFormat,
  type ExportList,
  type ReportExport,
  type SensorTopic,
} from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import { seedDemoFarm } from '../../../devstack/src/demo-farm/demo-farm.ts';
import { createHistoryStore, type HistoryPoints } from '../../src/ingest/history-store.ts';
import { demoToken } from '../../test/helpers/sign-in.ts';
import { ADMIN } from './constants.ts';

/** As the console's export list polls while an export is made (apps/web/src/data/exports/get-exports.ts). */
const EXPORT_POLL_MS = 2_000;
/** The longest one export may take before the run gives up on it. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;
/** Formats asked in turn when a report is made before 2 tries have run beside it. */
const EXPORT_FORMATS: readonly ExportFormat[] = ['pdf', 'xlsx', 'csv'];
const MAX_EXPORTS = 9;
/** The demo site the report run's frost area is added to (it has a frost area of its own). */
const REPORT_SITE = 'Rapaura Vineyard';
const STEP_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** A seeded random, so every run stores the same season. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * One fan's season every 10 minutes over [from, to), as frost-report.bench.ts models it: frosts
 * on about one night in four, the canopy cooling to its coldest some 18 h after noon, one run a
 * frost night until after sunrise burning fuel and adding engine hours. Points per metric the
 * compliance report reads (the domain's FAN_METRICS).
 */
function fanSeason(
  sensorId: number,
  fan: number,
  from: number,
  to: number,
): { points: HistoryPoints[]; last: Record<string, number> } {
  const rand = random(fan + 1);
  const nights = Math.ceil((to - from) / DAY_MS);
  const frostNights = new Set<number>();
  for (let night = 0; night < nights; night++)
    if (random(night + 7)() < 0.25) frostNights.add(night);
  const times: number[] = [];
  const values: Record<string, number[]> = {
    [FAN_METRICS.rpm]: [],
    [FAN_METRICS.canopyTemperature]: [],
    [FAN_METRICS.towerTemperature]: [],
    [FAN_METRICS.windSpeed]: [],
    [FAN_METRICS.fuelLevel]: [],
    [FAN_METRICS.total]: [],
  };
  const push = (metric: string, value: number) => values[metric]?.push(value);
  let level = 90;
  let hours = 400 + fan * 10;
  for (let time = from; time < to; time += STEP_MS) {
    const night = Math.floor((time - from) / DAY_MS);
    const hourOfNight = ((time - from) % DAY_MS) / 3_600_000; // 0 = the night's local noon
    const frost = frostNights.has(night);
    const depth = frost ? 6 + rand() * 0.3 : 2;
    const temperature =
      8 - depth * Math.sin((Math.PI * Math.min(hourOfNight, 20)) / 20) + rand() * 0.2;
    const running = frost && hourOfNight > 12 && hourOfNight < 19;
    times.push(time);
    push(FAN_METRICS.rpm, running ? 2300 + Math.round(rand() * 80) : 0);
    push(
      FAN_METRICS.canopyTemperature,
      Math.round((running ? temperature + 1 : temperature) * 10) / 10,
    );
    push(FAN_METRICS.towerTemperature, Math.round((temperature + 3) * 10) / 10);
    push(FAN_METRICS.windSpeed, Math.round(rand() * 60) / 10);
    if (running) {
      level -= 4 / 6;
      hours += 1 / 6;
    }
    if (level < 30) level = 100;
    push(FAN_METRICS.fuelLevel, Math.round(level * 10) / 10);
    push(FAN_METRICS.total, Math.round(hours * 10) / 10);
  }
  const points = Object.entries(values).map(([metric, list]): HistoryPoints => ({
    thing: 'sensor',
    id: sensorId,
    metric,
    times,
    values: list,
  }));
  const last = Object.fromEntries(
    Object.entries(values).map(([metric, list]) => [metric, list.at(-1) ?? 0]),
  );
  return { points, last };
}

export interface FrostSeason {
  readonly siteId: number;
  readonly areaId: number;
  readonly from: Date;
  readonly to: Date;
  readonly readings: number;
}

/**
 * In this process, before the devstack holds the folder: the demo farm, then a frost area of
 * `fans` fans on REPORT_SITE (external sensors tagged frostFan, as the demo farm's fan engines,
 * without a radio so the simulator leaves them be) with a season of readings over the last
 * `days` whole nights, stored by the history store (the devstack's demo history path).
 */
export async function seedFrostSeason(
  dataDir: string,
  fans: number,
  days: number,
): Promise<FrostSeason> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { db } = handle;
    const now = new Date();
    const seeded = await seedDemoFarm(db, { now });
    const site = seeded.sites.find((candidate) => candidate.label === REPORT_SITE);
    if (!site) throw new Error(`no demo site ${REPORT_SITE}`);
    const [row] = await db.select().from(t.sites).where(eq(t.sites.id, site.id));
    const timeZone = (row?.config as { timezone?: string } | undefined)?.timezone;
    if (!timeZone) throw new Error(`${REPORT_SITE} has no timezone`);
    // The same ground as the site's own frost area.
    const [own] = await db
      .select()
      .from(t.areas)
      .where(and(eq(t.areas.siteId, site.id), eq(t.areas.type, 'frost')));
    if (!own) throw new Error(`${REPORT_SITE} has no frost area`);
    const [area] = await db
      .insert(t.areas)
      .values({
        siteId: site.id,
        label: `Frost fans (${fans}, bench)`,
        type: 'frost',
        capabilities: own.capabilities,
        settings: own.settings,
        geometry: own.geometry,
        outline: own.outline,
        status: 'normal',
      })
      .returning({ id: t.areas.id });
    if (!area) throw new Error('area not inserted');

    // The last `days` whole nights (noon to noon in the site's zone), the one under way left out.
    const lastNight = new Date(`${frostNightOf(now, timeZone)}T00:00:00Z`).getTime() - DAY_MS;
    const night = (offset: number) =>
      new Date(lastNight - offset * DAY_MS).toISOString().slice(0, 10);
    const from = frostNightRange(night(days - 1), timeZone).from;
    const to = frostNightRange(night(0), timeZone).to;

    const store = createHistoryStore(db);
    let readings = 0;
    for (let fan = 1; fan <= fans; fan++) {
      const [sensor] = await db
        .insert(t.sensors)
        .values({
          siteId: site.id,
          areaId: area.id,
          type: 'external',
          tags: { identifier: FROST_FAN_IDENTIFIER },
          topics: [],
          label: `Fan ${fan} engine`,
          serialno: `BENCH-FAN-${String(fan).padStart(3, '0')}`,
        })
        .returning({ id: t.sensors.id });
      if (!sensor) throw new Error('sensor not inserted');
      const season = fanSeason(sensor.id, fan, from.getTime(), to.getTime());
      readings += await store.store(site.id, season.points);
      // Each metric's latest value, as ingest keeps it on the sensor.
      const times = season.points[0]?.times;
      const at = new Date(times?.[times.length - 1] ?? to.getTime()).toISOString();
      const topics: SensorTopic[] = Object.entries(season.last).map(([metric, lastValue]) => ({
        metric,
        type: 'analog',
        lastValue,
        timestamp: at,
      }));
      await db.update(t.sensors).set({ topics }).where(eq(t.sensors.id, sensor.id));
    }
    await store.finish();
    return { siteId: site.id, areaId: area.id, from, to, readings };
  } finally {
    await handle.close();
  }
}

/** The demo admin's bearer token, signed in to the region the console's config names. */
async function apiToken(base: string): Promise<string> {
  const config = (await (await fetch(`${base}/appConfig.json`)).json()) as { awsRegion: string };
  return demoToken(base, ADMIN, config.awsRegion);
}

export interface ExportRun {
  readonly format: ExportFormat;
  /** Seconds from the POST until the poll saw it finished. */
  seconds: number | null;
  /** The server's own: from the request's creation to its last update. */
  serverSeconds: number | null;
  status: string;
  progress: number;
  size: number | null;
  error: string | null;
  /** Seconds after the server answered when it was asked. */
  readonly askedAt: number;
}

/**
 * The demo admin's exports of the area's compliance report over the season, one after another
 * (pdf, then xlsx, csv, … while `more` says so), each followed as the console follows it.
 */
export async function runExports(
  base: string,
  season: FrostSeason,
  zero: number,
  more: (made: number) => boolean,
  runs: ExportRun[],
  onAsked: () => void,
): Promise<void> {
  let token = await apiToken(base);
  const call = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const send = () =>
      fetch(`${base}/api${url}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    let response = await send();
    if (response.status === 401) {
      token = await apiToken(base);
      response = await send();
    }
    return response;
  };
  do {
    const format = EXPORT_FORMATS[runs.length % EXPORT_FORMATS.length] ?? 'pdf';
    const body: ExportCreateBody = {
      report: 'frostReport',
      kind: 'frostCompliance',
      format,
      area: season.areaId,
      from: season.from.toISOString(),
      to: season.to.toISOString(),
    };
    const asked = Date.now();
    const created = await call('/exports', { method: 'POST', body: JSON.stringify(body) });
    if (created.status !== 202) throw new Error(`POST /api/exports: ${created.status}`);
    const request = (await created.json()) as ReportExport;
    const run: ExportRun = {
      format,
      seconds: null,
      serverSeconds: null,
      status: request.status,
      progress: request.progress,
      size: null,
      error: null,
      askedAt: (asked - zero) / 1000,
    };
    runs.push(run);
    onAsked();
    const deadline = asked + EXPORT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      await sleep(EXPORT_POLL_MS);
      const listed = await call('/exports?page=1');
      if (!listed.ok) continue;
      const item = ((await listed.json()) as ExportList).items.find((x) => x.id === request.id);
      if (!item) continue;
      run.status = item.status;
      run.progress = item.progress;
      if (item.status === 'done' || item.status === 'failed' || item.status === 'cancelled') {
        run.seconds = (Date.now() - asked) / 1000;
        run.serverSeconds = item.updated
          ? (Date.parse(item.updated) - Date.parse(item.created)) / 1000
          : null;
        run.size = item.size;
        run.error = item.error;
        break;
      }
    }
    if (run.seconds === null) {
      run.status = 'timeout';
      break;
    }
  } while (runs.length < MAX_EXPORTS && more(runs.length));
}
