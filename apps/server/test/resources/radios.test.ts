import { actionRequestSchema, radioSchema, type Radio } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radios, requests, sections, units, users } from '../../src/db/schema.ts';
import { itListsTheThingsOfAnArea } from '../helpers/list-endpoint.ts';
import {
  itRefusesBadEditsOfOneThing,
  itRefusesReadsOfOneThing,
  itRefusesReadsWithoutAccess,
} from '../helpers/refusals.ts';
import { countRows, only, rowById } from '../helpers/rows.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const radioRow = (id: number) => rowById(t.db, radios, id);
const requestCount = () => countRows(t.db, requests);

/** Adds a radio of site a to the frost area, for a test that needs one of its own. */
const addRadio = async (
  values: Pick<typeof radios.$inferInsert, 'type' | 'serialno'> &
    Partial<typeof radios.$inferInsert>,
) =>
  only(
    await t.db
      .insert(radios)
      .values({
        siteId: t.farm.sites.a.id,
        areaId: t.farm.areas.frost.id,
        tags: {},
        config: { repeater: false, coordinator: false, children: [] },
        ...values,
      })
      .returning(),
  );

/** The farm's radios as the console should see them, written out by hand. */
const expectedRadios = (): Radio[] => {
  const { radio1, radio2 } = t.farm.radios;
  const common = {
    unit: t.farm.units.a.id,
    location: '[-39.642,176.843]',
    tags: {},
    overdue: false,
    lastUpdate: '2026-11-21T08:50:00.000Z',
    fault: false,
    online: true,
    batteryValue: 3.6,
    signalValue: -70,
    missesValue: 0,
    reportIntervalSeconds: 600,
    devEui: null,
  };
  return [
    {
      ...common,
      id: radio1.id,
      type: 'WVC',
      serialno: 'R-1001',
      section: t.farm.sections.zone1.id,
      config: { repeater: false, coordinator: false, children: [] },
    },
    {
      ...common,
      id: radio2.id,
      type: 'LoRa',
      serialno: 'R-1002',
      section: null,
      config: { repeater: true, coordinator: false, children: [] },
    },
  ];
};

describe.each([
  ['GET /api/areas/{id}/radios', (area: number | string) => `/api/areas/${area}/radios`, 'params'],
  [
    'GET /api/radios?area={id}',
    (area: number | string) => `/api/radios?area=${area}`,
    'querystring',
  ],
] as const)('%s', (_name, url, idIn) => {
  itListsTheThingsOfAnArea(() => t, {
    things: 'radios',
    url,
    idIn,
    listed: { schema: radioSchema, expected: expectedRadios },
  });
});

describe('GET /api/radios/{id}', () => {
  const url = (id: number | string) => `/api/radios/${id}`;

  it('returns the radio', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(t.farm.radios.radio2.id),
    });
    expect(response.statusCode).toBe(200);
    expect(radioSchema.parse(response.json())).toEqual(expectedRadios()[1]);
  });

  it('presents a radio that never reported with nulls', async () => {
    const quiet = await addRadio({
      type: 'WMR',
      serialno: 'R-1099',
      tags: { identifier: 'canopy' },
      config: { repeater: false, coordinator: true, children: [t.farm.radios.radio1.id] },
      overdue: true,
      fault: true,
      online: false,
    });
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: url(quiet.id) });
    expect(radioSchema.parse(response.json())).toEqual({
      id: quiet.id,
      type: 'WMR',
      unit: null,
      serialno: 'R-1099',
      section: null,
      location: null,
      tags: { identifier: 'canopy' },
      config: { repeater: false, coordinator: true, children: [t.farm.radios.radio1.id] },
      overdue: true,
      lastUpdate: null,
      fault: true,
      online: false,
      batteryValue: null,
      signalValue: null,
      missesValue: null,
      reportIntervalSeconds: 600,
      devEui: null,
    });
  });

  itRefusesReadsOfOneThing(() => t, {
    thing: 'radio',
    url,
    id: () => t.farm.radios.radio1.id,
  });
});

