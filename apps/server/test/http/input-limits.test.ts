/**
 * Input the server must refuse with a 400 naming the field, never a 500 and never stored: ids
 * beyond the id column's range, NUL bytes and lone surrogates in strings, strings longer than
 * their meaning, deeply nested JSON, instants outside the calendar the database keeps, unknown
 * keys where the spec lists the fields, and time zones outside the IANA list.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** One past the largest id a PostgreSQL integer column holds. */
const BEYOND_ID = 2 ** 31;
const NUL = 'a\u0000b';
const MEGABYTE = 'x'.repeat(1024 * 1024);

const asAdmin = (options: InjectOptions) => t.as(t.farm.users.admin.id, options);

/** A JSON body written by hand, so escapes such as a lone surrogate reach the server as sent. */
const rawJson = (text: string): Pick<InjectOptions, 'payload' | 'headers'> => ({
  payload: text,
  headers: { 'content-type': 'application/json' },
});

function expectRefused(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode, JSON.stringify(response.json()).slice(0, 300)).toBe(400);
  expect(response.json()).toMatchObject({ field });
}

describe('ids beyond the id column', () => {
  it.each([
    ['a path id', () => `/api/sites/${BEYOND_ID}`, 'id'],
    ['a second path id', () => `/api/radios/1/requests/${BEYOND_ID}`, 'requestId'],
    ['?area=', () => `/api/sections?area=${BEYOND_ID}`, 'area'],
    ['?site=', () => `/api/contacts?site=${BEYOND_ID}`, 'site'],
    ['a 30-digit path id', () => `/api/controls/1${'0'.repeat(29)}`, 'id'],
    ['a path id in exponent form', () => `/api/controls/3e9`, 'id'],
  ])('%s is refused', async (_, url, field) => {
    expectRefused(await asAdmin({ method: 'GET', url: url() }), field);
  });

  it('a requestId in a body is refused', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: `/api/controls/${t.farm.controls.valve1.id}/test`,
      payload: { requestId: BEYOND_ID },
    });
    expectRefused(response, 'requestId');
  });

  it.each([
    ['owners[].id', { ids: () => [t.farm.sites.a.id], owner: () => BEYOND_ID }, 'owners.0.id'],
    [
      'target.ids',
      { ids: () => [BEYOND_ID], owner: () => t.farm.users.monitor.id },
      'privilege.target.ids.0',
    ],
  ])('%s in PUT permissions is refused', async (_, input, field) => {
    const response = await asAdmin({
      method: 'PUT',
      url: '/api/permissions',
      payload: {
        privilege: {
          actions: ['view'],
          target: { type: 'site', ids: input.ids() },
          allowed: true,
        },
        owners: [{ id: input.owner(), type: 'user' }],
      },
    });
    expectRefused(response, field);
  });
});

describe('strings a database cannot keep', () => {
  it('a NUL byte in the login name is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: 'a\u0000@x.com', password: 'whatever', region: 'ours' },
    });
    expectRefused(response, 'user');
  });

  it('a 1 MB login name is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {
        user: `${MEGABYTE.slice(0, 1000 * 1000 - 100)}@x.com`,
        password: 'x',
        region: 'ours',
      },
    });
    expectRefused(response, 'user');
  });

  it.each([
    ['a NUL byte', JSON.stringify(NUL)],
    ['a lone high surrogate', '"a\\ud800"'],
    ['a lone low surrogate', '"\\udc00b"'],
  ])('%s in a sensor label is refused and nothing is stored', async (_, label) => {
    const id = t.farm.sensors.soil.id;
    const before = await t.db.select().from(schema.sensors).where(eq(schema.sensors.id, id));
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/sensors/${id}`,
      ...rawJson(`{"label":${label}}`),
    });
    expectRefused(response, 'label');
    const after = await t.db.select().from(schema.sensors).where(eq(schema.sensors.id, id));
    expect(after).toEqual(before);
  });

  it.each([
    ['a site filter value', () => '/api/sites?country=nz&application=a%00b', 'application'],
    [
      'a series metric',
      () => `/api/sensors/${t.farm.sensors.soil.id}/series?metric=soil%00moisture`,
      'metric',
    ],
  ])('a NUL byte in %s of a query is refused', async (_, url, field) => {
    expectRefused(await asAdmin({ method: 'GET', url: url() }), field);
  });

  it('a pair of surrogates (an emoji) is a good string', async () => {
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/sections/${t.farm.sections.zone1.id}`,
      ...rawJson('{"label":"Zone 1 \\ud83c\\udf31"}'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ label: 'Zone 1 🌱' });
  });

  it.each([
    [
      'a note',
      () => `/api/areas/${t.farm.areas.irrigation.id}/notes`,
      'POST',
      { text: NUL },
      'text',
    ],
    [
      'a section label',
      () => `/api/sections/${t.farm.sections.zone1.id}`,
      'PUT',
      { label: NUL },
      'label',
    ],
    [
      'a radio tag',
      () => `/api/radios/${t.farm.radios.radio1.id}`,
      'PUT',
      { tags: { identifier: NUL } },
      'tags.identifier',
    ],
    [
      'an area name',
      () => `/api/areas/${t.farm.areas.irrigation.id}`,
      'PUT',
      { label: NUL },
      'label',
    ],
  ] as const)('a NUL byte in %s is refused', async (_, url, method, payload, field) => {
    expectRefused(await asAdmin({ method, url: url(), payload }), field);
  });
});

