import { hardwareCounts, siteSchema, siteSummarySchema } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { BRIEF_SUMMARY_MAX_AGE_MS } from '../../src/resources/sites/brief-summary-cache.ts';
import { itRefusesReadsOfOneThing } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let extraSites: { otago: number; queensland: number };

beforeAll(async () => {
  app = await buildTestApp();
  const { farm, db } = app;
  // Two more sites of the admin's, so filters have something to tell apart.
  const [otago, queensland] = await db
    .insert(t.sites)
    .values([
      {
        label: 'Gibbston Vines',
        location: '[-45.02,168.97]',
        tags: { country: 'nz', region: 'Otago', cropType: 'grapes' },
        applications: ['frost'],
        settings: {},
        config: { timezone: 'Pacific/Auckland', season: { start: '0109', end: '3105' } },
        operator: 'Southern Ops',
        client: 'Gibbston Ltd',
      },
      {
        label: 'Bundaberg Cane',
        location: '[-24.87,152.35]',
        tags: { country: 'au', region: 'Queensland' },
        applications: ['irrigation'],
        settings: {},
        config: {},
        operator: null,
        client: null,
      },
    ])
    .returning();
  if (!otago || !queensland) throw new Error('sites not inserted');
  extraSites = { otago: otago.id, queensland: queensland.id };
  await db.insert(t.siteMembers).values([
    { userId: farm.users.admin.id, siteId: otago.id, privileges: ['view'] },
    { userId: farm.users.admin.id, siteId: queensland.id, privileges: ['view'] },
  ]);
});
afterAll(() => app.close());

const ids = (body: { id: number }[]) => body.map((site) => site.id).sort((a, b) => a - b);

/** A site's summary page as `userId` (the monitor unless said) reads it. */
async function summaryOf(siteId: number, userId = app.farm.users.monitor.id) {
  const response = await app.as(userId, { method: 'GET', url: `/api/sites/${siteId}/summary` });
  expect(response.statusCode).toBe(200);
  return siteSummarySchema.parse(response.json());
}

/**
 * What every read below one site answers alike: 403 for an outsider, 404 for an unknown site,
 * 400 for a malformed id (naming the field `id` unless `namesField` is false), 401 without a
 * token.
 */
/** A radio's §4 health fields, as a case of the health tests sets them. */
type RadioHealthCase = Partial<
  Pick<
    typeof t.radios.$inferInsert,
    'areaId' | 'overdue' | 'fault' | 'online' | 'batteryValue' | 'signalValue' | 'lastUpdate'
  >
>;

/**
 * One radio per case on the farm's first site, healthy but for what the case sets (in the frost
 * area unless it names one); `remove` takes them out again.
 */
async function insertRadioCases(prefix: string, cases: RadioHealthCase[]) {
  const { db, farm } = app;
  const inserted = await db
    .insert(t.radios)
    .values(
      cases.map((health, index) => ({
        siteId: farm.sites.a.id,
        areaId: farm.areas.frost.id,
        type: 'LoRa' as const,
        serialno: `${prefix}-${index}`,
        tags: {},
        config: { repeater: false, coordinator: false, children: [] },
        batteryValue: 3.6,
        signalValue: -70,
        ...health,
      })),
    )
    .returning();
  return {
    remove: async () => {
      for (const radio of inserted) await db.delete(t.radios).where(eq(t.radios.id, radio.id));
    },
  };
}

function itRefusesReadsOfOneSite(path: string, malformedId: string, { namesField = true } = {}) {
  const url = (id: number | string) => `/api/sites/${id}/${path}`;

  it('403 for an outsider', async () => {
    const response = await app.as(app.farm.users.outsider.id, {
      method: 'GET',
      url: url(app.farm.sites.a.id),
    });
    expect(response.statusCode).toBe(403);
  });

  it('404 for an unknown site', async () => {
    const response = await app.as(app.farm.users.admin.id, { method: 'GET', url: url(999999) });
    expect(response.statusCode).toBe(404);
  });

  it('400 for a malformed id', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'GET',
      url: url(malformedId),
    });
    expect(response.statusCode).toBe(400);
    if (namesField) expect(response.json()).toMatchObject({ field: 'id' });
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({ method: 'GET', url: url(app.farm.sites.a.id) });
    expect(response.statusCode).toBe(401);
  });
}

