/**
 * The cases every call on an area's things answers alike (the lists of controls, programs,
 * radios, sensors and sections; alarms, events, notes), and a site's (contacts), written once
 * and run for each call.
 */
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { itRefusesReadsWithoutAccess } from './refusals.ts';
import type { TestApp } from './test-app.ts';

/** A call that reads the things of one area (or site), by its id. */
export type AreaCall = {
  /** The call for an id, or for whatever a case puts in its place. */
  url: (id: number | string) => string;
  /** GET unless the call reads with a body of filters (POST). */
  method?: 'GET' | 'POST';
  /** Where the call reads the id (`/api/areas/{id}/…` or `?area={id}`), so where a 400 points. */
  idIn: 'params' | 'querystring';
  /** The id's name there, where it is not `id` in the path or `area` (`site`) in the query. */
  idField?: string;
  /** Calls refused for their id besides the non-numeric one, as `[label, path]`. */
  moreInvalid?: [label: string, path: string][];
};

/**
 * Registers the refusals every call on an area's things shares in the caller's `describe`: 400
 * for an area id that is not one, those of {@link itRefusesReadsWithoutAccess}, and 404 for an
 * unknown area. The monitor may view site a, so the 400 and the 404 are theirs, not a 403.
 * Takes the app as a function, since it does not exist before `beforeAll` has run.
 */
export function itRefusesBadAreas(app: () => TestApp, call: AreaCall) {
  itRefusesBadOwners(app, 'area', () => app().farm.areas.irrigation.id, call);
}

/** {@link itRefusesBadAreas} for a call on a site's things, asked of site a. */
export function itRefusesBadSites(app: () => TestApp, call: AreaCall) {
  itRefusesBadOwners(app, 'site', () => app().farm.sites.a.id, call);
}

function itRefusesBadOwners(
  app: () => TestApp,
  owner: 'area' | 'site',
  known: () => number,
  call: AreaCall,
) {
  const { url, method = 'GET', idIn, moreInvalid = [] } = call;
  const field = call.idField ?? (idIn === 'params' ? 'id' : owner);
  const send = (path: string) => app().as(app().farm.users.monitor.id, { method, url: path });

  it.each([[`a non-numeric ${owner}`, url('abc')], ...moreInvalid])(
    '400 for %s',
    async (_label, path) => {
      const response = await send(path);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, location: idIn });
    },
  );

  itRefusesReadsWithoutAccess(app, () => ({ method, url: url(known()) }));

  it(`404 for an unknown ${owner}`, async () => {
    const response = await send(url(999_999));
    expect(response.statusCode).toBe(404);
    const notFound = owner === 'area' ? 'Area not found' : 'Site not found';
    expect(response.json()).toMatchObject({ message: notFound });
  });
}

/** A list of an area's things (GET), whose cases are all shared. */
export type AreaListCall = AreaCall & {
  /** What the list holds, in the plural, for the cases' names: 'sensors'. */
  things: string;
  /** One item's schema and the list the farm's irrigation area gives, when the case is shared. */
  listed?: { schema: ZodType; expected: () => unknown[] };
};

/**
 * Registers the cases every list of an area's things shares in the caller's `describe`: the
 * irrigation area's list as the monitor reads it, the empty list of the water area, and the
 * refusals of {@link itRefusesBadAreas}.
 */
export function itListsTheThingsOfAnArea(app: () => TestApp, call: AreaListCall) {
  const { things, url, listed } = call;
  const get = (path: string) => app().as(app().farm.users.monitor.id, { method: 'GET', url: path });

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

  itRefusesBadAreas(app, call);
}
