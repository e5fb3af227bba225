import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DatabaseHandle } from './client.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';

// A site's sensors and series are asked for by site (the site summary on every visit, the
// agronomy, the fleet view, the maintenance worklist): each lookup must be served by an index,
// not a read of every site's rows (migration 0040). The planner prefers reading a small table
// whole, so sequential scans are priced out here to see which index it would take.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function planOf(db: Database, statement: ReturnType<typeof sql>): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx as unknown as Database,
      sql`explain ${statement}`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('lookups by site', () => {
  it.each([
    ['sensors', sql`select id, topics from sensors where site_id = 7`, 'sensors_site_idx'],
    [
      'series',
      sql`select id from series where site_id = 7 and thing_type in ('radio', 'unit')`,
      'series_site_idx',
    ],
  ])("a site's %s are found by its index", async (_table, statement, index) => {
    const plan = await planOf(handle.db, statement);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
