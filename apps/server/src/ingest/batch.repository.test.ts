/**
 * The batch writer against a real database: latest values are merged into a thing's topics read
 * unlocked, so a change another process commits meanwhile must be merged, not overwritten.
 */
import type { SensorTopic } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { BatchPlan } from './plan.ts';
import { writePlan } from './batch.repository.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { seedTestFarm, type TestFarm } from '../../test/helpers/farm.ts';

let handle: DatabaseHandle;
let farm: TestFarm;

beforeAll(async () => {
  handle = await createTestDatabase();
  farm = await seedTestFarm(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

const AT = Date.parse('2026-07-01T03:00:00.000Z');

function planOf(sensorId: number, metric: string, value: number, time: number): BatchPlan {
  return {
    readings: [],
    deadLetters: [],
    sensors: new Map([[sensorId, new Map([[metric, { time, value }]])]]),
    controls: new Map(),
    radios: new Map(),
    units: new Map(),
    accepted: [],
  };
}

async function topicsOf(sensorId: number): Promise<SensorTopic[]> {
  const [row] = await handle.db
    .select({ topics: t.sensors.topics })
    .from(t.sensors)
    .where(eq(t.sensors.id, sensorId));
  return row?.topics ?? [];
}

describe('latest values', () => {
  it('adds a new metric and moves a known one forward only', async () => {
    const sensor = farm.sensors.b.id;
    await writePlan(handle.db, planOf(sensor, 'soil.ec', 1.5, AT));
    await writePlan(handle.db, planOf(sensor, 'soil.ec', 0.5, AT - 60_000));
    const topic = (await topicsOf(sensor)).find((candidate) => candidate.metric === 'soil.ec');
    expect(topic).toMatchObject({ lastValue: 1.5, timestamp: new Date(AT).toISOString() });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "merges into what another process committed while the batch's update waited for the row",
    async () => {
      const sensor = farm.sensors.soil.id;
      const url = ((handle.db as { $client?: unknown }).$client as pg.Pool).options
        .connectionString as string;
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        // The other process holds the row: its change is made but not yet committed.
        await other.query('begin');
        const before = await topicsOf(sensor);
        const theirs: SensorTopic[] = [
          ...before.filter((topic) => topic.metric !== 'soil.salinity'),
          {
            metric: 'soil.salinity',
            type: 'analog',
            lastValue: 7,
            timestamp: new Date(AT).toISOString(),
          },
        ];
        await other.query('update sensors set topics = $1::jsonb where id = $2', [
          JSON.stringify(theirs),
          sensor,
        ]);
        // This batch reads the row as committed (without salinity) and then waits for the lock.
        const writing = writePlan(handle.db, planOf(sensor, 'soil.ph', 6.5, AT));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.query('commit');
        await writing;
      } finally {
        await other.end();
      }
      const topics = await topicsOf(sensor);
      expect(topics.find((topic) => topic.metric === 'soil.salinity')?.lastValue).toBe(7);
      expect(topics.find((topic) => topic.metric === 'soil.ph')?.lastValue).toBe(6.5);
    },
  );
});
