/**
 * Ingest against a real broker (embedded, or MQTT_URL) and a real database (PGlite, or
 * DATABASE_URL): what a device publishes ends up in readings, latest values and device health,
 * once; what cannot be taken ends up in dead letters with the reason.
 */
import { uplinkTopic } from '@paddock/domain';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { runFollowups, type CommittedFollowup } from './followups.ts';
import { quietLog, useIngestAndGateway, useTestField, waitFor } from '../../test/helpers/field.ts';
import { testClock } from '../../test/helpers/test-app.ts';

const field = useTestField({ deviceSite: true });
const live = useIngestAndGateway(field, {
  name: 'ingest',
  clock: testClock(),
  // Several lanes, as on PostgreSQL in production (PGlite runs their transactions in turn).
  parallelBatches: 3,
});

/**
 * Publishes raw payloads and waits until ingest has stored all of them: one after the other, or
 * all at once (so batches fill and run side by side).
 */
async function publish(
  messages: { topic: string; payload: string | Buffer }[],
  { atOnce = false } = {},
) {
  const target = live.ingest.stats().committed + messages.length;
  const send = ({ topic, payload }: (typeof messages)[number]) =>
    live.gateway.publishAsync(topic, payload, { qos: 1 });
  if (atOnce) await Promise.all(messages.map(send));
  else for (const message of messages) await send(message);
  await waitFor(
    `${messages.length} messages stored`,
    () => live.ingest.stats().committed >= target,
  );
}

function topic(serialno: string, kind: 'readings' | 'status', siteId = field.farm.sites.a.id) {
  return uplinkTopic(field.broker.topicRoot, siteId, serialno, kind);
}

function json(value: unknown) {
  return JSON.stringify(value);
}

async function readingsOf(
  thingType: 'sensor' | 'control' | 'radio' | 'unit',
  thingId: number,
  metric: string,
) {
  return queryRows<{ time: Date | string; value: number }>(
    field.db,
    sql`select r.time, r.value from readings r join series s on s.id = r.series_id
        where s.thing_type = ${thingType} and s.thing_id = ${thingId} and s.metric = ${metric}
        order by r.time`,
  );
}

/** A device's readings uplink with one reading of the test farm's soil sensor. */
function soilReport(serialno: string, seq: number, time: string, metric: string, value: number) {
  return {
    topic: topic(serialno, 'readings'),
    payload: json({
      seq,
      time,
      readings: [{ thing: 'sensor', id: field.farm.sensors.soil.id, metric, value }],
    }),
  };
}

async function radioRow(id: number) {
  const [radio] = await field.db.select().from(t.radios).where(eq(t.radios.id, id));
  return radio;
}

async function deadLettersAbout(topicName: string) {
  return field.db.select().from(t.deadLetters).where(eq(t.deadLetters.topic, topicName));
}