describe('PUT /api/radios/{id}', () => {
  const put = (userId: number, id: number | string, payload: unknown) =>
    t.as(userId, { method: 'PUT', url: `/api/radios/${id}`, payload: payload as object });

  it('edits section, location, tags and config and returns the radio', async () => {
    const { radio1, radio2 } = t.farm.radios;
    const response = await put(t.farm.users.manager.id, radio2.id, {
      section: t.farm.sections.zone2.id,
      location: '[-39.646,176.846]',
      tags: { identifier: 'weather' },
      config: { repeater: true, coordinator: true, children: [radio1.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(radioSchema.parse(response.json())).toEqual({
      ...expectedRadios()[1],
      section: t.farm.sections.zone2.id,
      location: '[-39.646,176.846]',
      tags: { identifier: 'weather' },
      config: { repeater: true, coordinator: true, children: [radio1.id] },
    });
    expect(await radioRow(radio2.id)).toMatchObject({
      sectionId: t.farm.sections.zone2.id,
      location: '[-39.646,176.846]',
      tags: { identifier: 'weather' },
      config: { repeater: true, coordinator: true, children: [radio1.id] },
    });
  });

  it('a section of another area of the same site is allowed; null detaches it', async () => {
    const { radio2 } = t.farm.radios;
    const frostLayer = only(
      await t.db
        .insert(sections)
        .values({ areaId: t.farm.areas.frost.id, number: 1, label: 'Layer', type: 'multiLayer' })
        .returning(),
    );
    const moved = await put(t.farm.users.manager.id, radio2.id, { section: frostLayer.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().section).toBe(frostLayer.id);
    const detached = await put(t.farm.users.manager.id, radio2.id, { section: null });
    expect(detached.json()).toMatchObject({ section: null, serialno: 'R-1002' });
  });

  itRefusesBadEditsOfOneThing(() => t, {
    thing: 'radio',
    url: (id) => `/api/radios/${id}`,
    id: () => t.farm.radios.radio1.id,
    edit: { location: null },
    stored: radioRow,
    invalid: [
      ['a section of another site', () => ({ section: t.farm.sections.zoneB1.id }), 'section'],
      ['an unknown section', () => ({ section: 999999 }), 'section'],
      ['a section that is not an id', () => ({ section: 'zone 1' }), 'section'],
      ['a location that is not a point', () => ({ location: 'here' }), 'location'],
      [
        'a child radio of another site',
        () => ({
          config: { repeater: true, coordinator: false, children: [t.farm.radios.radioB.id] },
        }),
        'config.children.0',
      ],
      [
        'the radio as its own child',
        () => ({
          config: {
            repeater: true,
            coordinator: false,
            children: [t.farm.radios.radio2.id, t.farm.radios.radio1.id],
          },
        }),
        'config.children.1',
      ],
      [
        'a config without children',
        () => ({ config: { repeater: true, coordinator: false } }),
        'config.children',
      ],
    ],
  });
});

describe('reporting intervals (PUT /api/radios/{id}, PUT /api/units/{id})', () => {
  const put = (userId: number, url: string, payload: unknown) =>
    t.as(userId, { method: 'PUT', url, payload: payload as object });
  // The installer: the farm's support staff, given install for these tests (user-level).
  const installer = () => t.farm.users.staff.id;

  beforeAll(async () => {
    await t.db
      .update(users)
      .set({ privileges: ['loginAs', 'internal', 'install'] })
      .where(eq(users.id, t.farm.users.staff.id));
  });

  it('an installer sets a radio interval; the radio answers with it', async () => {
    const radio = await addRadio({ type: 'WVC', serialno: 'R-INT-1' });
    const response = await put(installer(), `/api/radios/${radio.id}`, {
      reportIntervalSeconds: 120,
    });
    expect(response.statusCode).toBe(200);
    expect(radioSchema.parse(response.json()).reportIntervalSeconds).toBe(120);
    expect(await radioRow(radio.id)).toMatchObject({ reportIntervalSeconds: 120 });
  });

  it('needs install: a manager (edit) is refused and nothing changes', async () => {
    const radio = await addRadio({ type: 'WVC', serialno: 'R-INT-2' });
    const response = await put(t.farm.users.manager.id, `/api/radios/${radio.id}`, {
      reportIntervalSeconds: 120,
    });
    expect(response.statusCode).toBe(403);
    expect(await radioRow(radio.id)).toMatchObject({ reportIntervalSeconds: 600 });
  });

  it.each([
    ['below 10 s', 5],
    ['above a day', 86_401],
    ['not whole seconds', 60.5],
  ])('refuses an interval %s', async (_, seconds) => {
    const radio = await addRadio({ type: 'WVC', serialno: `R-INT-${seconds}` });
    const response = await put(installer(), `/api/radios/${radio.id}`, {
      reportIntervalSeconds: seconds,
    });
    expect(response.statusCode).toBe(400);
    expect(await radioRow(radio.id)).toMatchObject({ reportIntervalSeconds: 600 });
  });

  it("an installer sets a unit's interval; a manager may not", async () => {
    const [unit] = await t.db
      .insert(units)
      .values({ siteId: t.farm.sites.a.id, serialno: 'U-INT-1', areaIds: [] })
      .returning();
    if (!unit) throw new Error('unit not inserted');
    const refused = await put(t.farm.users.manager.id, `/api/units/${unit.id}`, {
      reportIntervalSeconds: 300,
    });
    expect(refused.statusCode).toBe(403);
    const response = await put(installer(), `/api/units/${unit.id}`, {
      reportIntervalSeconds: 300,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: unit.id, reportIntervalSeconds: 300 });
    const missing = await put(installer(), '/api/units/999999', { reportIntervalSeconds: 300 });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/radios/{id}/ping', () => {
  const ping = (userId: number, id: number | string, payload?: unknown) =>
    t.as(userId, {
      method: 'POST',
      url: `/api/radios/${id}/ping`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const pingsOf = (radioId: number) =>
    t.db
      .select()
      .from(requests)
      .where(and(eq(requests.type, 'radio'), eq(requests.targetId, radioId)));

  it('records one new ping request and answers 202 with it', async () => {
    const radio = t.farm.radios.radio1;
    const before = await requestCount();
    const response = await ping(t.farm.users.manager.id, radio.id);
    expect(response.statusCode).toBe(202);
    const body = actionRequestSchema.parse(response.json());
    expect(body).toEqual({
      id: expect.any(Number),
      action: 'ping',
      type: 'radio',
      status: 'new',
      target: radio.id,
      created: t.clock.now().toISOString(),
      updated: null,
    });
    expect(await requestCount()).toBe(before + 1);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, body.id));
    expect(row).toMatchObject({
      action: 'ping',
      type: 'radio',
      targetId: radio.id,
      siteId: t.farm.sites.a.id,
      status: 'new',
      requestedBy: t.farm.users.manager.id,
    });
  });

  it('repeating with its requestId returns that request and pings nothing', async () => {
    const radio = t.farm.radios.radio1;
    const first = await ping(t.farm.users.manager.id, radio.id, {});
    expect(first.statusCode).toBe(202);
    const count = await requestCount();
    const again = await ping(t.farm.users.admin.id, radio.id, { requestId: first.json().id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await requestCount()).toBe(count);
  });

  it.each([
    [
      'a requestId of another radio',
      async () => {
        const other = await ping(t.farm.users.manager.id, t.farm.radios.radio2.id);
        return { requestId: other.json().id };
      },
      'requestId',
    ],
    ['an unknown requestId', async () => ({ requestId: 999999 }), 'requestId'],
    ['a requestId that is not an id', async () => ({ requestId: 'abc' }), 'requestId'],
  ])('400 for %s, pinging nothing', async (_label, payload, field) => {
    const radio = t.farm.radios.radio1;
    const body = await payload();
    const before = await pingsOf(radio.id);
    const count = await requestCount();
    const response = await ping(t.farm.users.manager.id, radio.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'body' });
    expect(await pingsOf(radio.id)).toEqual(before);
    expect(await requestCount()).toBe(count);
  });

  it('400 for a non-numeric id', async () => {
    const response = await ping(t.farm.users.manager.id, 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id', location: 'params' });
  });

  it('401 without a token, pinging nothing', async () => {
    const count = await requestCount();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/radios/${t.farm.radios.radio1.id}/ping`,
    });
    expect(response.statusCode).toBe(401);
    expect(await requestCount()).toBe(count);
  });

  it.each([
    ['a monitor (no control)', () => t.farm.users.monitor.id],
    ['a caller from another site', () => t.farm.users.outsider.id],
  ])('403 for %s, pinging nothing', async (_label, userId) => {
    const count = await requestCount();
    const response = await ping(userId(), t.farm.radios.radio1.id);
    expect(response.statusCode).toBe(403);
    expect(await requestCount()).toBe(count);
  });

  it('404 for an unknown radio', async () => {
    const count = await requestCount();
    const response = await ping(t.farm.users.admin.id, 999999);
    expect(response.statusCode).toBe(404);
    expect(await requestCount()).toBe(count);
  });
});

describe('GET /api/radios/{id}/requests', () => {
  const url = (id: number | string) => `/api/radios/${id}/requests`;

  it("returns the radio's requests newest first, at most 50", async () => {
    // A radio of its own so earlier tests' pings do not count.
    const radio = await addRadio({ type: 'LoRa', serialno: 'R-1077' });
    const base = t.clock.now().getTime();
    await t.db.insert(requests).values(
      Array.from({ length: 55 }, (_, i) => ({
        action: 'ping' as const,
        type: 'radio' as const,
        targetId: radio.id,
        siteId: t.farm.sites.a.id,
        status: i < 54 ? ('done' as const) : ('new' as const),
        createdAt: new Date(base + i * 1000),
        updatedAt: i < 54 ? new Date(base + i * 1000 + 500) : null,
      })),
    );
    // A control with the same id must not be listed.
    await t.db.insert(requests).values({
      action: 'test',
      type: 'control',
      targetId: radio.id,
      siteId: t.farm.sites.a.id,
      status: 'new',
    });
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: url(radio.id) });
    expect(response.statusCode).toBe(200);
    const body = actionRequestSchema.array().parse(response.json());
    expect(body).toHaveLength(50);
    expect(body.every((request) => request.type === 'radio' && request.target === radio.id)).toBe(
      true,
    );
    expect(body[0]).toMatchObject({
      status: 'new',
      created: new Date(base + 54_000).toISOString(),
      updated: null,
    });
    expect(body[1]).toMatchObject({
      status: 'done',
      updated: new Date(base + 53_500).toISOString(),
    });
    const ids = body.map((request) => request.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a radio never pinged has an empty list', async () => {
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: url(t.farm.radios.radioB.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  itRefusesReadsOfOneThing(() => t, {
    thing: 'radio',
    url,
    id: () => t.farm.radios.radio1.id,
  });
});

describe('GET /api/radios/{id}/requests/{requestId}', () => {
  const url = (id: number | string, requestId: number | string) =>
    `/api/radios/${id}/requests/${requestId}`;
  let pingId: number;

  beforeAll(async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: `/api/radios/${t.farm.radios.radio1.id}/ping`,
    });
    pingId = response.json().id;
  });

  it('returns the request, following its status', async () => {
    const radio = t.farm.radios.radio1;
    const first = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(radio.id, pingId),
    });
    expect(first.statusCode).toBe(200);
    expect(actionRequestSchema.parse(first.json())).toMatchObject({
      id: pingId,
      action: 'ping',
      type: 'radio',
      status: 'new',
      target: radio.id,
      updated: null,
    });
    // The field link advances the request; the poll sees it.
    const updated = new Date(t.clock.now().getTime() + 5000);
    await t.db
      .update(requests)
      .set({ status: 'done', updatedAt: updated })
      .where(eq(requests.id, pingId));
    const later = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(radio.id, pingId),
    });
    expect(later.json()).toMatchObject({ status: 'done', updated: updated.toISOString() });
  });

  it('404 for a request of another radio', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(t.farm.radios.radio2.id, pingId),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Request not found' });
  });

  it.each([
    ['an unknown request', () => url(t.farm.radios.radio1.id, 999999), 'Request not found'],
    ['an unknown radio', () => url(999999, pingId), 'Radio not found'],
  ])('404 for %s', async (_label, path, message) => {
    const response = await t.as(t.farm.users.admin.id, { method: 'GET', url: path() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message });
  });

  it.each([
    ['requestId', () => url(t.farm.radios.radio1.id, 'abc')],
    ['id', () => url('abc', pingId)],
  ])('400 for a non-numeric %s', async (field, path) => {
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: path() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'params' });
  });

  itRefusesReadsWithoutAccess(
    () => t,
    () => ({ method: 'GET', url: url(t.farm.radios.radio1.id, pingId) }),
  );
});
