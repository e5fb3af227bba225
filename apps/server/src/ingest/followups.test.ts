/**
 * Followups: the durable step after an ingest commit, as the worker runs it (on PGlite, or
 * PostgreSQL when DATABASE_URL is set). test/field/ingest.test.ts checks that a batch writes one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema.ts';
import {
  recordFollowup,
  runFollowups,
  startFollowups,
  type CommittedFollowup,
  type IngestFollowup,
} from './followups.ts';
import { waitFor } from '../../test/helpers/field.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';

let handle: DatabaseHandle;

const errors: string[] = [];
const log = { warn: () => {}, error: (object: object) => void errors.push(JSON.stringify(object)) };

function followup(sensor: number): IngestFollowup {
  return {
    sensors: [sensor],
    controls: [],
    radios: [1],
    units: [],
    readingsInserted: 1,
    deadLettered: 0,
  };
}

async function record(...sensors: number[]) {
  for (const sensor of sensors) {
    await handle.db.transaction((tx) => recordFollowup(tx, followup(sensor)));
  }
}

/** Sensors named by the followups still waiting, oldest first. */
async function waiting() {
  const rows = await handle.db.select().from(t.ingestFollowups).orderBy(t.ingestFollowups.id);
  return rows.map((row) => ({
    sensor: (row.batch as IngestFollowup).sensors[0],
    attempts: row.attempts,
    error: row.error,
  }));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  // A table a handler writes to, to see which writes survive.
  await handle.db.execute(sql`create table heard (sensor int not null)`);
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await handle.db.delete(t.ingestFollowups);
  await handle.db.execute(sql`delete from heard`);
  errors.length = 0;
});

async function heard(): Promise<number[]> {
  const rows = await queryRows<{ sensor: number }>(
    handle.db,
    sql`select sensor from heard order by sensor`,
  );
  return rows.map((row) => row.sensor);
}

describe('runFollowups', () => {
  it("runs every handler once on the round's followups together, with its writes, then removes them", async () => {
    await record(31, 32, 31);
    const calls: string[] = [];
    const result = await runFollowups(
      handle.db,
      [
        async (item, tx) => {
          calls.push(`first ${item.sensors.join(',')}`);
          for (const sensor of item.sensors)
            await tx.execute(sql`insert into heard values (${sensor})`);
        },
        async (item: CommittedFollowup) => void calls.push(`second ${item.sensors.join(',')}`),
      ],
      log,
    );
    expect(result).toEqual({ done: 3, failed: 0 });
    // A sensor heard in two batches is judged once.
    expect(calls).toEqual(['first 31,32', 'second 31,32']);
    expect(await heard()).toEqual([31, 32]);
    expect(await waiting()).toEqual([]);
  });

  it('runs a lone followup as it is', async () => {
    await record(35);
    const seen: CommittedFollowup[] = [];
    expect(await runFollowups(handle.db, [async (item) => void seen.push(item)], log)).toEqual({
      done: 1,
      failed: 0,
    });
    expect(seen).toMatchObject([{ sensors: [35], radios: [1], readingsInserted: 1 }]);
  });

  it('when the round fails together, runs each alone: keeps the failed one with its error, undoes its writes, runs the others', async () => {
    await record(31, 32, 33);
    const result = await runFollowups(
      handle.db,
      [
        async (item, tx) => {
          for (const sensor of item.sensors)
            await tx.execute(sql`insert into heard values (${sensor})`);
          if (item.sensors.includes(32)) throw new Error('alarm rules could not be read');
        },
      ],
      log,
    );
    expect(result).toEqual({ done: 2, failed: 1 });
    expect(await heard()).toEqual([31, 33]);
    expect(await waiting()).toEqual([
      { sensor: 32, attempts: 1, error: 'alarm rules could not be read' },
    ]);
    expect(errors).toHaveLength(1);

    // Not due again at once: a failing followup does not spin.
    expect(await runFollowups(handle.db, [], log)).toEqual({ done: 0, failed: 0 });
    await handle.db.update(t.ingestFollowups).set({ dueAt: new Date(0) });
    expect(await runFollowups(handle.db, [], log)).toEqual({ done: 1, failed: 0 });
    expect(await waiting()).toEqual([]);
  });

  it('does the work a handler leaves for after the commit once it has committed, and only for followups that held', async () => {
    await record(31, 32, 33);
    const done: string[] = [];
    const result = await runFollowups(
      handle.db,
      [
        async (item, tx, afterCommit) => {
          for (const sensor of item.sensors) {
            await tx.execute(sql`insert into heard values (${sensor})`);
            // Reads through the database, not the transaction: it sees the committed writes.
            afterCommit(async () => void done.push(`${sensor} sees ${(await heard()).join(',')}`));
          }
          if (item.sensors.includes(32)) throw new Error('alarm rules could not be read');
        },
      ],
      log,
    );
    expect(result).toEqual({ done: 2, failed: 1 });
    // The round together failed (nothing of it), then 31 and 33 alone held and 32 did not.
    expect(done).toEqual(['31 sees 31,33', '33 sees 31,33']);
  });

  it('keeps a followup whose payload does not parse, never dropping it', async () => {
    await handle.db.insert(t.ingestFollowups).values({ batch: { sensors: 'all' } });
    expect(await runFollowups(handle.db, [], log)).toEqual({ done: 0, failed: 1 });
    expect(await waiting()).toMatchObject([{ attempts: 1 }]);
  });
});

describe('startFollowups', () => {
  it('takes followups as they come until closed', async () => {
    const seen: number[] = [];
    const worker = startFollowups({
      db: handle.db,
      log,
      handlers: [async (item) => void seen.push(...item.sensors)],
      intervalMs: 20,
    });
    try {
      await record(41);
      await waitFor('the first followup run', () => seen.length === 1);
      await record(42, 43);
      await waitFor('the next followups run', () => seen.length === 3);
      expect(seen).toEqual([41, 42, 43]);
    } finally {
      await worker.close();
    }
    await record(44);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([41, 42, 43]);
    expect(await waiting()).toMatchObject([{ sensor: 44 }]);
  });
});