describe('readings', () => {
  it('stores readings, the sensor latest value and the radio report time', async () => {
    const sensor = field.farm.sensors.soil;
    await publish([
      {
        topic: topic('R-1001', 'readings'),
        payload: json({
          seq: 41,
          time: '2026-11-21T08:55:00.000Z',
          readings: [
            { thing: 'sensor', id: sensor.id, metric: 'soil.moisture', value: 33.25 },
            {
              thing: 'sensor',
              id: sensor.id,
              metric: 'soil.moisture',
              value: 32.5,
              time: '2026-11-21T08:45:00.000Z',
            },
          ],
        }),
      },
    ]);

    const stored = await readingsOf('sensor', sensor.id, 'soil.moisture');
    expect(stored.map((row) => [new Date(row.time).toISOString(), row.value])).toEqual([
      ['2026-11-21T08:45:00.000Z', 32.5],
      ['2026-11-21T08:55:00.000Z', 33.25],
    ]);
    const [row] = await field.db.select().from(t.sensors).where(eq(t.sensors.id, sensor.id));
    expect(row?.topics).toEqual([
      {
        metric: 'soil.moisture',
        type: 'analog',
        lastValue: 33.25,
        timestamp: '2026-11-21T08:55:00.000Z',
      },
    ]);
    const radio = await radioRow(field.farm.radios.radio1.id);
    expect(radio?.lastUpdate?.toISOString()).toBe('2026-11-21T08:55:00.000Z');
    expect(radio?.lastSeq).toBe(41);
    expect(radio?.online).toBe(true);
  });

  it('keeps the newest value as latest when an older reading arrives later', async () => {
    const sensor = field.farm.sensors.soil;
    await publish([soilReport('R-1001', 40, '2026-11-21T08:35:00.000Z', 'soil.moisture', 30)]);
    const stored = await readingsOf('sensor', sensor.id, 'soil.moisture');
    expect(stored.map((row) => row.value)).toEqual([30, 32.5, 33.25]);
    const [row] = await field.db.select().from(t.sensors).where(eq(t.sensors.id, sensor.id));
    expect(row?.topics[0]?.lastValue).toBe(33.25);
    const radio = await radioRow(field.farm.radios.radio1.id);
    expect(radio?.lastUpdate?.toISOString()).toBe('2026-11-21T08:55:00.000Z');
    expect(radio?.lastSeq).toBe(41);
  });

  it('stores a redelivered report once', async () => {
    const sensor = field.farm.sensors.soil;
    const report = soilReport('R-1001', 42, '2026-11-21T08:56:00.000Z', 'soil.moisture', 34);
    const duplicatesBefore = live.ingest.stats().readingsDuplicate;
    await publish([report, report, report]);
    const stored = await readingsOf('sensor', sensor.id, 'soil.moisture');
    expect(
      stored.filter((row) => new Date(row.time).toISOString() === '2026-11-21T08:56:00.000Z'),
    ).toHaveLength(1);
    expect(live.ingest.stats().readingsDuplicate - duplicatesBefore).toBe(2);
    const rollups = await queryRows<{ count: number }>(
      field.db,
      sql`select sum(ru.count)::int as count from reading_rollups ru join series s on s.id = ru.series_id
          where s.thing_type = 'sensor' and s.thing_id = ${sensor.id} and s.metric = 'soil.moisture'`,
    );
    expect(rollups[0]?.count).toBe(4);
  });

  it('adds a metric the sensor did not list yet to its topics', async () => {
    const sensor = field.farm.sensors.soil;
    await publish([soilReport('R-1001', 43, '2026-11-21T08:57:00.000Z', 'soil.temperature', 14.5)]);
    const [row] = await field.db.select().from(t.sensors).where(eq(t.sensors.id, sensor.id));
    expect(row?.topics.map((entry) => entry.metric)).toEqual(['soil.moisture', 'soil.temperature']);
    expect(row?.topics[1]).toMatchObject({ lastValue: 14.5, type: 'analog' });
    expect(await readingsOf('sensor', sensor.id, 'soil.temperature')).toHaveLength(1);
  });

  it('keeps a control running state and topics from its readings', async () => {
    const valve = field.farm.controls.valve2;
    const report = (seq: number, minute: number, running: number) => ({
      topic: topic('R-1001', 'readings'),
      payload: json({
        seq,
        time: `2026-11-21T08:${minute}:00.000Z`,
        readings: [{ thing: 'control', id: valve.id, metric: 'running', value: running }],
      }),
    });
    await publish([report(44, 50, 1)]);
    let [row] = await field.db.select().from(t.controls).where(eq(t.controls.id, valve.id));
    expect(row?.isRunning).toBe(true);
    expect(row?.topics).toEqual([
      { metric: 'running', type: 'digital', lastValue: 1, timestamp: '2026-11-21T08:50:00.000Z' },
    ]);

    await publish([report(45, 58, 0)]);
    [row] = await field.db.select().from(t.controls).where(eq(t.controls.id, valve.id));
    expect(row?.isRunning).toBe(false);
    expect(await readingsOf('control', valve.id, 'running')).toHaveLength(2);
  });

  it('takes readings from a unit for the sensors wired to it', async () => {
    await publish([soilReport('U-1001', 7, '2026-11-21T08:59:00.000Z', 'soil.moisture', 35)]);
    const [unit] = await field.db
      .select()
      .from(t.units)
      .where(eq(t.units.id, field.farm.units.a.id));
    expect(unit?.lastUpdate?.toISOString()).toBe('2026-11-21T08:59:00.000Z');
    expect(unit?.lastSeq).toBe(7);
  });
});

