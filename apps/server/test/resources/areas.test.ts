import { areaSchema, type Area } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../src/db/schema.ts';
import { only, rowById } from '../helpers/rows.ts';
import { presentedIrrigationZones } from '../helpers/presented.ts';
import { itRefusesReadsWithoutAccess } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const areaRow = (id: number) => rowById(t.db, areas, id);

const expectedSections = () => presentedIrrigationZones(t);

describe('GET /api/areas/{id}', () => {
  const url = (id: number | string, query = '') => `/api/areas/${id}${query}`;

  it('returns the area with its sections ordered by number', async () => {
    const area = t.farm.areas.irrigation;
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: url(area.id) });
    expect(response.statusCode).toBe(200);
    const body = areaSchema.parse(response.json());
    expect(body).toEqual({
      id: area.id,
      site: t.farm.sites.a.id,
      label: 'Block A',
      type: 'irrigation',
      capabilities: ['soilMoisture', 'batterySignal', 'weather'],
      sections: expectedSections(),
      settings: {},
      geometry: null,
      outline: null,
      status: null,
      hasFaults: false,
      alarmsActive: true,
      snoozed: false,
    } satisfies Area);
  });

  it('leaves the sections out with withoutSections=true', async () => {
    const area = t.farm.areas.irrigation;
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(area.id, '?withoutSections=true'),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(areaSchema.parse(body).id).toBe(area.id);
    expect(body).not.toHaveProperty('sections');
  });

  it('keeps the sections with withoutSections=false', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(t.farm.areas.irrigation.id, '?withoutSections=false'),
    });
    expect(response.json().sections).toEqual(expectedSections());
  });

  it('an area without sections has an empty list', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(t.farm.areas.water.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'water', sections: [] });
  });

  it('presents settings, geometry, outline and status as stored', async () => {
    const bounds = { north: -39.6, south: -39.7, east: 176.9, west: 176.8 };
    const outline = '[[-39.6,176.8],[-39.6,176.9],[-39.7,176.9]]';
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [176.8, -39.6],
          [176.9, -39.6],
          [176.9, -39.7],
          [176.8, -39.6],
        ] as [number, number][],
      ],
    };
    // Stored and presented alike.
    const addOns = {
      label: 'Add-ons',
      type: '',
      capabilities: ['things'],
      settings: { bounds },
      geometry,
      outline,
      status: 'warning',
      hasFaults: true,
      snoozed: true,
    } satisfies Omit<typeof areas.$inferInsert, 'siteId'>;
    const extra = only(
      await t.db
        .insert(areas)
        .values({ siteId: t.farm.sites.a.id, ...addOns })
        .returning(),
    );
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(extra.id, '?withoutSections=true'),
    });
    expect(areaSchema.parse(response.json())).toEqual({
      id: extra.id,
      site: t.farm.sites.a.id,
      ...addOns,
      alarmsActive: true,
    });
  });

  it.each([
    ['withoutSections=maybe', url(1, '?withoutSections=maybe'), 'withoutSections', 'querystring'],
    ['a non-numeric id', url('abc'), 'id', 'params'],
    ['a negative id', url(-3), 'id', 'params'],
  ])('400 with %s', async (_label, path, field, location) => {
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: path });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field, location });
  });

  itRefusesReadsWithoutAccess(
    () => t,
    () => ({ method: 'GET', url: url(t.farm.areas.irrigation.id) }),
  );

  it('the outsider is Forbidden an area of site a, and still reads one of their own site', async () => {
    const refused = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: url(t.farm.areas.irrigation.id),
    });
    expect(refused.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: url(t.farm.areas.irrigationB.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().sections).toHaveLength(1);
  });

  it('404 for an unknown area', async () => {
    const response = await t.as(t.farm.users.admin.id, { method: 'GET', url: url(999999) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Area not found' });
  });
});

