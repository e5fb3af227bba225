/**
 * The cases every list of an area's things answers alike (controls, programs, radios, sensors,
 * sections), written once and run for each list call.
 */
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { itRefusesReadsWithoutAccess } from './refusals.ts';
import type { TestApp } from './test-app.ts';

export type AreaListCall = {
  /** What the list holds, in the plural, for the cases' names: 'sensors'. */
  things: string;
  /** The call for an area id, or for whatever a case puts in its place. */
  url: (area: number | string) => string;
  /** Where the call reads the area id (`/api/areas/{id}/…` or `?area={id}`), so where a 400 points. */
  areaIn: 'params' | 'querystring';
  /** Calls refused for their area besides the non-numeric one, as `[label, path]`. */
  moreInvalid?: [label: string, path: string][];
  /** One item's schema and the list the farm's irrigation area gives, when the case is shared. */
  listed?: { schema: ZodType; expected: () => unknown[] };
};

/**
 * Registers the shared cases in the caller's `describe`: the irrigation area's list as the
 * monitor reads it, the empty list of the water area, 400 for an area that is not an id, the
 * refusals of every read, and 404 for an unknown area. Takes the app as a function, since it
 * does not exist before `beforeAll` has run.
 */
export function itListsTheThingsOfAnArea(app: () => TestApp, call: AreaListCall) {
  const { things, url, areaIn, moreInvalid = [], listed } = call;
  const monitor = () => app().farm.users.monitor.id;
  const get = (path: string) => app().as(monitor(), { method: 'GET', url: path });

  if (listed) {
    it(`returns the ${things} of the area as §3 ${things}`, async () => {
      const response = await get(url(app().farm.areas.irrigation.id));
      expect(response.statusCode).toBe(200);
      expect(listed.schema.array().parse(response.json())).toEqual(listed.expected());
    });
  }

  it(`an area without ${things} gives an empty list`, async () => {
    const response = await get(url(app().farm.areas.water.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  const field = areaIn === 'params' ? 'id' : 'area';
  it.each([['a non-numeric area', url('abc')], ...moreInvalid])(
    '400 for %s',
    async (_label, path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, location: areaIn });
    },
  );

  itRefusesReadsWithoutAccess(app, () => ({
    method: 'GET',
    url: url(app().farm.areas.irrigation.id),
  }));

  // The monitor may view site a, so an unknown area must answer 404 to them, not 403.
  it('404 for an unknown area', async () => {
    const response = await get(url(999_999));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Area not found' });
  });
}
