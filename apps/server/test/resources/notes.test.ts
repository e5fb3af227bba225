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
      author: { id: t.farm.users.manager.id, name: 'Max Tester' },
      mine: true,
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

  it("names each author, and marks only the caller's own notes as theirs", async () => {
    const read = async (userId: number) => {
      const response = await t.as(userId, { method: 'GET', url: url() });
      return response
        .json()
        .map((note: { author: { name: string }; mine: boolean }) => [note.author.name, note.mine]);
    };
    expect(await read(t.farm.users.manager.id)).toEqual([
      ['Ada Tester', false],
      ['Max Tester', true],
    ]);
    expect(await read(t.farm.users.monitor.id)).toEqual([
      ['Ada Tester', false],
      ['Max Tester', false],
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

describe('DELETE /api/notes/{id}', () => {
  const leave = async (userId: number, text: string) => {
    const response = await t.as(userId, { method: 'POST', url: url(), payload: { text } });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  const remove = (userId: number, id: number | string) =>
    t.as(userId, { method: 'DELETE', url: `/api/notes/${id}` });

  it('deletes a note for its author, and the area lists it no more', async () => {
    const id = await leave(t.farm.users.manager.id, 'Wrong block, ignore');
    const response = await remove(t.farm.users.manager.id, id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await noteRows()).map((row) => row.id)).not.toContain(id);
    const listed = await t.as(t.farm.users.manager.id, { method: 'GET', url: url() });
    expect(listed.json().map((note: { id: number }) => note.id)).not.toContain(id);
  });

  it("403 for someone else's note, even for the site's admin, and it stays", async () => {
    const id = await leave(t.farm.users.manager.id, 'Max wrote this');
    const before = await noteRows();
    const response = await remove(t.farm.users.admin.id, id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Only the author of a note may delete it' });
    expect(await noteRows()).toEqual(before);
  });

  it('404 for an unknown note, and again for one already deleted', async () => {
    expect((await remove(t.farm.users.admin.id, 99999)).statusCode).toBe(404);
    const id = await leave(t.farm.users.admin.id, 'Once');
    expect((await remove(t.farm.users.admin.id, id)).statusCode).toBe(204);
    const again = await remove(t.farm.users.admin.id, id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Note not found' });
  });

  it('400 for an id that is not a number', async () => {
    const response = await remove(t.farm.users.admin.id, 'first');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id', location: 'params' });
  });

  // A monitor and an outsider are refused on the area before authorship is looked at.
  let managersNote = 0;
  beforeAll(async () => {
    managersNote = await leave(t.farm.users.manager.id, 'Kept');
  });
  itRefusesEditsWithoutAccess(
    () => t,
    () => ({ method: 'DELETE', url: `/api/notes/${managersNote}` }),
    noteRows,
  );
});