describe('PUT /api/areas/{id}', () => {
  const put = (userId: number, id: number | string, payload: unknown) =>
    t.as(userId, { method: 'PUT', url: `/api/areas/${id}`, payload: payload as object });

  it('renames the area and returns it with its sections', async () => {
    const area = t.farm.areas.frost;
    const response = await put(t.farm.users.manager.id, area.id, { label: 'Frost fans east' });
    expect(response.statusCode).toBe(200);
    const body = areaSchema.parse(response.json());
    expect(body).toMatchObject({ id: area.id, label: 'Frost fans east', sections: [] });
    expect((await areaRow(area.id))?.label).toBe('Frost fans east');
  });

  it('turns the alarms off and on with {site, alarmsActive}', async () => {
    const area = t.farm.areas.water;
    const site = t.farm.sites.a.id;
    const off = await put(t.farm.users.manager.id, area.id, { site, alarmsActive: false });
    expect(off.statusCode).toBe(200);
    expect(areaSchema.parse(off.json())).toMatchObject({ alarmsActive: false, snoozed: false });
    expect((await areaRow(area.id))?.alarmsActive).toBe(false);
    const on = await put(t.farm.users.manager.id, area.id, { site, alarmsActive: true });
    expect(on.json().alarmsActive).toBe(true);
    expect((await areaRow(area.id))?.alarmsActive).toBe(true);
  });

  it('snoozes and wakes the alarms with {site, snoozed}', async () => {
    const area = t.farm.areas.water;
    const site = t.farm.sites.a.id;
    const snooze = await put(t.farm.users.admin.id, area.id, { site, snoozed: true });
    expect(snooze.statusCode).toBe(200);
    expect(snooze.json()).toMatchObject({ snoozed: true, alarmsActive: true, label: 'Tanks' });
    expect((await areaRow(area.id))?.snoozed).toBe(true);
    await put(t.farm.users.admin.id, area.id, { site, snoozed: false });
    expect((await areaRow(area.id))?.snoozed).toBe(false);
  });

  it.each([
    ['an empty label', { label: '' }, 'label'],
    ['a label that is not text', { label: 7 }, 'label'],
    ['label mixed with the alarm form', { label: 'X', site: 1, alarmsActive: false }, 'site'],
    ['label mixed with snoozed', { label: 'X', snoozed: true }, 'snoozed'],
    ['alarmsActive mixed with snoozed', { site: 1, alarmsActive: false, snoozed: true }, 'snoozed'],
    ['an unknown key', { site: 1, alarmsActive: false, colour: 'red' }, 'colour'],
    ['site alone', { site: 1 }, 'alarmsActive'],
    ['alarmsActive without site', { alarmsActive: false }, 'site'],
    ['snoozed that is not a boolean', { site: 1, snoozed: 'yes' }, 'snoozed'],
    ['an empty body', {}, 'site'],
  ])('400 for %s, changing nothing', async (_label, payload, field) => {
    const area = t.farm.areas.irrigation;
    const before = await areaRow(area.id);
    const response = await put(t.farm.users.admin.id, area.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field, location: 'body' });
    expect(await areaRow(area.id)).toEqual(before);
  });

  it("400 on field site when site is not the area's site, changing nothing", async () => {
    const area = t.farm.areas.irrigation;
    const before = await areaRow(area.id);
    const response = await put(t.farm.users.admin.id, area.id, {
      site: t.farm.sites.b.id,
      alarmsActive: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'site', reason: "Not the area's site" });
    expect(await areaRow(area.id)).toEqual(before);
  });

  it('400 for a non-numeric id', async () => {
    const response = await put(t.farm.users.admin.id, 'abc', { label: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id', location: 'params' });
  });

  it('401 without a token, changing nothing', async () => {
    const area = t.farm.areas.irrigation;
    const before = await areaRow(area.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/areas/${area.id}`,
      payload: { label: 'Hacked' },
    });
    expect(response.statusCode).toBe(401);
    expect(await areaRow(area.id)).toEqual(before);
  });

  it.each([
    ['a monitor (view only)', () => t.farm.users.monitor.id],
    ['a caller from another site', () => t.farm.users.outsider.id],
  ])('403 for %s, changing nothing', async (_label, userId) => {
    const area = t.farm.areas.irrigation;
    const before = await areaRow(area.id);
    const rename = await put(userId(), area.id, { label: 'Hacked' });
    expect(rename.statusCode).toBe(403);
    const alarms = await put(userId(), area.id, { site: t.farm.sites.a.id, alarmsActive: false });
    expect(alarms.statusCode).toBe(403);
    expect(await areaRow(area.id)).toEqual(before);
  });

  it('404 for an unknown area', async () => {
    const response = await put(t.farm.users.admin.id, 999999, { label: 'Nowhere' });
    expect(response.statusCode).toBe(404);
  });
});
