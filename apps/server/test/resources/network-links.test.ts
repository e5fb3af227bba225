/**
 * A site's LoRaWAN network server links (issue 32 items 1, 2 and 7): only the site's admins add,
 * change and delete them, its viewers read them, and the password is stored sealed and in no
 * answer; a radio's devEUI is one radio's. Against a real broker (the embedded one, or MQTT_URL's),
 * a ChirpStack v4 and a The Things Stack v3 uplink become readings of the attached radio with the
 * best gateway's signal, the same fCnt twice is stored once, and an unknown devEUI is listed as
 * heard.
 */
import { eq, and } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFieldSecret } from '../../src/auth/secrets.ts';
import { fieldKey, SERVER_USERNAME } from '../../src/field/credentials.ts';
import * as schema from '../../src/db/schema.ts';
import { credentialBox } from '../../src/network-links/credential-box.ts';
import { startLinkRunner, type LinkRunner } from '../../src/network-links/link-runner.ts';
import { addedByAdmin, expectDeletedByAdmin } from '../helpers/added.ts';
import { freePort, quietLog, startTestBroker, waitFor, type TestBroker } from '../helpers/field.ts';
import {
  attachFrostSensor,
  chirpStackUp as lorawanChirpStackUp,
  ttsUp as lorawanTtsUp,
} from '../helpers/lorawan.ts';
import {
  itRefusesAllButSiteAdmins,
  itRefusesBadAdditions,
  type NamedCall,
} from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let broker: TestBroker;
let runner: LinkRunner;
let publisher: MqttClient;

beforeAll(async () => {
  t = await buildTestApp();
  broker = await startTestBroker();
  runner = await startLinkRunner({
    db: t.db,
    clock: t.clock,
    log: quietLog,
    box: credentialBox(await loadFieldSecret(t.db, t.config.field.fieldSecret)),
    clientIdPrefix: `test-link-${randomUUID()}`,
    pollMs: 100,
  });
  publisher = await mqtt.connectAsync(broker.url, broker.clientOptions(SERVER_USERNAME));
});
afterAll(async () => {
  await publisher?.endAsync();
  await runner?.close();
  await broker?.close();
  await t?.close();
});

const PASSWORD = 'chirpstack-integration-password';
const siteUrl = (siteId: number | string = t.farm.sites.a.id) =>
  `/api/sites/${siteId}/network-links`;
const body = (overrides: Record<string, unknown> = {}) => ({
  kind: 'chirpstack',
  url: 'mqtt://chirpstack.example:1883',
  username: 'paddock',
  password: PASSWORD,
  applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
  tenant: null,
  ...overrides,
});
const linkRows = () => t.db.select().from(schema.networkLinks).orderBy(schema.networkLinks.id);
/** What a caller sets of the links; their state is the runner's, which moves on its own. */
const linkSettings = async () =>
  (await linkRows()).map(({ state: _s, stateDetail: _d, stateAt: _a, ...settings }) => settings);

const create = (payload: object = body(), siteId = t.farm.sites.a.id) =>
  addedByAdmin<{ id: number }>(t, siteUrl(siteId), payload);

