import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectWithExpiredToken } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/privileges', () => {
  it('returns the user-level privileges of the caller', async () => {
    const response = await t.as(t.farm.users.staff.id, {
      method: 'GET',
      url: '/api/user/privileges',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ privileges: ['loginAs', 'internal'] });
  });

  it('a user without user-level privileges gets an empty list', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: '/api/user/privileges',
    });
    expect(response.json()).toEqual({ privileges: [] });
  });

  it.each([
    ['no token', undefined],
    ['a malformed header', 'Token abc'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('401 with %s', async (_label, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/privileges',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401 });
  });

  it('401 once the access token has expired', async () => {
    const response = await injectWithExpiredToken(t, t.farm.users.monitor.id, {
      method: 'GET',
      url: '/api/user/privileges',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/user/privileges'].get.responses['200']).toBeDefined();
  });
});
