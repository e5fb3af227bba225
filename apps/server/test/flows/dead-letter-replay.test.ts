/**
 * A full disk (or a lost connection) is the database's state, not the message's: readings kept as
 * dead letters for such a reason are stored again once the database takes them, and deleted in
 * that same transaction; dead letters for their content stay (issue 19).
 */
import { uplinkTopic } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import type { Ingest } from '../../src/ingest/ingest.ts';
import { useTestField, startTestIngest, waitFor } from '../helpers/field.ts';
import { testClock } from '../helpers/test-app.ts';

const field = useTestField();
let ingest: Ingest;

afterAll(async () => {
  await ingest?.close();
});

it('stores again the readings a full disk made dead letters, and keeps the others', async () => {
  const topic = uplinkTopic(field.broker.topicRoot, field.farm.sites.a.id, 'R-1001', 'readings');
  const reading = (metric: string) =>
    JSON.stringify({
      seq: 7,
      time: '2026-11-21T03:00:00.000Z',
      readings: [{ thing: 'sensor', id: field.farm.sensors.soil.id, metric, value: 21.5 }],
    });
  const [full, lost, unknown] = (
    await field.db
      .insert(t.deadLetters)
      .values([
        {
          topic,
          payload: reading('replay.full'),
          reason:
            'could not be stored: could not extend file "base/16384/16522": No space left on device',
        },
        {
          topic,
          payload: reading('replay.lost'),
          reason: 'could not be stored: Connection terminated unexpectedly',
        },
        {
          topic: uplinkTopic(field.broker.topicRoot, field.farm.sites.a.id, 'R-9999', 'readings'),
          payload: reading('replay.unknown'),
          reason: 'unknown device R-9999',
        },
      ])
      .returning()
  ).map((row) => row.id);

  ingest = await startTestIngest(field.handle, field.broker, {
    name: 'replay',
    clock: testClock(),
    // The production batch limits.
    batch: undefined,
    deadLetterRetryMs: 100,
  });

  const left = async () =>
    (await field.db.select({ id: t.deadLetters.id }).from(t.deadLetters)).map((row) => row.id);
  await waitFor('transient dead letters stored again', async () => {
    const ids = await left();
    return !ids.includes(full ?? 0) && !ids.includes(lost ?? 0);
  });
  expect(await left()).toEqual([unknown]);

  const stored = await queryRows<{ metric: string; value: number }>(
    field.db,
    sql`select s.metric, r.value from readings r join series s on s.id = r.series_id
        where s.metric like 'replay.%' order by s.metric`,
  );
  expect(stored).toEqual([
    { metric: 'replay.full', value: 21.5 },
    { metric: 'replay.lost', value: 21.5 },
  ]);
});