describe('dead letters', () => {
  it.each([
    {
      name: 'a payload that is not JSON',
      serialno: 'R-1002',
      payload: '{"seq": 1,',
      reason: /^payload is not JSON/,
    },
    {
      name: 'readings that break the schema',
      serialno: 'R-1002',
      payload: json({ seq: -1, time: 'yesterday', readings: [] }),
      reason: /^invalid readings: seq: .*; time: .*; readings: /,
    },
    {
      name: 'a device the server does not know',
      serialno: 'R-9999',
      payload: json({
        seq: 1,
        time: '2026-11-21T08:55:00.000Z',
        readings: [{ thing: 'sensor', id: 1, metric: 'soil.moisture', value: 1 }],
      }),
      reason: /^unknown device R-9999$/,
    },
  ])('keeps $name with the reason', async ({ serialno, payload, reason }) => {
    // A topic of its own per case, so each finds exactly its own dead letter.
    const kind = 'readings' as const;
    const topicName = topic(serialno, kind);
    await field.db.delete(t.deadLetters).where(eq(t.deadLetters.topic, topicName));
    await publish([{ topic: topicName, payload }]);
    const letters = await deadLettersAbout(topicName);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.payload).toBe(payload);
    expect(letters[0]?.reason).toMatch(reason);
  });

  it('keeps a payload that is not UTF-8 as base64', async () => {
    const topicName = topic('R-1002', 'status');
    const payload = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    await publish([{ topic: topicName, payload }]);
    const letters = await deadLettersAbout(topicName);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.payload).toBe(payload.toString('base64'));
    expect(letters[0]?.reason).toMatch(/not UTF-8/);
  });

  it('refuses readings of a sensor that is not wired to the device, and stores none of them', async () => {
    const foreign = field.farm.sensors.soil; // wired to R-1001, not R-1002
    const before = await readingsOf('sensor', foreign.id, 'soil.moisture');
    const topicName = topic('R-1002', 'readings');
    await field.db.delete(t.deadLetters).where(eq(t.deadLetters.topic, topicName));
    await publish([
      {
        topic: topicName,
        payload: json({
          seq: 1,
          time: '2026-11-21T08:40:00.000Z',
          readings: [{ thing: 'sensor', id: foreign.id, metric: 'soil.moisture', value: 99 }],
        }),
      },
    ]);
    const letters = await deadLettersAbout(topicName);
    expect(letters.map((letter) => letter.reason)).toEqual([
      `sensor ${foreign.id} is not wired to R-1002`,
    ]);
    expect(await readingsOf('sensor', foreign.id, 'soil.moisture')).toEqual(before);
  });

  it('stores the rest of a batch when one message fails in the database, and keeps that one', async () => {
    // Valid by the schema, but its rollup sum overflows float8: the database refuses it.
    const valve = field.farm.controls.valve3;
    const poison = {
      topic: topic('R-1001', 'readings'),
      payload: json({
        seq: 50,
        time: '2026-11-21T08:20:00.000Z',
        readings: [
          { thing: 'control', id: valve.id, metric: 'flow', value: 1.5e308 },
          {
            thing: 'control',
            id: valve.id,
            metric: 'flow',
            value: 1.5e308,
            time: '2026-11-21T08:21:00.000Z',
          },
        ],
      }),
    };
    const good = (minute: number) => ({
      topic: topic('R-1001', 'readings'),
      payload: json({
        seq: 51,
        time: `2026-11-21T08:${minute}:00.000Z`,
        readings: [{ thing: 'control', id: valve.id, metric: 'pressure', value: minute }],
      }),
    });
    await publish([good(10), poison, good(11)]);

    const letters = await deadLettersAbout(poison.topic);
    expect(letters.map((letter) => [letter.payload, letter.reason.split(':')[0]])).toEqual([
      [poison.payload, 'could not be stored'],
    ]);
    expect((await readingsOf('control', valve.id, 'pressure')).map((row) => row.value)).toEqual([
      10, 11,
    ]);
    expect(await readingsOf('control', valve.id, 'flow')).toEqual([]);
  });

  it('refuses a device reported under another site', async () => {
    // R-2001 belongs to site b; site a's gateway has no business speaking for it.
    const topicName = topic('R-2001', 'status');
    await publish([{ topic: topicName, payload: json({ online: true, battery: 1 }) }]);
    const letters = await deadLettersAbout(topicName);
    expect(letters.map((letter) => letter.reason)).toEqual([
      `device R-2001 belongs to site ${field.farm.sites.b.id}, not site ${field.farm.sites.a.id}`,
    ]);
    const radio = await radioRow(field.farm.radios.radioB.id);
    expect(radio?.batteryValue).toBe(3.6);
  });
});

