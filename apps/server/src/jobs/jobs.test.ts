/**
 * pg-boss on the server's own database, on whichever engine the run uses (PGlite by default,
 * PostgreSQL with DATABASE_URL): its schema is created, jobs are sent and worked, a delayed job
 * waits for its start time and a singleton key keeps a second copy out.
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { startJobs } from './jobs.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { waitFor } from '../../test/helpers/field.ts';
import { sql } from 'drizzle-orm';

const silentLog = { info: () => {}, error: () => {} };

let handle: DatabaseHandle;
let boss: PgBoss;

beforeAll(async () => {
  handle = await createTestDatabase();
  boss = await startJobs({ handle, log: silentLog });
});

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await handle?.close();
});

/** Resolves with the data of the first jobs the queue's worker is handed. */
function nextJobs<T>(queue: string, count: number): Promise<{ data: T }[]> {
  return new Promise((resolve) => {
    const seen: { data: T }[] = [];
    void boss.work<T>(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) seen.push({ data: job.data });
      if (seen.length >= count) resolve(seen);
    });
  });
}

describe('pg-boss on the server database', () => {
  it('creates its schema next to ours', async () => {
    const rows = await queryRows<{ name: string }>(
      handle.db,
      sql`select schema_name as name from information_schema.schemata where schema_name = 'pgboss'`,
    );
    expect(rows).toEqual([{ name: 'pgboss' }]);
  });

  it('sends a job and works it with its data', async () => {
    await boss.createQueue('test-send');
    const received = nextJobs<{ n: number }>('test-send', 1);
    const id = await boss.send('test-send', { n: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [job] = await received;
    expect(job?.data).toEqual({ n: 7 });
  });

  it('holds a delayed job until its start time', async () => {
    await boss.createQueue('test-delay');
    await boss.send('test-delay', { n: 1 }, { startAfter: 2 });
    const queued = await boss.fetch('test-delay');
    // Not yet due: a fetch right away finds nothing.
    expect(queued).toEqual([]);
    const [job] = await nextJobs<{ n: number }>('test-delay', 1);
    expect(job?.data).toEqual({ n: 1 });
  });

  it('keeps a second job with the same singleton key out while the first waits', async () => {
    await boss.createQueue('test-singleton', { name: 'test-singleton', policy: 'stately' });
    const first = await boss.send('test-singleton', { n: 1 }, { singletonKey: 'close-1' });
    const second = await boss.send('test-singleton', { n: 2 }, { singletonKey: 'close-1' });
    const other = await boss.send('test-singleton', { n: 3 }, { singletonKey: 'close-2' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(other).not.toBeNull();
    const jobs = await nextJobs<{ n: number }>('test-singleton', 2);
    expect(jobs.map((job) => job.data.n).sort()).toEqual([1, 3]);
  });

  it('hands each job to one of two instances on the same database', async () => {
    // As two worker processes would: both poll the queue, each job runs once.
    const other = await startJobs({ handle, log: silentLog });
    try {
      await boss.createQueue('test-once');
      const runs: string[] = [];
      const collect = async (jobs: PgBoss.Job<unknown>[]) => {
        for (const job of jobs) runs.push(job.id);
      };
      await boss.work('test-once', { batchSize: 3 }, collect);
      await other.work('test-once', { batchSize: 3 }, collect);
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, n) => boss.send('test-once', { n })),
      );
      await waitFor('all jobs', () => runs.length >= ids.length);
      expect([...runs].sort()).toEqual([...ids].sort());
    } finally {
      await other.stop({ graceful: false, wait: true });
    }
  });
});