describe('POST sites/{id}/network-links', () => {
  it('adds the link, seals its password and answers it without the password', async () => {
    const created = await create();
    expect(created).toEqual({
      id: expect.any(Number),
      site: t.farm.sites.a.id,
      kind: 'chirpstack',
      url: 'mqtt://chirpstack.example:1883',
      username: 'paddock',
      hasPassword: true,
      applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
      tenant: null,
      state: expect.any(String),
      stateDetail: expect.toBeOneOf([null, expect.any(String)]),
      lastUplinkAt: null,
      created: t.clock.now().toISOString(),
      modified: t.clock.now().toISOString(),
    });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);
    const [row] = await t.db
      .select()
      .from(schema.networkLinks)
      .where(eq(schema.networkLinks.id, created.id));
    expect(row?.passwordSealed).toMatch(/^v1\./);
    expect(row?.passwordSealed).not.toContain(PASSWORD);
    const box = credentialBox(await loadFieldSecret(t.db, t.config.field.fieldSecret));
    expect(box.open(row?.passwordSealed ?? '')).toBe(PASSWORD);

    const listed = await t.as(t.farm.users.monitor.id, { method: 'GET', url: siteUrl() });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ id: created.id, hasPassword: true, username: 'paddock' }),
    );
    expect(listed.body).not.toContain(PASSWORD);
    await t.db.delete(schema.networkLinks);
  });

  itRefusesBadAdditions(() => t, {
    request: (overrides) => ({ method: 'POST', url: siteUrl(), payload: body(overrides) }),
    invalid: [
      ['an http URL for an MQTT link', { url: 'https://chirpstack.example' }, 'url'],
      ['credentials in the URL', { url: 'mqtt://user:secret@chirpstack.example' }, 'url'],
      ['an unknown kind', { kind: 'loriot' }, 'kind'],
      ['a wildcard application', { applicationId: '+' }, 'applicationId'],
      ['an application reaching other topics', { applicationId: 'app/#' }, 'applicationId'],
      ['The Things Stack without its tenant', { kind: 'tts-mqtt', tenant: null }, 'tenant'],
      ['a field of its own', { secret: 'x' }, 'secret'],
    ],
    stored: linkSettings,
  });
});

describe('who may', () => {
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    mine = (await create()).id;
    theirs = (await create(body(), t.farm.sites.b.id)).id;
  });
  afterAll(async () => {
    await t.db.delete(schema.networkLinks);
  });

  const changes: NamedCall[] = [
    ['add', () => ({ method: 'POST', url: siteUrl(), payload: body() })],
    ['change', () => ({ method: 'PUT', url: `/api/network-links/${mine}`, payload: body() })],
    ['delete', () => ({ method: 'DELETE', url: `/api/network-links/${mine}` })],
  ];
  const reads: NamedCall[] = [
    ['list', () => ({ method: 'GET', url: siteUrl() })],
    ['read heard devices', () => ({ method: 'GET', url: `/api/network-links/${mine}/heard` })],
  ];

  itRefusesAllButSiteAdmins(() => t, changes, linkSettings);

  it.each(reads)('401 without a token to %s', async (_label, call) => {
    expect((await t.app.inject(call())).statusCode).toBe(401);
  });

  it.each(reads)('a monitor may %s; a caller from another site may not', async (_label, call) => {
    expect((await t.as(t.farm.users.monitor.id, call())).statusCode).toBe(200);
    expect((await t.as(t.farm.users.outsider.id, call())).statusCode).toBe(403);
  });

  it("403 for another site's link, 404 for none", async () => {
    const admin = t.farm.users.admin.id;
    const heard = (id: number) => ({
      method: 'GET' as const,
      url: `/api/network-links/${id}/heard`,
    });
    expect((await t.as(t.farm.users.manager.id, heard(theirs))).statusCode).toBe(403);
    expect((await t.as(admin, heard(999_999))).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: siteUrl(999_999) })).statusCode).toBe(404);
  });

  it('PUT keeps a password left out and never answers it; DELETE removes the link', async () => {
    t.clock.advance(60_000);
    const sealed = async () =>
      (await linkRows()).find((row) => row.id === mine)?.passwordSealed ?? null;
    const before = await sealed();
    const withoutPassword: Record<string, unknown> = body({ username: 'farm' });
    delete withoutPassword.password;
    const changed = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: `/api/network-links/${mine}`,
      payload: withoutPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: mine,
      username: 'farm',
      hasPassword: true,
      modified: t.clock.now().toISOString(),
    });
    expect(changed.json()).not.toHaveProperty('password');
    expect(await sealed()).toBe(before);
    const cleared = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: `/api/network-links/${mine}`,
      payload: body({ password: null }),
    });
    expect(cleared.json()).toMatchObject({ hasPassword: false });
    expect(await sealed()).toBeNull();

    await expectDeletedByAdmin(t, `/api/network-links/${mine}`);
  });
});

