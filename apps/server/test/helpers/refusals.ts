/**
 * Refusals many calls share: the read or edit of a site's thing by someone who may not, and a
 * call made with an access token that has expired.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * The cases every read of a thing of site a answers alike: 401 without a token, and 403 for a
 * member of the site without view and for `otherSite`, the outsider who belongs only to site b.
 * Takes the app and the request as functions, since neither exists before `beforeAll` has run.
 */
export function itRefusesReadsWithoutAccess(
  app: () => TestApp,
  request: () => InjectOptions,
  otherSite = 'a caller from another site',
) {
  it('401 without a token', async () => {
    const response = await app().app.inject(request());
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a member without view', () => app().farm.users.nobody.id],
    [otherSite, () => app().farm.users.outsider.id],
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
