/**
 * What a saved step of a run tells the site's webhooks: a start that got its first valve open,
 * and a run that ended; a resume, a pause and a start still waiting tell nothing. A start is also
 * the product's action in the audit log.
 */
import type { RunState } from '@paddock/domain';
import { asc, sql } from 'drizzle-orm';
import { chainAllStaged } from '../audit/audit.repository.ts';
import { queryRows } from '../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { publishRunEvents } from './run-events.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const now = t.clock.now();
  await t.db.insert(schema.webhookEndpoints).values({
    siteId: t.farm.sites.a.id,
    url: 'http://127.0.0.1:9/hooks',
    events: ['program.started', 'program.finished'],
    active: true,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    createdAt: now,
    modifiedAt: now,
  });
});
afterAll(() => t.close());

const START = Date.parse('2026-11-21T09:00:00.000Z');
const END = START + 3_600_000;

/** The parts of a run the events are read from. */
const run = (activity: RunState['activity'], endTime: number | null = null, kind = 'run') =>
  ({ activity, kind, startTime: START, endTime }) as RunState;

const program = () => ({
  id: t.farm.programs.a.id,
  name: 'Block A program',
  areaId: t.farm.areas.irrigation.id,
  siteId: t.farm.sites.a.id,
});

async function told(before: RunState | null, after: RunState) {
  await t.db.delete(schema.webhookEvents);
  await t.db.transaction((tx) => publishRunEvents(tx, program(), before, after));
  const rows = await t.db.select().from(schema.webhookEvents).orderBy(asc(schema.webhookEvents.id));
  return rows.map((row) => ({ kind: row.kind, data: row.data }));
}

describe('publishRunEvents', () => {
  it('tells a start once its first valve is open', async () => {
    expect(await told(run('starting'), run('running'))).toEqual([
      {
        kind: 'program.started',
        data: {
          site: t.farm.sites.a.id,
          area: t.farm.areas.irrigation.id,
          at: new Date(START).toISOString(),
          message: 'Program Block A program started',
          program: { id: t.farm.programs.a.id, name: 'Block A program' },
          test: false,
        },
      },
    ]);
    expect((await told(null, run('running', null, 'test')))[0]).toBeUndefined();
    const test = await told(run('starting', null, 'test'), run('running', null, 'test'));
    expect(test[0]?.data).toMatchObject({
      test: true,
      message: 'Test of program Block A program started',
    });
  });

  it('puts the start on the record as the product’s action, in the same transaction', async () => {
    await chainAllStaged(t.db, 0); // what the tests before this one staged
    const before = await queryRows<{ id: string }>(t.db, sql`select id from audit_trail`);
    await told(run('starting'), run('running'));
    // Staged with the start, chained after it (the worker's round, here at once).
    expect(await chainAllStaged(t.db, 0)).toBe(1);
    const rows = await queryRows<{ id: string; actor_id: number | null; text: string }>(
      t.db,
      sql`select id, actor_id, kind, target_id, text from audit_trail
           where operation = 'program.started' order by id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)).toMatchObject({
      actor_id: null,
      kind: 'program',
      target_id: t.farm.programs.a.id,
      text: 'Paddock started Block A program',
    });
    const written = await queryRows<{ id: string }>(t.db, sql`select id from audit_trail`);
    expect(written.length).toBe(before.length + 1);

    // A transaction that fails after the start keeps neither the event nor the row.
    const failing = t.db.transaction(async (tx) => {
      await publishRunEvents(tx, program(), run('starting'), run('running'));
      throw new Error('the step failed after the start');
    });
    await expect(failing).rejects.toThrow('the step failed');
    expect(await chainAllStaged(t.db, 0)).toBe(0);
    expect(await queryRows(t.db, sql`select id from audit_trail`)).toHaveLength(written.length);
  });

  it('tells a run that ended', async () => {
    expect(await told(run('running'), run('stopped', END))).toEqual([
      {
        kind: 'program.finished',
        data: expect.objectContaining({
          at: new Date(END).toISOString(),
          startedAt: new Date(START).toISOString(),
          message: 'Program Block A program finished',
        }),
      },
    ]);
  });

  it.each([
    ['a resume', run('resuming'), run('running')],
    ['a pause', run('pausing'), run('paused')],
    ['a start waiting for its time', null, run('starting')],
    ['a step of a run going on', run('running'), run('running')],
    ['a stopped run stepped again', run('stopped', END), run('stopped', END)],
  ])('tells nothing of %s', async (_label, before, after) => {
    expect(await told(before, after)).toEqual([]);
  });
});
