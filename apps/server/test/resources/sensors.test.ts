import { sensorSchema, type Sensor } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sensors } from '../../src/db/schema.ts';
import { itListsTheThingsOfAnArea } from '../helpers/list-endpoint.ts';
import { itRefusesBadEditsOfOneThing } from '../helpers/refusals.ts';
import { only, rowById } from '../helpers/rows.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sensorRow = (id: number) => rowById(t.db, sensors, id);

/** A stored sensor as the console should see it: its radio and unit by id, the rest as stored. */
const presented = (row: typeof sensors.$inferSelect): Sensor => ({
  id: row.id,
  type: sensorSchema.shape.type.parse(row.type),
  radio: row.radioId,
  unit: row.unitId,
  location: row.location,
  geometry: row.geometry,
  tags: row.tags,
  topics: row.topics,
  label: row.label,
  serialno: row.serialno,
});

/** The farm's soil sensor (reporting soil moisture 31.5 at 08:50) as the console should see it. */
const expectedSoil = (): Sensor => presented(t.farm.sensors.soil);

describe.each([
  [
    'GET /api/areas/{id}/sensors',
    (area: number | string) => `/api/areas/${area}/sensors`,
    'params',
  ],
  [
    'GET /api/sensors?area={id}',
    (area: number | string) => `/api/sensors?area=${area}`,
    'querystring',
  ],
] as const)('%s', (_name, url, idIn) => {
  itListsTheThingsOfAnArea(() => t, {
    things: 'sensors',
    url,
    idIn,
    listed: { schema: sensorSchema, expected: () => [expectedSoil()] },
  });

  it('the outsider reads the sensors of their own site', async () => {
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: url(t.farm.areas.irrigationB.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([
      { id: t.farm.sensors.b.id, location: null, topics: [] },
    ]);
  });
});

describe('GET sensors with geometry and tags', () => {
  it('presents geometry and the identifier tag as stored', async () => {
    const geometry = { type: 'Point' as const, coordinates: [176.84, -39.64] as [number, number] };
    const weather = only(
      await t.db
        .insert(sensors)
        .values({
          siteId: t.farm.sites.a.id,
          areaId: t.farm.areas.frost.id,
          type: 'wind',
          location: '{"lat":-39.64,"lng":176.84}',
          geometry,
          tags: { identifier: 'weather' },
          topics: [{ metric: 'wind.speed', type: 'analog', lastValue: null, timestamp: null }],
          label: 'Wind',
          serialno: 'S-1050',
        })
        .returning(),
    );
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/sensors?area=${t.farm.areas.frost.id}`,
    });
    expect(sensorSchema.array().parse(response.json())).toEqual([presented(weather)]);
  });
});

describe('PUT /api/sensors/{id}', () => {
  const put = (userId: number, id: number | string, payload: unknown) =>
    t.as(userId, { method: 'PUT', url: `/api/sensors/${id}`, payload: payload as object });

  it('edits label, location and tags and returns the sensor', async () => {
    const sensor = t.farm.sensors.soil;
    const response = await put(t.farm.users.manager.id, sensor.id, {
      label: 'Soil moisture east',
      location: '[-39.643,176.844]',
      tags: { identifier: 'canopy' },
    });
    expect(response.statusCode).toBe(200);
    expect(sensorSchema.parse(response.json())).toEqual({
      ...expectedSoil(),
      label: 'Soil moisture east',
      location: '[-39.643,176.844]',
      tags: { identifier: 'canopy' },
    });
    expect(await sensorRow(sensor.id)).toMatchObject({
      label: 'Soil moisture east',
      location: '[-39.643,176.844]',
      tags: { identifier: 'canopy' },
    });
    // Restore, so the list tests above read the farm as seeded whatever the order.
    await put(t.farm.users.manager.id, sensor.id, {
      label: 'Soil moisture zone 1',
      location: '[-39.642,176.843]',
      tags: {},
    });
  });

  it('changes only what is given', async () => {
    const sensor = t.farm.sensors.soil;
    const response = await put(t.farm.users.admin.id, sensor.id, { location: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...expectedSoil(), location: null });
    await put(t.farm.users.admin.id, sensor.id, { location: '[-39.642,176.843]' });
  });

  itRefusesBadEditsOfOneThing(() => t, {
    thing: 'sensor',
    url: (id) => `/api/sensors/${id}`,
    id: () => t.farm.sensors.soil.id,
    edit: { label: 'Hacked' },
    stored: sensorRow,
    invalid: [
      ['an empty label', { label: '' }, 'label'],
      ['a location that is not a point', { location: '[1]' }, 'location'],
      ['tags that are not an object', { tags: 'canopy' }, 'tags'],
      ['an identifier that is not text', { tags: { identifier: 3 } }, 'tags.identifier'],
    ],
  });
});
