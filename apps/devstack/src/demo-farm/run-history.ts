/**
 * The demo farm's irrigation runs of the last three months (the months the irrigation monthly
 * chart opens on, §9), as its valves' `running` readings: an open (1) and a close (0) per run,
 * two cheap rows, stored as the demo history stores readings (same series, readings, rollups).
 * Only before `until`, where the simulator's past of readings (PADDOCK_DEMO_HISTORY) starts, so
 * the two never overlap: with the default 90 days of past this adds the first days of the three
 * months, with the e2e's 2 days almost all of them, and with no past all of them.
 *
 * Each zone waters every third night, the zones of an area one after the other from 20:00 site
 * time as a program runs them, each for its program runtime (depth ÷ application rate) give or
 * take what a real night does to it (a pump tripping early, a slow valve): 80 % to 110 %.
 */
import {
  defaultHistoryRange,
  localDate,
  siteTimeZone,
  zonedTimeToInstant,
  zoneRuntimeMs,
  type ProgramZone,
} from '@paddock/domain';
import { seededRandom } from '@paddock/domain/testing';
import {
  createHistoryStore,
  schema as t,
  type Database,
  type HistoryPoints,
} from '@paddock/server';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';

const DAY_MS = 86_400_000;
/** Hour of the site's evening the first zone of a night starts. */
const FIRST_START_HOUR = 20;
/** Every zone waters one night in this many. */
const NIGHTS_BETWEEN_RUNS = 3;

/** Stores the runs; answers how many readings were new. */
export async function seedDemoRunHistory(
  db: Database,
  options: { now: Date; until: Date },
): Promise<number> {
  const store = createHistoryStore(db);
  const random = seededRandom(20_261_128);
  const sites = await db.select().from(t.sites);
  let stored = 0;
  for (const site of sites) {
    const timeZone = siteTimeZone(site.config, site.tags.country);
    const range = defaultHistoryRange(localDate(options.now.getTime(), timeZone));
    const areas = await db
      .select({ id: t.areas.id })
      .from(t.areas)
      .where(and(eq(t.areas.siteId, site.id), eq(t.areas.type, 'irrigation')));
    const points: HistoryPoints[] = [];
    for (const area of areas) {
      const runs = await areaRuns(db, area.id);
      points.push(
        ...nightsOf(range.from, options.until.getTime(), timeZone).flatMap((night, index) =>
          nightRuns(runs, night, index, options.until.getTime(), random),
        ),
      );
    }
    if (points.length > 0) stored += await store.store(site.id, merge(points));
  }
  await store.finish();
  return stored;
}

type ZoneRun = { sectionId: number; valves: number[]; runtimeMs: number };

/** The area's zones in program order, each with its valves and its program runtime. */
async function areaRuns(db: Database, areaId: number): Promise<ZoneRun[]> {
  const [program] = await db
    .select({ zones: t.programs.zones })
    .from(t.programs)
    .where(eq(t.programs.areaId, areaId));
  const zones: ProgramZone[] = program?.zones ?? [];
  if (zones.length === 0) return [];
  const valves = await db
    .select({ id: t.controls.id, sectionId: t.controls.sectionId })
    .from(t.controls)
    .where(
      and(
        eq(t.controls.areaId, areaId),
        eq(t.controls.type, 'valve'),
        isNotNull(t.controls.sectionId),
        inArray(
          t.controls.sectionId,
          zones.map((zone) => zone.id),
        ),
      ),
    );
  return zones.flatMap((zone) => {
    const ids = valves.filter((valve) => valve.sectionId === zone.id).map((valve) => valve.id);
    return ids.length > 0
      ? [{ sectionId: zone.id, valves: ids, runtimeMs: zoneRuntimeMs(zone.setting) }]
      : [];
  });
}

/** The evenings (instants of 20:00 site time) from the local date `from` until `until`. */
function nightsOf(from: string, until: number, timeZone: string): number[] {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const nights: number[] = [];
  for (let step = 0; step < 400; step++) {
    const at = zonedTimeToInstant(
      { year, month, day: day + step, hour: FIRST_START_HOUR },
      timeZone,
    ).getTime();
    if (at >= until) break;
    nights.push(at);
  }
  return nights;
}

/** One night's runs: the zones due that night, one after the other, ended before `until`. */
function nightRuns(
  zones: readonly ZoneRun[],
  night: number,
  nightIndex: number,
  until: number,
  random: () => number,
): HistoryPoints[] {
  const points: HistoryPoints[] = [];
  let start = night;
  for (const zone of zones) {
    if ((nightIndex + zone.sectionId) % NIGHTS_BETWEEN_RUNS !== 0) continue;
    // Whole seconds, as devices report.
    const runtime = Math.round((zone.runtimeMs * (0.8 + 0.3 * random())) / 1000) * 1000;
    const end = start + Math.max(60_000, runtime);
    if (end >= until || end - night > DAY_MS / 2) break;
    for (const valve of zone.valves) {
      points.push({
        thing: 'control',
        id: valve,
        metric: 'running',
        times: [start, end],
        values: [1, 0],
      });
    }
    // The next zone opens a minute after this one closes.
    start = end + 60_000;
  }
  return points;
}

/** One series per valve, its points in time order. */
function merge(points: readonly HistoryPoints[]): HistoryPoints[] {
  const byValve = new Map<number, { times: number[]; values: number[] }>();
  for (const point of points) {
    const series = byValve.get(point.id) ?? { times: [], values: [] };
    byValve.set(point.id, series);
    series.times.push(...Array.from(point.times));
    series.values.push(...Array.from(point.values));
  }
  return [...byValve.entries()].map(([id, series]) => ({
    thing: 'control',
    id,
    metric: 'running',
    times: series.times,
    values: series.values,
  }));
}
