import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_RECHECK_MS } from '../../src/auth/sessions.ts';
import * as schema from '../../src/db/schema.ts';
import { acceptedEncoding } from '../../src/http/response-cache.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

// GET sites and GET areas/{id}/radios keep their written bodies while the rows are unchanged
// (http/response-cache.ts). What matters is that a kept body is never older than the data: writes
// through the API, and writes by anything else on the database (another server process, ingest),
// show in the next call.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sitesList = (headers: Record<string, string> = {}) =>
  t.as(t.farm.users.admin.id, { method: 'GET', url: '/api/sites', headers });
const radiosOfArea = (headers: Record<string, string> = {}) =>
  t.as(t.farm.users.admin.id, {
    method: 'GET',
    url: `/api/areas/${t.farm.areas.irrigation.id}/radios`,
    headers,
  });

describe('GET sites kept written', () => {
  it('answers 304 with no body to a caller holding the same bytes', async () => {
    const first = await sitesList();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await sitesList({ 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await sitesList({ 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('shows a season saved through the API in the next list', async () => {
    const site = t.farm.sites.a;
    const before = await sitesList();
    const season = { start: '0210', end: '3004' };
    const saved = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      payload: { config: { season } },
    });
    expect(saved.statusCode).toBe(200);
    const after = await sitesList({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    const listed = (after.json() as { id: number; config: { season: unknown } }[]).find(
      (entry) => entry.id === site.id,
    );
    expect(listed?.config.season).toEqual(season);
  });

  it('shows a label written straight to the database (another process) in the next list', async () => {
    const site = t.farm.sites.a;
    await sitesList();
    await t.db
      .update(schema.sites)
      .set({ label: 'Renamed elsewhere' })
      .where(eq(schema.sites.id, site.id));
    const labels = (await sitesList()).json() as { id: number; label: string }[];
    expect(labels.find((entry) => entry.id === site.id)?.label).toBe('Renamed elsewhere');
  });

  it('drops a site from the list once the membership is removed elsewhere', async () => {
    const { monitor } = t.farm.users;
    const listOf = async () =>
      (
        (await t.as(monitor.id, { method: 'GET', url: '/api/sites' })).json() as { id: number }[]
      ).map((site) => site.id);
    const held = await listOf();
    expect(held.length).toBeGreaterThan(0);
    await t.db
      .update(schema.siteMembers)
      .set({ signupStatus: 'revoked' })
      .where(eq(schema.siteMembers.userId, monitor.id));
    expect(await listOf()).toEqual([]);
  });

  it('sends a body under 1 KiB as it is, whatever the caller accepts', async () => {
    const plain = await sitesList();
    expect(plain.rawPayload.length).toBeLessThan(1024);
    const br = await sitesList({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(br.json()).toEqual(plain.json());
  });
});

describe('kept bodies compressed', () => {
  it('sends the same JSON compressed when the caller accepts br or gzip', async () => {
    const area = t.farm.areas.water;
    await t.db.insert(schema.radios).values(
      Array.from({ length: 20 }, (_, index) => ({
        siteId: area.siteId,
        areaId: area.id,
        type: 'WMR' as const,
        serialno: `R-W${index}`,
        location: '[-39.642,176.843]',
        tags: {},
        config: { repeater: false, coordinator: false, children: [] },
      })),
    );
    const radiosOfWater = (headers: Record<string, string> = {}) =>
      t.as(t.farm.users.admin.id, { method: 'GET', url: `/api/areas/${area.id}/radios`, headers });
    const plain = await radiosOfWater();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await radiosOfWater({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await radiosOfWater({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});

describe('GET areas/{id}/radios kept written', () => {
  it('shows a radio report written straight to the database in the next list', async () => {
    const first = (await radiosOfArea()).json() as { id: number; batteryValue: number | null }[];
    const radio = first[0];
    if (!radio) throw new Error('the test farm has radios in the irrigation area');
    await t.db
      .update(schema.radios)
      .set({ batteryValue: 3.21 })
      .where(eq(schema.radios.id, radio.id));
    const next = (await radiosOfArea()).json() as { id: number; batteryValue: number | null }[];
    expect(next.find((entry) => entry.id === radio.id)?.batteryValue).toBe(3.21);
  });

  it('shows a radio removed straight from the database', async () => {
    const first = (await radiosOfArea()).json() as { id: number }[];
    const last = first.at(-1);
    if (!last) throw new Error('the test farm has radios in the irrigation area');
    await t.db.execute(sql`delete from radios where id = ${last.id}`);
    const next = (await radiosOfArea()).json() as { id: number }[];
    expect(next.map((entry) => entry.id)).toEqual(first.slice(0, -1).map((entry) => entry.id));
  });

  it('still refuses a caller who may not view the area', async () => {
    await radiosOfArea();
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: `/api/areas/${t.farm.areas.irrigation.id}/radios`,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET sites/{id}/units kept written', () => {
  const unitsOfSite = (headers: Record<string, string> = {}) =>
    t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/units`,
      headers,
    });
  type ListedUnit = { id: number; overdue: boolean; lastUpdate: string | null };

  it('answers 304 to a caller holding the same list', async () => {
    const first = await unitsOfSite();
    expect(first.statusCode).toBe(200);
    const again = await unitsOfSite({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('shows a unit report written straight to the database in the next list', async () => {
    const first = await unitsOfSite();
    const unit = t.farm.units.a;
    await t.db
      .update(schema.units)
      .set({ overdue: true, lastUpdate: new Date('2026-01-02T03:04:05Z') })
      .where(eq(schema.units.id, unit.id));
    const next = await unitsOfSite({ 'if-none-match': String(first.headers.etag) });
    expect(next.statusCode).toBe(200);
    const listed = (next.json() as ListedUnit[]).find((entry) => entry.id === unit.id);
    expect(listed).toMatchObject({ overdue: true, lastUpdate: '2026-01-02T03:04:05.000Z' });
  });

  it('keeps each site to its own units and still refuses a caller who may not view it', async () => {
    await unitsOfSite();
    const otherSite = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.b.id}/units`,
    });
    expect((otherSite.json() as ListedUnit[]).map((entry) => entry.id)).toEqual([
      t.farm.units.b.id,
    ]);
    const outsider = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/units`,
    });
    expect(outsider.statusCode).toBe(403);
  });
});

describe('sessions vouched for between calls', () => {
  it('ends a session revoked by another process within the recheck time', async () => {
    const { monitor } = t.farm.users;
    const token = await t.tokenFor(monitor.id);
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/sites',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call()).statusCode).toBe(200);
    await t.db.execute(sql`update sessions set revoked_at = now() where user_id = ${monitor.id}`);
    t.clock.advance(LIVE_SESSION_RECHECK_MS);
    expect((await call()).statusCode).toBe(401);
  });
  // Logout in this process ends the token at once: auth.test.ts, POST /api/user/logout.
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
