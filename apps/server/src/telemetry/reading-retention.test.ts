/**
 * Retention of raw readings (issue 34): the worker drops a month's partition only once every
 * site's retention has passed it, the rollups stay, and a chart over an expired range reads them
 * and says from when the raw readings are kept.
 */
import { seriesSchema, type Series } from '@paddock/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { readingPartitionMonths } from '../db/reading-partitions.ts';
import { sites } from '../db/schema.ts';
import { insertReadings } from './reading.repository.ts';
import { keepReadingPartitions } from './reading-retention.ts';
import { addSeries } from '../../test/helpers/farm.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;
let battery: number;
const at = (iso: string) => Date.parse(iso);
/** The test clock's day: with 24 months kept, raw readings from 1 November 2024. */
const now = at('2026-11-21T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  battery = await addSeries(t.db, t.farm.sites.a.id, {
    type: 'radio',
    id: t.farm.radios.radio1.id,
    metric: 'battery',
  });
  await insertReadings(t.db, [
    // September 2024: past 24 months.
    { seriesId: battery, time: at('2024-09-15T09:00:00Z'), value: 3.6 },
    { seriesId: battery, time: at('2024-09-15T09:10:00Z'), value: 3.58 },
    { seriesId: battery, time: at('2024-09-15T09:40:00Z'), value: 3.4 },
    // June 2025: kept.
    { seriesId: battery, time: at('2025-06-10T09:00:00Z'), value: 3.7 },
    { seriesId: battery, time: at('2025-06-10T09:10:00Z'), value: 3.65 },
  ]);
});
afterAll(() => t.close());

async function setRetention(siteId: number, months: number | undefined) {
  const [site] = await t.db
    .select({ config: sites.config })
    .from(sites)
    .where(eq(sites.id, siteId));
  await t.db
    .update(sites)
    .set({ config: { ...site?.config, readingRetentionMonths: months } })
    .where(eq(sites.id, siteId));
}

async function rawReadingsOf(seriesId: number) {
  return queryRows<{ time: string }>(
    t.db,
    sql`select time::text as time from readings where series_id = ${seriesId} order by time`,
  );
}

async function chart(from: string, to: string): Promise<Series> {
  const response = await t.as(t.farm.users.monitor.id, {
    method: 'GET',
    url: `/api/radios/${t.farm.radios.radio1.id}/series?metric=battery&from=${from}&to=${to}&width=200&option=2`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return seriesSchema.parse(response.json());
}

describe('retention of raw readings', () => {
  it('a chart before the kept months reads the half-hour rollups and says so', async () => {
    const answer = await chart('2024-09-15T00:00:00Z', '2024-09-16T00:00:00Z');
    expect(answer.rawReadingsFrom).toBe('2024-11-01T00:00:00.000Z');
    // 9:00 and 9:10 share one half-hour rollup; 9:40 is the next one's.
    expect(answer.points).toEqual([
      ['2024-09-15T09:00:00.000Z', 3.58, 3.6],
      ['2024-09-15T09:30:00.000Z', 3.4, 3.4],
    ]);
  });

  it('a chart within the kept months reads the readings, and says nothing', async () => {
    const answer = await chart('2025-06-10T00:00:00Z', '2025-06-11T00:00:00Z');
    expect(answer.rawReadingsFrom).toBeUndefined();
    expect(answer.bucket).toEqual({ unit: 'minute', size: 5 });
    expect(answer.points).toEqual([
      ['2025-06-10T09:00:00.000Z', 3.7, 3.7],
      ['2025-06-10T09:10:00.000Z', 3.65, 3.65],
    ]);
  });

  it('keeps a month while any site keeps it', async () => {
    await setRetention(t.farm.sites.b.id, 36);
    const round = await keepReadingPartitions(t.db, now);
    expect(round.dropped).toEqual([]);
    expect(round.made).toContain('readings_y2024m09');
    expect(await rawReadingsOf(battery)).toHaveLength(5);
  });

  it('drops only the months past every site, whole, and the charts read the same', async () => {
    const before = await chart('2024-09-15T00:00:00Z', '2024-09-16T00:00:00Z');
    await setRetention(t.farm.sites.b.id, undefined);
    const round = await keepReadingPartitions(t.db, now);
    expect(round.dropped).toContain('readings_y2024m09');
    expect(round.dropped.every((name) => name < 'readings_y2024m11')).toBe(true);
    // June 2025 is kept, and the months made ahead are there.
    expect((await rawReadingsOf(battery)).map((row) => row.time.slice(0, 10))).toEqual([
      '2025-06-10',
      '2025-06-10',
    ]);
    const months = await readingPartitionMonths(t.db);
    expect(months.every((month) => month >= at('2024-11-01T00:00:00Z'))).toBe(true);
    expect(months).toContain(at('2027-02-01T00:00:00Z'));
    expect(await chart('2024-09-15T00:00:00Z', '2024-09-16T00:00:00Z')).toEqual(before);
  });

  it("a site's own shorter retention moves its charts' line, whatever others keep", async () => {
    await setRetention(t.farm.sites.a.id, 6);
    const answer = await chart('2025-06-10T00:00:00Z', '2025-06-11T00:00:00Z');
    expect(answer.rawReadingsFrom).toBe('2026-05-01T00:00:00.000Z');
    expect(answer.points).toEqual([['2025-06-10T09:00:00.000Z', 3.65, 3.7]]);
    await setRetention(t.farm.sites.a.id, undefined);
  });
});
