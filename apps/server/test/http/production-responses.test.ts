import { areaSchema, programSchema, radioSchema, siteSchema, userSchema } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schema from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

// Production writes responses with fast-json-stringify instead of validating them with zod;
// they must still be exactly the spec's shapes, with nothing extra.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PADDOCK_ENVIRONMENT: 'production', BUGSNAG_API_KEY: 'key' });
  // A union (Point | Polygon) and tuples: the shapes a JSON Schema serializer gets wrong first.
  await t.db
    .update(schema.areas)
    .set({
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [176.84, -39.64],
            [176.85, -39.64],
            [176.85, -39.645],
            [176.84, -39.64],
          ],
        ],
      },
    })
    .where(eq(schema.areas.id, t.farm.areas.irrigation.id));
});
afterAll(() => t.close());

describe('responses in production', () => {
  const cases: Array<[string, () => string, z.ZodType]> = [
    ['GET /api/sites', () => '/api/sites', siteSchema.array()],
    ['GET /api/sites?extended=true', () => '/api/sites?extended=true', siteSchema.array()],
    ['GET /api/sites/{id}', () => `/api/sites/${t.farm.sites.a.id}`, siteSchema],
    ['GET /api/areas/{id}', () => `/api/areas/${t.farm.areas.irrigation.id}`, areaSchema],
    [
      'GET /api/areas/{id}/radios',
      () => `/api/areas/${t.farm.areas.irrigation.id}/radios`,
      radioSchema.array(),
    ],
    [
      'GET /api/programs?area=',
      () => `/api/programs?area=${t.farm.areas.irrigation.id}`,
      programSchema.array(),
    ],
    [
      'GET /api/sites/{id}/users',
      () => `/api/sites/${t.farm.sites.a.id}/users`,
      userSchema.array(),
    ],
  ];

  it.each(cases)('%s is exactly its schema', async (_label, url, schema) => {
    const response = await t.as(t.farm.users.admin.id, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toEqual([]);
    // Parsing strips unknown keys at every depth: equal means none were there.
    expect(schema.parse(body)).toEqual(body);
  });

  it('errors keep their shape', async () => {
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });
});
