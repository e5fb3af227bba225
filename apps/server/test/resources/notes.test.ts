import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { itRefusesBadAreas } from '../helpers/list-endpoint.ts';
import { itRefusesEditsWithoutAccess } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (areaId: number | string = t.farm.areas.irrigation.id) => `/api/areas/${areaId}/notes`;
const noteRows = () => t.db.select().from(schema.notes).orderBy(asc(schema.notes.id));

describe('POST /api/areas/{id}/notes', () => {
  it('leaves a note on the area itself, trimmed, stamped with the server clock', async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: url(),
      payload: { text: '  Filters cleaned  ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      target: t.farm.areas.irrigation.id,
      targetType: 'area',
      area: t.farm.areas.irrigation.id,
      text: 'Filters cleaned',
      timestamp: t.clock.now().toISOString(),
    });
    const [row] = await noteRows();
    expect(row?.createdBy).toBe(t.farm.users.manager.id);
  });

  it('leaves a note on a thing of the area', async () => {
    t.clock.advance(60_000);
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: url(),
      payload: { text: 'Valve leaking', target: t.farm.controls.valve1.id, targetType: 'control' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      target: t.farm.controls.valve1.id,
      targetType: 'control',
      text: 'Valve leaking',
    });
  });

  it.each([
    ['blank text', () => ({ text: '   ' }), 'text'],
    ['empty text', () => ({ text: '' }), 'text'],
    [
      'a target without its type',
      () => ({ text: 'x', target: t.farm.controls.valve1.id }),
      'targetType',
    ],
    ['a type without its target', () => ({ text: 'x', targetType: 'control' }), 'target'],
    [
      'a thing of another area',
      () => ({ text: 'x', target: t.farm.controls.valveB.id, targetType: 'control' }),
      'target',
    ],
    ['an unknown target type', () => ({ text: 'x', target: 1, targetType: 'pond' }), 'targetType'],
  ])('400 for %s, and nothing is written', async (_label, payload, field) => {
    const before = await noteRows();
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: url(),
      payload: payload(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'body' });
    expect(await noteRows()).toEqual(before);
  });

  itRefusesEditsWithoutAccess(
    () => t,
    () => ({ method: 'POST', url: url(), payload: { text: 'x' } }),
    noteRows,
  );

  it('404 for an unknown area', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: url(99999),
      payload: { text: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/areas/{id}/notes', () => {
  it('lists the notes of the area, newest first', async () => {
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((note: { text: string }) => note.text)).toEqual([
      'Valve leaking',
      'Filters cleaned',
    ]);
  });

  it('an area without notes lists none', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(t.farm.areas.frost.id),
    });
    expect(response.json()).toEqual([]);
  });

  itRefusesBadAreas(() => t, { url, idIn: 'params' });
});