describe('GET /api/sites', () => {
  it("returns only the caller's own sites, by label, each with a brief summary", async () => {
    const response = await app.as(app.farm.users.outsider.id, { method: 'GET', url: '/api/sites' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(1);
    const site = siteSchema.parse(body[0]);
    expect(site).toMatchObject({
      id: app.farm.sites.b.id,
      label: 'Mildura Orchard',
      tags: { country: 'au', region: 'Victoria' },
      config: { season: { start: '0109', end: '3105' } },
      summary: { faults: 0, warnings: 0, running: 0, lastUpdate: '2026-11-21T08:50:00.000Z' },
    });
    expect(site.areas).toBeUndefined();
  });

  it('lists every membership of a user on several sites, sorted by label', async () => {
    const response = await app.as(app.farm.users.admin.id, { method: 'GET', url: '/api/sites' });
    expect(response.json().map((site: { label: string }) => site.label)).toEqual([
      'Bridge Pa Vineyard',
      'Bundaberg Cane',
      'Gibbston Vines',
      'Mildura Orchard',
    ]);
  });

  it('extended=true adds the areas, without sections', async () => {
    const response = await app.as(app.farm.users.manager.id, {
      method: 'GET',
      url: '/api/sites?extended=true',
    });
    expect(response.statusCode).toBe(200);
    const [site] = response.json();
    expect(site.areas.map((area: { label: string }) => area.label)).toEqual([
      'Block A',
      'Frost fans',
      'Tanks',
    ]);
    expect(site.areas[0].sections).toBeUndefined();
  });

  it.each([
    ['country=nz', () => [app.farm.sites.a.id, extraSites.otago]],
    ['country=NZ', () => [app.farm.sites.a.id, extraSites.otago]],
    [
      'country=nz;au',
      () => [app.farm.sites.a.id, app.farm.sites.b.id, extraSites.otago, extraSites.queensland],
    ],
    ["region=Hawke's%20Bay&region=Otago", () => [app.farm.sites.a.id, extraSites.otago]],
    ["country=nz&region=Hawke's%20Bay;Queensland", () => [app.farm.sites.a.id]],
    ['application=frost', () => [app.farm.sites.a.id, app.farm.sites.b.id, extraSites.otago]],
    ['application=irrigation&country=au', () => [app.farm.sites.b.id, extraSites.queensland]],
    ['operator=Southern%20Ops', () => [extraSites.otago]],
    ['client=Mildura%20Orchard;Gibbston%20Ltd', () => [app.farm.sites.b.id, extraSites.otago]],
    ['country=fr', () => []],
    [
      'country=&extended=false',
      () => [app.farm.sites.a.id, app.farm.sites.b.id, extraSites.otago, extraSites.queensland],
    ],
  ])('filters with %s', async (query, expected) => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites?${query}`,
    });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(expected().sort((a, b) => a - b));
  });

  it('a filter never reaches beyond the caller’s sites', async () => {
    const response = await app.as(app.farm.users.manager.id, {
      method: 'GET',
      url: '/api/sites?country=au',
    });
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['an unknown key', 'crop=grapes', 'crop'],
    ['a bad extended flag', 'extended=maybe', 'extended'],
  ])('400 with %s', async (_label, query, field) => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites?${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field, location: 'querystring' });
  });

  it('counts faults, warnings and running programs in the brief summary', async () => {
    const { db, farm } = app;
    /** Radio 1's fault, radio 2's battery and program a's status, to set and to put back. */
    async function setFarm(
      fault: boolean,
      batteryValue: number,
      status: typeof farm.programs.a.status,
    ) {
      await db.update(t.radios).set({ fault }).where(eq(t.radios.id, farm.radios.radio1.id));
      await db.update(t.radios).set({ batteryValue }).where(eq(t.radios.id, farm.radios.radio2.id));
      await db.update(t.programs).set({ status }).where(eq(t.programs.id, farm.programs.a.id));
    }
    await setFarm(true, 3.1, { ...farm.programs.a.status, activity: 'running' });
    app.clock.advance(BRIEF_SUMMARY_MAX_AGE_MS);
    try {
      const response = await app.as(farm.users.monitor.id, { method: 'GET', url: '/api/sites' });
      expect(response.json()[0].summary).toEqual({
        faults: 1,
        warnings: 1,
        running: 1,
        lastUpdate: '2026-11-21T08:50:00.000Z',
      });
    } finally {
      await setFarm(false, 3.6, farm.programs.a.status);
    }
  });

  it('the brief summary counts as the domain rules do on the summary page', async () => {
    const { farm } = app;
    const siteId = farm.sites.a.id;
    // One radio per case of §4: fault, overdue with fault, low battery, weak signal, offline
    // without fault, offline with fault, unreported battery and signal.
    const cases = [
      { fault: true },
      { fault: true, overdue: true },
      { batteryValue: 3.2 },
      { signalValue: -100 },
      { online: false },
      { online: false, fault: true },
      { batteryValue: null, signalValue: null },
      { batteryValue: 3.3, signalValue: -99 },
    ];
    const radios = await insertRadioCases('R-CASE', cases);
    app.clock.advance(BRIEF_SUMMARY_MAX_AGE_MS);
    try {
      const list = await app.as(farm.users.monitor.id, { method: 'GET', url: '/api/sites' });
      const brief = list.json()[0].summary;
      const { hardware } = await summaryOf(siteId);
      expect({ faults: brief.faults, warnings: brief.warnings }).toEqual({
        faults: hardware.faults,
        warnings: hardware.warnings,
      });
      expect(brief).toMatchObject({ faults: 2, warnings: 3 });
    } finally {
      await radios.remove();
    }
  });

  it('a brief summary is at most BRIEF_SUMMARY_MAX_AGE_MS old; the summary page is always fresh', async () => {
    const { db, farm } = app;
    const faultsInList = async () =>
      (await app.as(farm.users.monitor.id, { method: 'GET', url: '/api/sites' })).json()[0].summary
        .faults;
    app.clock.advance(BRIEF_SUMMARY_MAX_AGE_MS);
    const before = await faultsInList();
    await db.update(t.radios).set({ fault: true }).where(eq(t.radios.id, farm.radios.radio1.id));
    try {
      app.clock.advance(BRIEF_SUMMARY_MAX_AGE_MS - 1);
      expect(await faultsInList()).toBe(before);
      expect((await summaryOf(farm.sites.a.id)).hardware.faults).toBe(before + 1);
      app.clock.advance(1);
      expect(await faultsInList()).toBe(before + 1);
    } finally {
      await db.update(t.radios).set({ fault: false }).where(eq(t.radios.id, farm.radios.radio1.id));
      app.clock.advance(BRIEF_SUMMARY_MAX_AGE_MS);
    }
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/sites' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/sites/filter', () => {
  it("lists the distinct, sorted values over the caller's sites", async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'GET',
      url: '/api/sites/filter',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      application: ['frost', 'irrigation'],
      country: ['au', 'nz'],
      region: ["Hawke's Bay", 'Otago', 'Queensland', 'Victoria'],
      operator: ['Paddock Demo', 'Southern Ops'],
      client: ['Bridge Pa Vineyard', 'Gibbston Ltd', 'Mildura Orchard'],
    });
  });

  it('only from the caller’s own sites', async () => {
    const response = await app.as(app.farm.users.outsider.id, {
      method: 'GET',
      url: '/api/sites/filter',
    });
    expect(response.json()).toEqual({
      application: ['frost', 'irrigation'],
      country: ['au'],
      region: ['Victoria'],
      operator: ['Paddock Demo'],
      client: ['Mildura Orchard'],
    });
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/sites/filter' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/sites/{id}', () => {
  it('returns the site with its areas, without sections', async () => {
    const { farm } = app;
    const response = await app.as(farm.users.monitor.id, {
      method: 'GET',
      url: `/api/sites/${farm.sites.a.id}`,
    });
    expect(response.statusCode).toBe(200);
    const site = siteSchema.parse(response.json());
    expect(site.id).toBe(farm.sites.a.id);
    expect(site.areas?.map((area) => area.id)).toEqual([
      farm.areas.irrigation.id,
      farm.areas.frost.id,
      farm.areas.water.id,
    ]);
    expect(site.areas?.[0]).toMatchObject({
      site: farm.sites.a.id,
      type: 'irrigation',
      capabilities: ['soilMoisture', 'batterySignal', 'weather'],
      status: null,
      hasFaults: false,
      alarmsActive: true,
      snoozed: false,
    });
    expect(site.areas?.[0]?.sections).toBeUndefined();
  });

  itRefusesReadsOfOneThing(() => app, {
    thing: 'site',
    url: (id) => `/api/sites/${id}`,
    id: () => app.farm.sites.a.id,
  });
});

describe('PUT /api/sites/{id}', () => {
  const url = () => `/api/sites/${app.farm.sites.a.id}`;
  const storedConfig = async () =>
    (await app.db.select().from(t.sites).where(eq(t.sites.id, app.farm.sites.a.id)))[0]?.config;

  it('saves the season, keeps the other config keys and returns the site', async () => {
    app.clock.advance(60_000);
    const response = await app.as(app.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: { config: { timezone: 'Pacific/Auckland', season: { start: '1508', end: '3004' } } },
    });
    expect(response.statusCode).toBe(200);
    const site = siteSchema.parse(response.json());
    expect(site.config).toEqual({
      timezone: 'Pacific/Auckland',
      season: { start: '1508', end: '3004' },
    });
    expect(site.modified).toBe(app.clock.now().toISOString());
    expect(site.areas).toHaveLength(3);
    expect(await storedConfig()).toEqual(site.config);
  });

  it.each([
    [
      'a day that does not exist',
      { season: { start: '3002', end: '3105' } },
      'config.season.start',
    ],
    ['a missing end', { season: { start: '0109' } }, 'config.season.end'],
    ['no season at all', { timezone: 'Pacific/Auckland' }, 'config.season.start'],
  ])('400 with %s, changing nothing', async (_label, config, field) => {
    const before = await storedConfig();
    const response = await app.as(app.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: { config },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
    expect(await storedConfig()).toEqual(before);
  });

  it('400 without a config', async () => {
    const response = await app.as(app.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'config', location: 'body' });
  });

  it.each([
    ['a monitor (no edit)', () => app.farm.users.monitor.id],
    ['an outsider', () => app.farm.users.outsider.id],
  ])('403 for %s, changing nothing', async (_label, who) => {
    const before = await storedConfig();
    const response = await app.as(who(), {
      method: 'PUT',
      url: url(),
      payload: { config: { season: { start: '0101', end: '0202' } } },
    });
    expect(response.statusCode).toBe(403);
    expect(await storedConfig()).toEqual(before);
  });

  it('404 for an unknown site', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'PUT',
      url: '/api/sites/999999',
      payload: { config: { season: { start: '0101', end: '0202' } } },
    });
    expect(response.statusCode).toBe(404);
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({
      method: 'PUT',
      url: url(),
      payload: { config: { season: { start: '0101', end: '0202' } } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/sites/{id}/summary', () => {
  it('summarises each area and the whole site', async () => {
    const { db, farm } = app;
    await db.insert(t.events).values([
      { areaId: farm.areas.irrigation.id, type: 'warning', message: 'Low flow' },
      { areaId: farm.areas.irrigation.id, type: 'info', message: 'Old', open: false },
    ]);
    await db
      .update(t.units)
      .set({ overdue: true, lastUpdate: new Date('2026-11-21T08:55:00.000Z') })
      .where(eq(t.units.id, farm.units.a.id));
    try {
      const summary = await summaryOf(farm.sites.a.id);
      expect(summary.site).toBe(farm.sites.a.id);
      // All of the site's counted hardware is in its irrigation area.
      const hardware = {
        radios: 2,
        units: 1,
        sensors: 1,
        controls: 4,
        faults: 0,
        warnings: 0,
        overdue: 1,
      };
      const irrigation = summary.areas.find((area) => area.area === farm.areas.irrigation.id);
      expect(irrigation).toEqual({
        area: farm.areas.irrigation.id,
        label: 'Block A',
        type: 'irrigation',
        status: null,
        hasFaults: false,
        alarmsActive: true,
        zones: 3,
        program: {
          id: farm.programs.a.id,
          name: 'Block A program',
          activity: 'stopped',
          startTime: null,
          endTime: null,
        },
        hardware,
        openEvents: 1,
        activeAlarms: 0,
        lastUpdate: '2026-11-21T08:55:00.000Z',
      });
      const water = summary.areas.find((area) => area.area === farm.areas.water.id);
      expect(water).toMatchObject({
        program: null,
        zones: 0,
        hardware: { radios: 0, units: 0, sensors: 0, controls: 0 },
        lastUpdate: null,
      });
      expect(summary.hardware).toEqual(hardware);
      expect(summary.lastUpdate).toBe('2026-11-21T08:55:00.000Z');
    } finally {
      await db
        .update(t.units)
        .set({ overdue: false, lastUpdate: null })
        .where(eq(t.units.id, farm.units.a.id));
    }
  });

  it('counts radio and unit health per area and for the site as the domain rules do', async () => {
    const { db, farm } = app;
    const siteId = farm.sites.a.id;
    const { irrigation, frost } = farm.areas;
    // One radio per case of §4, spread over two areas, besides the farm's two healthy radios in
    // irrigation. The columns' NOT NULLs leave only battery and signal unreported.
    const cases = [
      { areaId: irrigation.id, overdue: true, fault: true },
      { areaId: irrigation.id, fault: true },
      { areaId: irrigation.id, online: false },
      { areaId: frost.id, online: false, fault: true },
      { areaId: frost.id, signalValue: -99.5 },
      { areaId: frost.id, batteryValue: 3.29 },
      { areaId: frost.id, batteryValue: null, signalValue: null },
      { areaId: frost.id, batteryValue: 3.3, signalValue: -99 },
      { areaId: frost.id, overdue: true, batteryValue: 3.0, online: false },
      {
        areaId: frost.id,
        batteryValue: null,
        signalValue: -120,
        lastUpdate: new Date('2026-11-21T09:10:00.000Z'),
      },
    ];
    const radios = await insertRadioCases('R-MIX', cases);
    // The farm's unit serves both areas: overdue, it counts in each and once on the site.
    const [unitBefore] = await db.select().from(t.units).where(eq(t.units.id, farm.units.a.id));
    await db
      .update(t.units)
      .set({ overdue: true, lastUpdate: new Date('2026-11-21T08:55:00.000Z') })
      .where(eq(t.units.id, farm.units.a.id));
    try {
      const summary = await summaryOf(siteId);
      const siteRadios = await db.select().from(t.radios).where(eq(t.radios.siteId, siteId));
      const siteUnits = await db.select().from(t.units).where(eq(t.units.siteId, siteId));
      /** The counts the domain gives over these rows, as the summary shows them. */
      const expected = (radios: typeof siteRadios, units: typeof siteUnits) => ({
        radios: radios.length,
        units: units.length,
        ...hardwareCounts([...radios, ...units]),
      });
      const latest = (rows: { lastUpdate: Date | null }[]) => {
        const times = rows.flatMap((row) => (row.lastUpdate ? [row.lastUpdate.getTime()] : []));
        return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
      };
      const counts = ({ radios, units, faults, warnings, overdue }: typeof summary.hardware) => ({
        radios,
        units,
        faults,
        warnings,
        overdue,
      });
      for (const area of summary.areas) {
        const radios = siteRadios.filter((radio) => radio.areaId === area.area);
        const units = siteUnits.filter((unit) => unit.areaIds.includes(area.area));
        expect(counts(area.hardware), area.label).toEqual(expected(radios, units));
        expect(area.lastUpdate, area.label).toBe(latest([...radios, ...units]));
      }
      expect(counts(summary.hardware)).toEqual(expected(siteRadios, siteUnits));
      expect(summary.lastUpdate).toBe(latest([...siteRadios, ...siteUnits]));
      // The numbers themselves, so that a change to the domain's rule is seen here too.
      const byArea = (id: number) => summary.areas.find((area) => area.area === id);
      expect(byArea(irrigation.id)?.hardware).toMatchObject({
        radios: 5,
        units: 1,
        faults: 1,
        warnings: 1,
        overdue: 2,
      });
      expect(byArea(frost.id)?.hardware).toMatchObject({
        radios: 7,
        units: 1,
        faults: 1,
        warnings: 3,
        overdue: 2,
      });
      expect(summary.hardware).toMatchObject({
        radios: 12,
        units: 1,
        faults: 2,
        warnings: 4,
        overdue: 3,
      });
      // The unit's report is irrigation's latest; frost has a later radio's, which is the site's.
      expect(byArea(irrigation.id)?.lastUpdate).toBe('2026-11-21T08:55:00.000Z');
      expect(byArea(frost.id)?.lastUpdate).toBe('2026-11-21T09:10:00.000Z');
      expect(summary.lastUpdate).toBe('2026-11-21T09:10:00.000Z');
    } finally {
      await radios.remove();
      await db
        .update(t.units)
        .set({ overdue: unitBefore?.overdue ?? false, lastUpdate: unitBefore?.lastUpdate ?? null })
        .where(eq(t.units.id, farm.units.a.id));
    }
  });

  it('carries the §3 summary kinds the site has data for, and none for a site without', async () => {
    const { db, farm, clock } = app;
    const at = new Date(clock.now().getTime() - 5 * 60_000).toISOString();
    const topic = (metric: string, lastValue: number) => ({
      metric,
      type: metric.startsWith('growingDays') ? 'computed' : 'analog',
      lastValue,
      timestamp: at,
    });
    const station = (type: string, label: string, topics: ReturnType<typeof topic>[]) => ({
      siteId: farm.sites.a.id,
      areaId: farm.areas.irrigation.id,
      type,
      location: '[-39.642,176.843]',
      tags: { identifier: 'weather' },
      topics,
      label,
      serialno: `WX-${label}`,
    });
    const added = await db
      .insert(t.sensors)
      .values([
        station('temperature', 'air temperature', [
          topic('temperature', 14.2),
          topic('growingDays.gdd10', 412.5),
          topic('chillUnits.total', 96),
        ]),
        station('wind', 'anemometer', [topic('wind.speed', 11.5)]),
        // A canopy probe's temperature is its block's, not the site's weather.
        {
          ...station('temperature', 'canopy', [topic('temperature', -1.5)]),
          areaId: farm.areas.frost.id,
          tags: { identifier: 'canopy' },
        },
      ])
      .returning({ id: t.sensors.id });
    try {
      const summary = await summaryOf(farm.sites.a.id);
      expect(summary.kinds.map((kind) => [kind.kind, kind.value, kind.sensors])).toEqual([
        ['chillUnits', 96, 1],
        ['growingDegreeDay', 412.5, 1],
        ['temperature', 14.2, 1],
        ['windSpeed', 11.5, 1],
        // The test farm's soil probe.
        ['soilMoisture', 31.5, 1],
      ]);
      expect(summary.kinds.find((kind) => kind.kind === 'temperature')?.at).toBe(at);

      const without = await summaryOf(extraSites.otago, farm.users.admin.id);
      expect(without.kinds).toEqual([]);
    } finally {
      for (const row of added) await db.delete(t.sensors).where(eq(t.sensors.id, row.id));
    }
  });

  itRefusesReadsOfOneSite('summary', '0');
});

describe('GET /api/sites/{id}/units', () => {
  it("returns the site's units", async () => {
    const { farm } = app;
    const response = await app.as(farm.users.monitor.id, {
      method: 'GET',
      url: `/api/sites/${farm.sites.a.id}/units`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: farm.units.a.id,
        serialno: 'U-1001',
        site: farm.sites.a.id,
        areas: [farm.areas.irrigation.id, farm.areas.frost.id],
        overdue: false,
        lastUpdate: null,
        location: '[-39.641,176.842]',
        radio: null,
        reportIntervalSeconds: 600,
      },
    ]);
  });

  itRefusesReadsOfOneSite('units', '1.5');
});

describe('GET /api/sites/{id}/privileges', () => {
  it("returns the caller's site and per-area lists", async () => {
    const { db, farm } = app;
    await db.insert(t.areaMembers).values({
      userId: farm.users.monitor.id,
      areaId: farm.areas.irrigation.id,
      privileges: ['program', 'control'],
    });
    const response = await app.as(farm.users.monitor.id, {
      method: 'GET',
      url: `/api/sites/${farm.sites.a.id}/privileges`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      privileges: ['view'],
      areas: { [String(farm.areas.irrigation.id)]: ['program', 'control'] },
    });
  });

  itRefusesReadsOfOneSite('privileges', 'x', { namesField: false });
});
