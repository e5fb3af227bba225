/**
 * Refusals many calls share: the read or edit of a site's thing by someone who may not, of one
 * thing by an id that is no id or is unknown, with a body that is wrong, and a call made with an
 * access token that has expired.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * The cases every read of a thing of site a answers alike: 401 without a token, and 403 for a
 * member of the site without view and for the outsider, who belongs only to site b.
 * Takes the app and the request as functions, since neither exists before `beforeAll` has run.
 */
export function itRefusesReadsWithoutAccess(app: () => TestApp, request: () => InjectOptions) {
  it('401 without a token', async () => {
    const response = await app().app.inject(request());
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a member without view', () => app().farm.users.nobody.id],
    ['a caller from another site', () => app().farm.users.outsider.id],
  ])('403 for %s', async (_label, userId) => {
    const response = await app().as(userId(), request());
    expect(response.statusCode).toBe(403);
  });
}

/**
 * The cases every edit of a thing of site a answers alike, each changing nothing: 401 without a
 * token, and 403 for a monitor (view only) and for a caller from another site. `stored` reads
 * the thing as stored, to show it did not change.
 */
export function itRefusesEditsWithoutAccess(
  app: () => TestApp,
  request: () => InjectOptions,
  stored: () => Promise<unknown>,
) {
  it('401 without a token, changing nothing', async () => {
    const before = await stored();
    const response = await app().app.inject(request());
    expect(response.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a monitor (view only)', () => app().farm.users.monitor.id],
    ['a caller from another site', () => app().farm.users.outsider.id],
  ])('403 for %s, changing nothing', async (_label, userId) => {
    const before = await stored();
    const response = await app().as(userId(), request());
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
}

/** A call by its name in the cases' names, and the request, made only once the farm exists. */
export type NamedCall = [label: string, request: () => InjectOptions];

/**
 * The refusals of calls only a site's admins may make (its webhooks, its network links): 401
 * without a token to each, and 403 to each for a manager, a monitor and a caller from another
 * site, each changing nothing. `stored` reads what the calls would change.
 */
export function itRefusesAllButSiteAdmins(
  app: () => TestApp,
  calls: NamedCall[],
  stored: () => Promise<unknown>,
) {
  it.each(calls)('401 without a token to %s', async (_label, call) => {
    expect((await app().app.inject(call())).statusCode).toBe(401);
  });

  it.each(
    calls.flatMap(([label, call]) => [
      [label, 'a manager', () => app().farm.users.manager.id, call] as const,
      [label, 'a monitor', () => app().farm.users.monitor.id, call] as const,
      [label, 'a caller from another site', () => app().farm.users.outsider.id, call] as const,
    ]),
  )('403 to %s for %s, changing nothing', async (_label, _who, userId, call) => {
    const before = await stored();
    const response = await app().as(userId(), call());
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
}

/**
 * 400 naming the field at fault for each `invalid` addition, as `[label, what it changes of a
 * body the thing would take, the field at fault]`, each adding nothing: made by the admin, who
 * may add, so only the body is at fault. `stored` reads the things the call would add to.
 */
export function itRefusesBadAdditions(
  app: () => TestApp,
  call: {
    request: (overrides: Record<string, unknown>) => InjectOptions;
    invalid: [label: string, overrides: Record<string, unknown>, field: string][];
    stored: () => Promise<unknown>;
  },
) {
  const { request, invalid, stored } = call;
  it.each(invalid)('400 for %s, and nothing is added', async (_label, overrides, field) => {
    const before = await stored();
    const response = await app().as(app().farm.users.admin.id, request(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'body' });
    expect(await stored()).toEqual(before);
  });
}

/**
 * 400 naming `field` for a call whose id there (in the path unless said) is not a number, made
 * by `userId` (the admin unless said): one who may make the call, so only the id is at fault.
 */
export function itRefusesANonNumericId(
  app: () => TestApp,
  request: () => InjectOptions,
  {
    field = 'id',
    location = 'params',
    userId = () => app().farm.users.admin.id,
  }: { field?: string; location?: 'params' | 'querystring'; userId?: () => number } = {},
) {
  it(`400 for a non-numeric ${field}`, async () => {
    const response = await app().as(userId(), request());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location });
  });
}

/** A call on one thing of site a by its id. */
type OneThingCall = {
  /** The thing's name in its 404 message ('Radio not found') and in the cases' names. */
  thing: string;
  /** The call for an id, or for whatever a case puts in its place. */
  url: (id: number | string) => string;
  /** The thing the cases read or edit. */
  id: () => number;
};

const notFound = (thing: string) => `${thing.charAt(0).toUpperCase()}${thing.slice(1)} not found`;

/**
 * The refusals every read of one thing of site a shares: 400 for an id that is not a number,
 * those of {@link itRefusesReadsWithoutAccess}, and 404 for an unknown id. The monitor may view
 * site a, so the 400 and the 404 are theirs, not a 403.
 */
export function itRefusesReadsOfOneThing(app: () => TestApp, call: OneThingCall) {
  const { thing, url, id } = call;
  const monitor = () => app().farm.users.monitor.id;

  itRefusesANonNumericId(app, () => ({ method: 'GET', url: url('abc') }), {
    userId: monitor,
  });

  itRefusesReadsWithoutAccess(app, () => ({ method: 'GET', url: url(id()) }));

  it(`404 for an unknown ${thing}`, async () => {
    const response = await app().as(monitor(), { method: 'GET', url: url(999_999) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: notFound(thing) });
  });
}

/**
 * The refusals every edit (PUT) of one thing of site a shares, made by the admin so that only
 * the body or the id is at fault: 400 for each `invalid` body and for a body with nothing to
 * update, each changing nothing; 400 for an id that is not a number; those of
 * {@link itRefusesEditsWithoutAccess}; and 404 for an unknown id.
 */
export function itRefusesBadEditsOfOneThing(
  app: () => TestApp,
  call: OneThingCall & {
    /** A body the thing would take, sent where the id or the caller is at fault. */
    edit: object;
    /** Reads the thing as stored, to show that a refused edit changed nothing. */
    stored: (id: number) => Promise<unknown>;
    /** Bodies refused, as `[label, body, the field at fault]`; a body that needs the farm is a function. */
    invalid: [label: string, body: object | (() => object), field: string][];
    /** The reason given for a body with nothing to update, where the case checks it. */
    nothingToUpdate?: string;
  },
) {
  const { thing, url, id, edit, stored, invalid, nothingToUpdate } = call;
  const put = (target: number | string, payload: object) =>
    app().as(app().farm.users.admin.id, { method: 'PUT', url: url(target), payload });

  it.each(invalid)('400 for %s, changing nothing', async (_label, body, field) => {
    const before = await stored(id());
    const response = await put(id(), typeof body === 'function' ? body() : body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'body' });
    expect(await stored(id())).toEqual(before);
  });

  it('400 for a body with nothing to update', async () => {
    const response = await put(id(), {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      location: 'body',
      ...(nothingToUpdate && { reason: nothingToUpdate }),
    });
  });

  itRefusesANonNumericId(app, () => ({ method: 'PUT', url: url('abc'), payload: edit }));

  itRefusesEditsWithoutAccess(
    app,
    () => ({ method: 'PUT', url: url(id()), payload: edit }),
    () => stored(id()),
  );

  it(`404 for an unknown ${thing}`, async () => {
    const response = await put(999_999, edit);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: notFound(thing) });
  });
}

/**
 * `app.inject` with an access token of the user that expired a second ago; the clock is put
 * back after.
 */
export async function injectWithExpiredToken(
  t: TestApp,
  userId: number,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const token = await t.tokenFor(userId);
  const pastExpiry = t.config.accessTokenTtlSeconds * 1000 + 1000;
  t.clock.advance(pastExpiry);
  try {
    return await t.app.inject({
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${token}` },
    });
  } finally {
    t.clock.advance(-pastExpiry);
  }
}
