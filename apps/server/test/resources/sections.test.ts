import { sectionSchema } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '../../src/db/schema.ts';
import { itListsTheThingsOfAnArea } from '../helpers/list-endpoint.ts';
import { itRefusesBadEditsOfOneThing } from '../helpers/refusals.ts';
import { rowById } from '../helpers/rows.ts';
import { presentedIrrigationZones } from '../helpers/presented.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sectionRow = (id: number) => rowById(t.db, sections, id);

describe('GET /api/sections?area={id}', () => {
  const url = (area: number | string) => `/api/sections?area=${area}`;

  itListsTheThingsOfAnArea(() => t, {
    things: 'sections',
    url,
    idIn: 'querystring',
    moreInvalid: [
      ['an area id of 0', url(0)],
      ['no area', '/api/sections'],
    ],
    listed: {
      schema: sectionSchema,
      expected: () => presentedIrrigationZones(t),
    },
  });

  it('orders by number, not by insertion', async () => {
    const area = t.farm.areas.frost.id;
    await t.db.insert(sections).values(
      [9, 2, 5].map((number) => ({
        areaId: area,
        number,
        label: `Layer ${number}`,
        type: 'multiLayer' as const,
        location: '[-39.64,176.84]',
        selected: number === 5,
      })),
    );
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: url(area) });
    const body = sectionSchema.array().parse(response.json());
    expect(body.map((section) => section.number)).toEqual([2, 5, 9]);
    expect(body[1]).toMatchObject({
      label: 'Layer 5',
      type: 'multiLayer',
      outline: null,
      location: '[-39.64,176.84]',
      selected: true,
    });
  });
});

describe('PUT /api/sections/{id}', () => {
  const put = (userId: number, id: number | string, payload: unknown) =>
    t.as(userId, { method: 'PUT', url: `/api/sections/${id}`, payload: payload as object });

  it('edits label, outline and location and returns the section', async () => {
    const zone = t.farm.sections.zone2;
    const outline = '[[-39.6,176.8],[-39.6,176.9],[-39.7,176.9]]';
    const response = await put(t.farm.users.manager.id, zone.id, {
      label: 'Zone 2 north',
      outline,
      location: '[-39.645,176.845]',
    });
    expect(response.statusCode).toBe(200);
    expect(sectionSchema.parse(response.json())).toEqual({
      id: zone.id,
      number: 2,
      label: 'Zone 2 north',
      type: 'irrigationZone',
      area: t.farm.areas.irrigation.id,
      outline,
      location: '[-39.645,176.845]',
      selected: false,
    });
    expect(await sectionRow(zone.id)).toMatchObject({
      label: 'Zone 2 north',
      outline,
      location: '[-39.645,176.845]',
    });
  });

  it('stores a new label trimmed, as the zone page sends what was typed', async () => {
    const zone = t.farm.sections.zone1;
    const response = await put(t.farm.users.manager.id, zone.id, { label: '  Zone 1 south ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ label: 'Zone 1 south' });
    expect(await sectionRow(zone.id)).toMatchObject({ label: 'Zone 1 south' });
  });

  it('changes only what is given; null clears a location', async () => {
    const zone = t.farm.sections.zone3;
    await put(t.farm.users.manager.id, zone.id, { location: '{"lat":-39.65,"lng":176.84}' });
    const response = await put(t.farm.users.manager.id, zone.id, { location: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      label: 'Zone 3',
      outline: zone.outline,
      location: null,
    });
  });

  itRefusesBadEditsOfOneThing(() => t, {
    thing: 'section',
    url: (id) => `/api/sections/${id}`,
    id: () => t.farm.sections.zone1.id,
    edit: { label: 'Hacked' },
    stored: sectionRow,
    invalid: [
      ['an empty label', { label: '' }, 'label'],
      ['a blank label', { label: '   ' }, 'label'],
      ['an outline that is not JSON', { outline: 'square' }, 'outline'],
      ['an outline of two points', { outline: '[[1,2],[3,4]]' }, 'outline'],
      ['a location off the globe', { location: '[123,176]' }, 'location'],
    ],
    nothingToUpdate: 'Nothing to update: give label, outline or location',
  });
});
