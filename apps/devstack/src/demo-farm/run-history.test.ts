/**
 * The demo farm's irrigation runs of the last three months: an open and a close reading per run
 * of each valve, each zone every third night, only before the simulator's past begins.
 */
import { localDate, zoneRunsFromReadings } from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../../server/src/db/client.ts';
import * as t from '../../../server/src/db/schema.ts';
import { createTestDatabase } from '../../../server/test/helpers/database.ts';
import { NOW } from '../seed-test-kit.ts';
import { seedDemoFarm } from './demo-farm.ts';
import { seedDemoRunHistory } from './run-history.ts';

const DAY_MS = 86_400_000;
/** Where the e2e's two days of simulated past begin. */
const UNTIL = new Date(NOW.getTime() - 2 * DAY_MS);

let handle: DatabaseHandle;
let db: Database;
let stored: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDemoFarm(db, { now: NOW });
  stored = await seedDemoRunHistory(db, { now: NOW, until: UNTIL });
}, 120_000);
afterAll(() => handle.close());

/** Each valve of Red Cliffs Citrus (Australia/Melbourne) with its readings in time order. */
async function redCliffsValves() {
  const rows = await db
    .select({
      control: t.controls.id,
      section: t.controls.sectionId,
      time: t.readings.time,
      value: t.readings.value,
    })
    .from(t.controls)
    .innerJoin(t.areas, eq(t.areas.id, t.controls.areaId))
    .innerJoin(t.sites, eq(t.sites.id, t.areas.siteId))
    .innerJoin(
      t.series,
      and(
        eq(t.series.thingType, 'control'),
        eq(t.series.thingId, t.controls.id),
        eq(t.series.metric, 'running'),
      ),
    )
    .innerJoin(t.readings, eq(t.readings.seriesId, t.series.id))
    .where(and(eq(t.sites.label, 'Red Cliffs Citrus'), eq(t.controls.type, 'valve')))
    .orderBy(t.controls.id, t.readings.time);
  const valves = new Map<
    number,
    { section: number; readings: { time: number; value: number }[] }
  >();
  for (const row of rows) {
    const valve = valves.get(row.control) ?? { section: row.section ?? 0, readings: [] };
    valves.set(row.control, valve);
    valve.readings.push({ time: new Date(row.time).getTime(), value: row.value });
  }
  return valves;
}

describe('seedDemoRunHistory', () => {
  it('stores two readings per run, all before the simulated past begins', async () => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, latest: sql<string>`max(${t.readings.time})` })
      .from(t.readings)
      .innerJoin(t.series, eq(t.series.id, t.readings.seriesId))
      .where(eq(t.series.metric, 'running'));
    expect(stored).toBeGreaterThan(0);
    expect(stored % 2).toBe(0);
    expect(row?.count).toBe(stored);
    expect(new Date(row?.latest ?? 0).getTime()).toBeLessThan(UNTIL.getTime());
  });

  it('waters each zone every third night from the first of the month two months back', async () => {
    const valves = await redCliffsValves();
    expect(valves.size).toBeGreaterThan(0);
    for (const { section, readings } of valves.values()) {
      const runs = zoneRunsFromReadings(section, [readings], UNTIL.getTime());
      const first = localDate(runs[0]?.start ?? 0, 'Australia/Melbourne');
      expect(first >= '2026-09-01' && first <= '2026-09-03', first).toBe(true);
      const gaps = runs.slice(1).map((run, i) => (run.start - (runs[i]?.start ?? 0)) / DAY_MS);
      expect(
        gaps.every((gap) => gap > 2.5 && gap < 3.5),
        gaps.join(' '),
      ).toBe(true);
      // September, October and November to the 19th: some 26 runs.
      expect(runs.length).toBeGreaterThanOrEqual(25);
      expect(runs.every((run) => run.end - run.start > 60_000)).toBe(true);
    }
  });

  it('stores nothing when the simulated past covers the three months', async () => {
    expect(await seedDemoRunHistory(db, { now: NOW, until: new Date('2026-08-01') })).toBe(0);
  });
});
