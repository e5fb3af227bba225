/**
 * The Things Stack's webhook (issue 32 item 2): POST network-links/{id}/uplinks with the link's
 * password as `Authorization: Bearer`. A The Things Stack v3 uplink heard by two gateways becomes
 * readings of its radio with the best gateway's rssi as signal, the same fCnt twice is stored
 * once, an unknown devEUI is listed as heard, and the link is shown connected. A wrong or missing
 * secret (401), a link of another kind or none (404), a body that is no uplink (400 naming the
 * field) or over the server's JSON limit (413) store nothing; no uplink writes an audit row.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { addedByAdmin } from '../helpers/added.ts';
import { auditRowsAfter, lastAuditId } from '../helpers/audit-trail.ts';
import { attachFrostSensor, ttsUp } from '../helpers/lorawan.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const SECRET = 'tts-webhook-shared-secret';
const applicationId = `te-awa-${randomUUID().slice(0, 8)}`;
/** The Milesight EM300-TH of helpers/lorawan.ts, on radio2. */
const thEui = '24E124136B502217';
const strangerEui = '70B3D57ED005A1C2';

const linkBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'tts-webhook',
  url: 'https://eu1.cloud.thethings.network',
  password: SECRET,
  applicationId,
  tenant: 'ttn',
  ...overrides,
});
const createLink = (payload: object = linkBody()) =>
  addedByAdmin<{ id: number }>(t, `/api/sites/${t.farm.sites.a.id}/network-links`, payload);

const at = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();
const uplink = (fCnt: number, time: string, devEui = thEui) =>
  ttsUp({ applicationId, devEui, fCnt, time });