describe("a radio's devEUI", () => {
  afterAll(async () => {
    await t.db.update(schema.radios).set({ devEui: null });
  });

  it('is taken in any written form, stored in one, listed, and one radio’s only', async () => {
    const { radio1, radio2 } = t.farm.radios;
    const set = (id: number, devEui: unknown) =>
      t.as(t.farm.users.admin.id, { method: 'PUT', url: `/api/radios/${id}`, payload: { devEui } });
    const response = await set(radio1.id, 'a8-40-41-c2-e1-83-3f-5a');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: radio1.id, devEui: 'A84041C2E1833F5A' });
    const listed = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/radios?area=${radio1.areaId}`,
    });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ id: radio1.id, devEui: 'A84041C2E1833F5A' }),
    );

    const taken = await set(radio2.id, 'A84041C2E1833F5A');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'devEui' });
    const bad = await set(radio2.id, '0000000000000000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'devEui' });
    expect(
      (
        await t.as(t.farm.users.monitor.id, {
          method: 'PUT',
          url: `/api/radios/${radio2.id}`,
          payload: { devEui: 'A84041C2E1833F5B' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('uplinks over MQTT', () => {
  const app = randomUUID();
  const ttsApp = `te-awa-${randomUUID().slice(0, 8)}`;
  const probeEui = 'A84041C2E1833F5A';
  const thEui = '24E124136B502217';
  let chirpLink: number;
  let ttsLink: number;
  let thSensor: number;

  const credentials = () => ({
    url: broker.url,
    username: SERVER_USERNAME,
    password: fieldKey(broker.fieldSecret, SERVER_USERNAME),
  });

  beforeAll(async () => {
    await t.db.delete(schema.networkLinks);
    const { radio1 } = t.farm.radios;
    await t.db
      .update(schema.radios)
      .set({ devEui: probeEui })
      .where(eq(schema.radios.id, radio1.id));
    thSensor = await attachFrostSensor(t, thEui);
    chirpLink = (await create(body({ ...credentials(), applicationId: app }))).id;
    ttsLink = (
      await create(
        body({ ...credentials(), kind: 'tts-mqtt', applicationId: ttsApp, tenant: 'ttn' }),
      )
    ).id;
    await runner.refresh();
    const state = async (id: number) => (await linkRows()).find((row) => row.id === id)?.state;
    await waitFor(
      'both links connected',
      async () =>
        (await state(chirpLink)) === 'connected' && (await state(ttsLink)) === 'connected',
    );
  });
  afterAll(async () => {
    await t.db.delete(schema.networkLinks);
  });

  const at = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();
  const chirpStackUp = (devEui: string, fCnt: number, time: string, water?: string) =>
    lorawanChirpStackUp({ applicationId: app, devEui, fCnt, time, ...(water ? { water } : {}) });
  const publishChirpStack = (message: ReturnType<typeof chirpStackUp>, devEui: string) =>
    publisher.publishAsync(
      `application/${app}/device/${devEui.toLowerCase()}/event/up`,
      JSON.stringify(message),
      { qos: 1 },
    );
  const taken = (id: number) => {
    const counts = runner.counts(id);
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  };
  const readingsOf = async (thing: 'sensor' | 'radio', id: number, metric: string) =>
    t.db
      .select({ time: schema.readings.time, value: schema.readings.value })
      .from(schema.readings)
      .innerJoin(schema.series, eq(schema.series.id, schema.readings.seriesId))
      .where(
        and(
          eq(schema.series.thingType, thing),
          eq(schema.series.thingId, id),
          eq(schema.series.metric, metric),
        ),
      );

  it('a ChirpStack uplink becomes readings of the radio, its signal the best gateway’s; a repeated fCnt is stored once', async () => {
    const { radio1 } = t.farm.radios;
    const soil = t.farm.sensors.soil.id;
    await publishChirpStack(chirpStackUp(probeEui, 1234, at(1)), probeEui);
    await waitFor('the uplink taken', () => taken(chirpLink) >= 1);
    expect(runner.counts(chirpLink).stored).toBe(1);
    expect(await readingsOf('sensor', soil, 'soil.moisture')).toEqual([
      { time: new Date(at(1)), value: 19.57 },
    ]);
    expect(await readingsOf('sensor', soil, 'soil.ec')).toEqual([
      { time: new Date(at(1)), value: 28.2 },
    ]);
    const [radio] = await t.db.select().from(schema.radios).where(eq(schema.radios.id, radio1.id));
    expect(radio).toMatchObject({ signalValue: -97, batteryValue: 3.625, online: true });

    // The network server's retry, and the same frame again with another time and value: once.
    await publishChirpStack(chirpStackUp(probeEui, 1234, at(1)), probeEui);
    await publishChirpStack(chirpStackUp(probeEui, 1234, at(5), '40.1'), probeEui);
    await waitFor('the repeats taken', () => taken(chirpLink) >= 3);
    expect(runner.counts(chirpLink)).toMatchObject({ stored: 1, repeat: 2 });
    expect(await readingsOf('sensor', soil, 'soil.moisture')).toHaveLength(1);

    // The next frame is stored; the link's last uplink is noted.
    await publishChirpStack(chirpStackUp(probeEui, 1235, at(600), '20.5'), probeEui);
    await waitFor('the next frame taken', () => taken(chirpLink) >= 4);
    expect(await readingsOf('sensor', soil, 'soil.moisture')).toHaveLength(2);
    const links = await t.as(t.farm.users.admin.id, { method: 'GET', url: siteUrl() });
    expect(links.json()).toContainEqual(
      expect.objectContaining({
        id: chirpLink,
        state: 'connected',
        lastUplinkAt: expect.any(String),
      }),
    );
  });

  it('a device counting from 0 again (it joined again) is stored, not taken for a repeat', async () => {
    const soil = t.farm.sensors.soil.id;
    const before = (await readingsOf('sensor', soil, 'soil.moisture')).length;
    const stored = runner.counts(chirpLink).stored;
    await publishChirpStack(chirpStackUp(probeEui, 0, at(1200), '21.0'), probeEui);
    await waitFor('the rejoined frame taken', () => runner.counts(chirpLink).stored > stored);
    expect(await readingsOf('sensor', soil, 'soil.moisture')).toHaveLength(before + 1);
  });

  it('an unknown devEUI is listed as heard, and a bad message is counted without stopping the link', async () => {
    const stranger = '70B3D57ED005A1C2';
    await publisher.publishAsync(`application/${app}/device/x/event/up`, '{"fCnt": "many"}', {
      qos: 1,
    });
    await publishChirpStack(chirpStackUp(stranger, 7, at(2)), stranger);
    await waitFor('the stranger heard', () => runner.counts(chirpLink).heard >= 1);
    expect(runner.counts(chirpLink).invalid).toBe(1);
    const heard = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/network-links/${chirpLink}/heard`,
    });
    expect(heard.statusCode).toBe(200);
    expect(heard.json()).toEqual([
      { devEui: stranger, lastFCnt: 7, lastSeen: at(2), rssi: -97, snr: 6.8 },
    ]);
  });

  it('a The Things Stack uplink becomes readings of its radio with the best gateway', async () => {
    const { radio2 } = t.farm.radios;
    const ttsUp = lorawanTtsUp({ applicationId: ttsApp, devEui: thEui, fCnt: 88, time: at(3) });
    await publisher.publishAsync(
      `v3/${ttsApp}@ttn/devices/em300-th-frost-1/up`,
      JSON.stringify(ttsUp),
      { qos: 1 },
    );
    await waitFor('the uplink taken', () => runner.counts(ttsLink).stored >= 1);
    const temperature = await t.db
      .select({ metric: schema.series.metric, value: schema.readings.value })
      .from(schema.readings)
      .innerJoin(schema.series, eq(schema.series.id, schema.readings.seriesId))
      .where(and(eq(schema.series.thingType, 'sensor'), eq(schema.series.thingId, thSensor)));
    expect(temperature).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 20 }),
        expect.objectContaining({ value: 30 }),
        { metric: 'battery.level', value: 50 },
      ]),
    );
    expect(temperature).toHaveLength(3);
    const [radio] = await t.db.select().from(schema.radios).where(eq(schema.radios.id, radio2.id));
    expect(radio?.signalValue).toBe(-76);
    expect(await readingsOf('radio', radio2.id, 'signal')).toEqual([
      { time: new Date(at(3)), value: -76 },
    ]);
  });

  it("each uplink's air time is kept, and a device that will pass its fair use is on the worklist", async () => {
    const { radio2 } = t.farm.radios;
    // Two more uplinks a minute apart (the first is the test above's, at +3 s): at 0.0617 s
    // each, a minute's cadence is 89 s a day, three times The Things Network's 30 s.
    for (const [fCnt, seconds] of [
      [89, 63],
      [90, 123],
    ] as const) {
      const up = lorawanTtsUp({ applicationId: ttsApp, devEui: thEui, fCnt, time: at(seconds) });
      await publisher.publishAsync(
        `v3/${ttsApp}@ttn/devices/em300-th-frost-1/up`,
        JSON.stringify(up),
        { qos: 1 },
      );
    }
    await waitFor('both uplinks taken', () => runner.counts(ttsLink).stored >= 3);
    const kept = await t.db
      .select({ at: schema.lorawanAirtime.at, seconds: schema.lorawanAirtime.seconds })
      .from(schema.lorawanAirtime)
      .where(eq(schema.lorawanAirtime.radioId, radio2.id))
      .orderBy(schema.lorawanAirtime.at);
    expect(kept).toEqual(
      [3, 63, 123].map((seconds) => ({ at: new Date(at(seconds)), seconds: 0.061696 })),
    );

    const started = t.clock.now();
    t.clock.set(new Date(at(130)));
    try {
      const response = await t.as(t.farm.users.admin.id, {
        method: 'GET',
        url: `/api/sites/${radio2.siteId}/maintenance`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = (
        response.json() as {
          areas: { items: { id: number; reasons: string[]; airtime: unknown }[] }[];
        }
      ).areas.flatMap((area) => area.items);
      const item = items.find((candidate) => candidate.id === radio2.id);
      expect(item?.reasons).toContain('airtime');
      expect(item?.airtime).toEqual({
        state: 'will-pass',
        usedSeconds: 0.19,
        projectedSeconds: 88.84,
        limitSeconds: 30,
      });
    } finally {
      t.clock.set(started);
    }
  });

  it('a link whose broker does not answer is unreachable', async () => {
    const port = await freePort();
    const { id } = await create(
      body({ url: `mqtt://127.0.0.1:${port}`, applicationId: 'nowhere' }),
    );
    await runner.refresh();
    await waitFor(
      'the link unreachable',
      async () => (await linkRows()).find((row) => row.id === id)?.state === 'unreachable',
    );
  });

  it.skipIf(process.env.MQTT_URL !== undefined)(
    'a link the broker refuses the password of is refused: bad credentials',
    async () => {
      const { id } = await create(
        body({ ...credentials(), password: 'not-the-key', applicationId: 'refused' }),
      );
      await runner.refresh();
      await waitFor(
        'the link refused',
        async () =>
          (await linkRows()).find((row) => row.id === id)?.state === 'refused: bad credentials',
      );
      const listed = await t.as(t.farm.users.admin.id, { method: 'GET', url: siteUrl() });
      expect(listed.json()).toContainEqual(
        expect.objectContaining({ id, state: 'refused: bad credentials' }),
      );
    },
  );

  // Last: the clock moves on two hours, past every token signed before.
  it('a connected link silent for two hours is shown as such', async () => {
    const stateOf = async () => {
      const token = await t.tokenFor(t.farm.users.admin.id);
      const links = await t.app.inject({
        method: 'GET',
        url: siteUrl(),
        headers: { authorization: `Bearer ${token}` },
      });
      return links.json<{ id: number; state: string }[]>().find((link) => link.id === chirpLink)
        ?.state;
    };
    expect(await stateOf()).toBe('connected');
    t.clock.advance(2 * 3_600_000);
    expect(await stateOf()).toBe('no uplink for 2 h');
  });
});