describe('status', () => {
  it('updates the radio health fields', async () => {
    await publish([
      {
        topic: topic('R-1002', 'status'),
        payload: json({
          seq: 3,
          time: '2026-11-21T08:58:30.000Z',
          online: true,
          battery: 3.31,
          signal: -88,
          misses: 2,
          fault: true,
        }),
      },
    ]);
    const radio = await radioRow(field.farm.radios.radio2.id);
    expect(radio).toMatchObject({
      batteryValue: 3.31,
      signalValue: -88,
      missesValue: 2,
      fault: true,
      online: true,
    });
    expect(radio?.lastUpdate?.toISOString()).toBe('2026-11-21T08:58:30.000Z');
    const history = async (metric: string) =>
      (await readingsOf('radio', field.farm.radios.radio2.id, metric)).map((row) => [
        new Date(row.time).toISOString(),
        row.value,
      ]);
    expect(await history('battery')).toEqual([['2026-11-21T08:58:30.000Z', 3.31]]);
    expect(await history('signal')).toEqual([['2026-11-21T08:58:30.000Z', -88]]);
    expect(await history('misses')).toEqual([['2026-11-21T08:58:30.000Z', 2]]);
  });

  it('keeps a redelivered status once in the health history, with its rollup counted once', async () => {
    const report = {
      topic: topic('R-1001', 'status'),
      payload: json({ seq: 9, time: '2026-11-21T08:40:00.000Z', online: true, battery: 3.52 }),
    };
    await publish([report, report]);
    const stored = await readingsOf('radio', field.farm.radios.radio1.id, 'battery');
    expect(stored.map((row) => row.value)).toEqual([3.52]);
    const [rollup] = await queryRows<{ count: number }>(
      field.db,
      sql`select r.count from reading_rollups r join series s on s.id = r.series_id
          where s.thing_type = 'radio' and s.thing_id = ${field.farm.radios.radio1.id}
            and s.metric = 'battery'`,
    );
    expect(Number(rollup?.count)).toBe(1);
  });

  it('stores a past status (a back-fill) as history without changing the current health', async () => {
    const before = await radioRow(field.farm.radios.radio1.id);
    await publish([
      {
        topic: topic('R-1001', 'status'),
        payload: json({
          seq: 10,
          time: '2026-10-01T08:00:00.000Z',
          online: true,
          battery: 3.64,
          signal: -70,
        }),
      },
    ]);
    const stored = await readingsOf('radio', field.farm.radios.radio1.id, 'battery');
    expect(stored.map((row) => [new Date(row.time).toISOString(), row.value])).toEqual([
      ['2026-10-01T08:00:00.000Z', 3.64],
      ['2026-11-21T08:40:00.000Z', 3.52],
    ]);
    const after = await radioRow(field.farm.radios.radio1.id);
    expect(after?.batteryValue).toBe(before?.batteryValue);
    expect(after?.signalValue).toBe(before?.signalValue);
    expect(after?.lastUpdate).toEqual(before?.lastUpdate);
  });

  it('takes a device offline by its last will, without counting it as a report', async () => {
    const topicName = topic('R-1002', 'status');
    const target = live.ingest.stats().committed + 1;
    // The device itself, with its own credentials and a last will, then a link that just dies.
    const device = await mqtt.connectAsync(field.broker.url, {
      ...field.broker.clientOptions('R-1002'),
      will: {
        topic: topicName,
        payload: Buffer.from(json({ online: false })),
        qos: 1,
        retain: false,
      },
    });
    device.stream.destroy();
    await waitFor('the last will stored', () => live.ingest.stats().committed >= target);
    await device.endAsync(true);

    const radio = await radioRow(field.farm.radios.radio2.id);
    expect(radio?.online).toBe(false);
    expect(radio?.lastUpdate?.toISOString()).toBe('2026-11-21T08:58:30.000Z');
  });
});

describe('batches in parallel', () => {
  it("stores a device's messages in the order it sent them", async () => {
    const statuses = (serialno: string, first: number) =>
      Array.from({ length: 40 }, (_, index) => ({
        topic: topic(serialno, 'status'),
        payload: json({ seq: first + index, online: true, battery: 3 + index / 100 }),
      }));
    const [one, two] = [statuses('R-1001', 100), statuses('R-1002', 200)];
    const messages = one.flatMap((message, index) => [message, two[index] as typeof message]);
    await publish(messages, { atOnce: true });
    // Battery carries no time of its own: the last status stored wins, so it must be the last sent.
    expect((await radioRow(field.farm.radios.radio1.id))?.batteryValue).toBe(3.39);
    expect((await radioRow(field.farm.radios.radio2.id))?.batteryValue).toBe(3.39);
  });
});

describe('followups', () => {
  it('writes what follows a batch in its transaction, for the worker to run and remove', async () => {
    await field.db.delete(t.ingestFollowups);
    await publish([soilReport('R-1001', 300, '2026-11-21T09:10:00.000Z', 'soil.moisture', 35)]);
    const rows = await field.db.select().from(t.ingestFollowups);
    expect(rows.map((row) => row.batch)).toEqual([
      {
        sensors: [field.farm.sensors.soil.id],
        controls: [],
        radios: [field.farm.radios.radio1.id],
        units: [],
        readingsInserted: 1,
        deadLettered: 0,
      },
    ]);

    const heard: CommittedFollowup[] = [];
    const ran = await runFollowups(
      field.db,
      [async (followup) => void heard.push(followup)],
      quietLog,
    );
    expect(ran).toEqual({ done: 1, failed: 0 });
    expect(heard.map((followup) => followup.sensors)).toEqual([[field.farm.sensors.soil.id]]);
    expect(await field.db.select().from(t.ingestFollowups)).toEqual([]);
  });

  it('writes none for a batch of dead letters only', async () => {
    await field.db.delete(t.ingestFollowups);
    await publish([{ topic: topic('R-9999', 'status'), payload: json({ online: true }) }]);
    expect(await field.db.select().from(t.ingestFollowups)).toEqual([]);
  });
});