/** The network server's post: the link's password as a bearer secret, unless told otherwise. */
const post = (
  linkId: number,
  payload: unknown,
  authorization: string | null = `Bearer ${SECRET}`,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/network-links/${linkId}/uplinks`,
    payload: payload as object,
    headers: authorization === null ? {} : { authorization },
  });

const linkRow = async (id: number) => {
  const [row] = await t.db.select().from(schema.networkLinks).where(eq(schema.networkLinks.id, id));
  return row;
};

/** Rows an uplink may write, counted: what a refused post must leave as it was. */
async function uplinkRows() {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`SELECT (SELECT count(*) FROM readings) AS readings,
               (SELECT count(*) FROM lorawan_frames) AS frames,
               (SELECT count(*) FROM lorawan_airtime) AS airtime,
               (SELECT count(*) FROM lorawan_heard) AS heard,
               (SELECT count(*) FROM dead_letters) AS dead_letters`,
  );
  return row;
}

let thSensor: number;
beforeAll(async () => {
  thSensor = await attachFrostSensor(t, thEui);
});

const sensorReadings = () =>
  t.db
    .select({ metric: schema.series.metric, value: schema.readings.value })
    .from(schema.readings)
    .innerJoin(schema.series, eq(schema.series.id, schema.readings.seriesId))
    .where(and(eq(schema.series.thingType, 'sensor'), eq(schema.series.thingId, thSensor)));

describe('POST network-links/{id}/uplinks', () => {
  let link: number;
  beforeAll(async () => {
    link = (await createLink()).id;
  });

  it('refuses a missing or wrong secret with 401, before the body, and stores nothing', async () => {
    const before = await uplinkRows();
    for (const authorization of [null, 'Bearer not-the-secret', `Basic ${SECRET}`, SECRET]) {
      const response = await post(link, uplink(41, at(1)), authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({
        message: expect.stringContaining('Authorization: Bearer <password>'),
      });
    }
    // Authentication runs before validation: a stranger learns nothing of the body's rules.
    expect((await post(link, { nothing: true }, 'Bearer wrong')).statusCode).toBe(401);
    expect(await uplinkRows()).toEqual(before);
    expect(await linkRow(link)).toMatchObject({ state: 'pending', lastUplinkAt: null });
  });

  it('takes an uplink as readings of its radio, the best gateway’s rssi its signal, and shows the link connected', async () => {
    const { radio2 } = t.farm.radios;
    const since = await lastAuditId(t.db);
    const response = await post(link, uplink(88, at(3)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ taken: 'stored' });
    expect(await sensorReadings()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 20 }),
        expect.objectContaining({ value: 30 }),
        { metric: 'battery.level', value: 50 },
      ]),
    );
    expect(await sensorReadings()).toHaveLength(3);
    // Two gateways heard it: the packing shed at -81 dBm, the hill tower at -76.
    const [radio] = await t.db.select().from(schema.radios).where(eq(schema.radios.id, radio2.id));
    expect(radio).toMatchObject({ signalValue: -76, online: true });
    const [airtime] = await t.db
      .select()
      .from(schema.lorawanAirtime)
      .where(eq(schema.lorawanAirtime.radioId, radio2.id));
    expect(airtime?.seconds).toBeCloseTo(0.061696, 6);

    const links = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/network-links`,
    });
    expect(links.json()).toContainEqual(
      expect.objectContaining({
        id: link,
        state: 'connected',
        lastUplinkAt: t.clock.now().toISOString(),
      }),
    );
    // A device's reading is no person's change.
    expect(await auditRowsAfter(t.db, since)).toEqual([]);
  });

  it('stores the same fCnt once, however often it is posted', async () => {
    const before = (await sensorReadings()).length;
    const again = await post(link, uplink(88, at(3)));
    expect(again.json()).toEqual({ taken: 'repeat' });
    // The network server's retries racing each other: one is stored, the others are repeats.
    const raced = await Promise.all([1, 2, 3].map(() => post(link, uplink(89, at(60)))));
    expect(raced.map((response) => response.json<{ taken: string }>().taken).sort()).toEqual([
      'repeat',
      'repeat',
      'stored',
    ]);
    expect(await sensorReadings()).toHaveLength(before + 3);
  });

  it('lists an unknown devEUI as heard', async () => {
    const response = await post(link, uplink(7, at(120), strangerEui));
    expect(response.json()).toEqual({ taken: 'heard' });
    const heard = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/network-links/${link}/heard`,
    });
    expect(heard.json()).toEqual([
      { devEui: strangerEui, lastFCnt: 7, lastSeen: at(120), rssi: -76, snr: 11.5 },
    ]);
  });

  it('refuses a body that is no uplink with 400 naming the field, and stores nothing', async () => {
    const before = await uplinkRows();
    const good = uplink(90, at(180));
    const cases: [unknown, string][] = [
      [
        { ...good, uplink_message: { ...good.uplink_message, f_cnt: 'many' } },
        'uplink_message.f_cnt',
      ],
      [
        { ...good, end_device_ids: { ...good.end_device_ids, dev_eui: 'not-an-eui' } },
        'end_device_ids.dev_eui',
      ],
      [{ end_device_ids: good.end_device_ids, join_accept: {} }, 'uplink_message'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(link, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ field, location: 'body' });
    }
    expect(await uplinkRows()).toEqual(before);
  });

  it('refuses a body over the server’s JSON limit with 413, before reading it', async () => {
    const good = uplink(93, at(200));
    const decoded = { ...good.uplink_message.decoded_payload, note: 'x'.repeat(1_100_000) };
    const before = await uplinkRows();
    const response = await post(link, {
      ...good,
      uplink_message: { ...good.uplink_message, decoded_payload: decoded },
    });
    expect(response.statusCode).toBe(413);
    expect(await uplinkRows()).toEqual(before);
  });

  it('is 404 for an unknown link and for a link of another kind, even with its password', async () => {
    const chirpStack = await createLink({
      kind: 'chirpstack',
      url: 'mqtt://127.0.0.1:9',
      password: SECRET,
      applicationId: randomUUID(),
      tenant: null,
    });
    const before = await uplinkRows();
    const other = await post(chirpStack.id, uplink(91, at(240)));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: expect.stringContaining('tts-webhook') });
    expect((await post(2_000_000_000, uplink(91, at(240)))).statusCode).toBe(404);
    expect(await uplinkRows()).toEqual(before);
  });

  it('refuses every post to a link with no password', async () => {
    const open = await createLink(linkBody({ password: null, applicationId: 'no-secret' }));
    for (const authorization of [null, 'Bearer ', 'Bearer x']) {
      const response = await post(open.id, uplink(92, at(300)), authorization);
      expect(response.statusCode).toBe(401);
    }
  });
});
