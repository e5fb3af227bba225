import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { auditRowsAfter, lastAuditId } from '../helpers/audit-trail.ts';
import { itRefusesBadAreas } from '../helpers/list-endpoint.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** The irrigation area's events by name. */
let ids: Record<'battery' | 'fault' | 'started' | 'finished', number>;

beforeAll(async () => {
  t = await buildTestApp();

  const { irrigation, frost, water } = t.farm.areas;
  const { radio1 } = t.farm.radios;
  const { valve1 } = t.farm.controls;
  const rows = await t.db
    .insert(schema.events)
    .values([
      {
        areaId: irrigation.id,
        type: 'warning',
        targetType: 'radio',
        targetId: radio1.id,
        message: 'Low battery',
        open: true,
        createdAt: new Date('2026-11-20T08:00:00.000Z'),
      },
      {
        areaId: irrigation.id,
        type: 'error',
        targetType: 'control',
        targetId: valve1.id,
        message: 'Valve fault',
        open: true,
        createdAt: new Date('2026-11-21T07:00:00.000Z'),
      },
      {
        areaId: irrigation.id,
        type: 'info',
        targetType: 'control',
        targetId: valve1.id,
        message: 'Valve started',
        open: false,
        createdAt: new Date('2026-11-21T08:00:00.000Z'),
      },
      {
        areaId: irrigation.id,
        type: 'info',
        message: 'Program finished',
        open: false,
        createdAt: new Date('2026-11-19T10:00:00.000Z'),
      },
      {
        areaId: frost.id,
        type: 'warning',
        message: 'Frost fan low fuel',
        open: true,
        createdAt: new Date('2026-11-21T06:00:00.000Z'),
      },
    ])
    .returning();
  const [battery, fault, started, finished] = rows.map((row) => row.id);
  if (!battery || !fault || !started || !finished) throw new Error('events not inserted');
  ids = { battery, fault, started, finished };

  // More events than one call returns.
  await t.db.insert(schema.events).values(
    Array.from({ length: 205 }, (_, index) => ({
      areaId: water.id,
      type: 'info' as const,
      message: `Tank level ${index}`,
      open: index < 3,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)),
    })),
  );
});
afterAll(() => t.close());

const url = (areaId: number | string = t.farm.areas.irrigation.id) => `/api/areas/${areaId}/events`;
const eventIds = (body: { events: { id: number }[] }) => body.events.map((event) => event.id);

describe('POST /api/areas/{id}/events', () => {
  it('without a body: every event of the area, newest first, and the open count', async () => {
    const since = await lastAuditId(t.db);
    const response = await t.as(t.farm.users.monitor.id, { method: 'POST', url: url() });
    expect(response.statusCode).toBe(200);
    // A read, though a POST: nothing on the audit record (the contract's `audited: false`).
    expect(await auditRowsAfter(t.db, since)).toEqual([]);
    const body = response.json();
    expect(eventIds(body)).toEqual([ids.started, ids.fault, ids.battery, ids.finished]);
    expect(body.stats).toEqual({ open: 2 });
    expect(body.events[2]).toEqual({
      id: ids.battery,
      type: 'warning',
      target: t.farm.radios.radio1.id,
      targetType: 'radio',
      area: t.farm.areas.irrigation.id,
      message: 'Low battery',
      open: true,
      timestamp: '2026-11-20T08:00:00.000Z',
      alarm: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    expect(body.events[3]).toEqual({
      id: ids.finished,
      type: 'info',
      target: null,
      area: t.farm.areas.irrigation.id,
      message: 'Program finished',
      open: false,
      timestamp: '2026-11-19T10:00:00.000Z',
      alarm: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
  });

  it.each([
    ['an empty filter', () => ({}), ['started', 'fault', 'battery', 'finished']],
    ['types', () => ({ types: ['error', 'warning'] }), ['fault', 'battery']],
    [
      'a time window (inclusive)',
      () => ({ from: '2026-11-20T08:00:00Z', to: '2026-11-21T07:00:00Z' }),
      ['fault', 'battery'],
    ],
    ['a time given with an offset', () => ({ from: '2026-11-21T20:30:00+13:00' }), ['started']],
    [
      'targets of a type',
      () => ({ targets: [t.farm.controls.valve1.id], targetType: 'control' }),
      ['started', 'fault'],
    ],
    ['a target type', () => ({ targetType: 'radio' }), ['battery']],
    ['open only', () => ({ open: true }), ['fault', 'battery']],
    ['closed only, of a type', () => ({ open: false, types: ['info'] }), ['started', 'finished']],
    ['an empty types list', () => ({ types: [] }), []],
  ] as const)(
    'filters by %s; the open count stays the whole area',
    async (_label, filter, names) => {
      const response = await t.as(t.farm.users.monitor.id, {
        method: 'POST',
        url: url(),
        payload: filter(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(eventIds(body)).toEqual(names.map((name) => ids[name]));
      expect(body.stats).toEqual({ open: 2 });
    },
  );

  it('returns at most 200 events, the newest', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: url(t.farm.areas.water.id),
    });
    const body = response.json();
    expect(body.events).toHaveLength(200);
    expect(body.events[0].message).toBe('Tank level 204');
    expect(body.events[199].message).toBe('Tank level 5');
    expect(body.stats).toEqual({ open: 3 });
  });

  it.each([
    ['an unknown type', { types: ['fatal'] }, 'types.0'],
    ['a date that is not ISO', { from: 'yesterday' }, 'from'],
    ['to before from', { from: '2026-11-21T00:00:00Z', to: '2026-11-20T00:00:00Z' }, 'to'],
    ['a target that is not an id', { targets: [0] }, 'targets.0'],
    ['open that is not a boolean', { open: 'yes' }, 'open'],
    ['a target type that is not a meta type', { targetType: 'valve' }, 'targetType'],
  ])('400 for %s', async (_label, filter, field) => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: url(),
      payload: filter,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'body' });
  });

  itRefusesBadAreas(() => t, { url, method: 'POST', idIn: 'params' });
});