describe('sizes', () => {
  it('a 1 MB sensor label is refused', async () => {
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/sensors/${t.farm.sensors.soil.id}`,
      payload: { label: MEGABYTE.slice(0, 1000 * 1000 - 100) },
    });
    expectRefused(response, 'label');
  });

  it('a 1 MB note is refused', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: `/api/areas/${t.farm.areas.irrigation.id}/notes`,
      payload: { text: MEGABYTE.slice(0, 1000 * 1000 - 100) },
    });
    expectRefused(response, 'text');
  });

  const siteUrl = () => `/api/sites/${t.farm.sites.a.id}`;
  const storedConfig = async () =>
    (
      await t.db
        .select({ config: schema.sites.config })
        .from(schema.sites)
        .where(eq(schema.sites.id, t.farm.sites.a.id))
    )[0]?.config;
  const season = { start: '0109', end: '3004' };

  it('a 900 KB site config is refused and the stored one kept', async () => {
    const before = await storedConfig();
    const response = await asAdmin({
      method: 'PUT',
      url: siteUrl(),
      payload: { config: { season, notes: 'x'.repeat(900 * 1000) } },
    });
    expect(response.statusCode).toBe(400);
    expect(await storedConfig()).toEqual(before);
  });

  it('an unknown site config key is refused, naming it', async () => {
    const response = await asAdmin({
      method: 'PUT',
      url: siteUrl(),
      payload: { config: { season, colour: 'blue' } },
    });
    expectRefused(response, 'config.colour');
    expect(response.json().message).toContain('colour');
  });

  it('a time zone outside the IANA list is refused', async () => {
    const response = await asAdmin({
      method: 'PUT',
      url: siteUrl(),
      payload: { config: { season, timezone: 'Not/AZone' } },
    });
    expectRefused(response, 'config.timezone');
  });

  it.each(['Pacific/Auckland', 'UTC', 'Australia/Adelaide'])(
    'the time zone %s is kept',
    async (timezone) => {
      const response = await asAdmin({
        method: 'PUT',
        url: siteUrl(),
        payload: { config: { season, timezone } },
      });
      expect(response.statusCode).toBe(200);
      expect(await storedConfig()).toEqual({ season, timezone });
    },
  );

  it('an unknown key in a body whose fields the spec lists is refused', async () => {
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/sensors/${t.farm.sensors.soil.id}`,
      payload: { label: 'Soil', owner: 'me' },
    });
    expectRefused(response, 'owner');
    expect(response.json().message).toContain('owner');
  });
});

describe('rows stored before these rules', () => {
  it('still read: a long label, an unknown zone, a config key the spec does not name', async () => {
    const site = t.farm.sites.a.id;
    const sensor = t.farm.sensors.soil.id;
    // As an older server stored it: a key the spec does not name, a zone not on the IANA list.
    const storedConfig = { timezone: 'Not/AZone', colour: 'blue' };
    await t.db.update(schema.sites).set({ config: storedConfig }).where(eq(schema.sites.id, site));
    await t.db
      .update(schema.sensors)
      .set({ label: 'x'.repeat(5000) })
      .where(eq(schema.sensors.id, sensor));
    const siteResponse = await asAdmin({ method: 'GET', url: `/api/sites/${site}` });
    expect(siteResponse.statusCode).toBe(200);
    expect(siteResponse.json().config).toEqual({ timezone: 'Not/AZone' });
    const sensors = await asAdmin({
      method: 'GET',
      url: `/api/sensors?area=${t.farm.areas.irrigation.id}`,
    });
    expect(sensors.statusCode).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  it('200,000 nested arrays in a site config are refused before they are parsed', async () => {
    const depth = 200_000;
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/sites/${t.farm.sites.a.id}`,
      ...rawJson(
        `{"config":{"season":{"start":"0109","end":"3004"},` +
          `"deep":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
      ),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ location: 'body' });
  });

  it('nesting inside strings does not count', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: `/api/areas/${t.farm.areas.irrigation.id}/notes`,
      ...rawJson(JSON.stringify({ text: `[{${'['.repeat(500)}` })),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('series ranges outside the kept calendar', () => {
  it.each(['sensors', 'controls'])('a range in year 1 on %s is refused', async (kind) => {
    const id = kind === 'sensors' ? t.farm.sensors.soil.id : t.farm.controls.valve1.id;
    const response = await asAdmin({
      method: 'GET',
      url:
        `/api/${kind}/${id}/series?metric=soil.moisture` +
        '&from=0001-01-01T00:00:00Z&to=0001-02-01T00:00:00Z',
    });
    expectRefused(response, 'from');
  });
});
