/**
 * Query keys of a site's contacts (GET contacts?site=). Keyed under the site, so the route
 * refresh (§2) and a site reset reach them; My Profile's save invalidates `contactKeys.all`'s
 * spelling too (['contacts']), which is why the site's list also starts with it.
 */
export const contactKeys = {
  all: ['contacts'] as const,
  /** GET contacts?site={id}. */
  site: (siteId: number) => ['contacts', { site: siteId }] as const,
  /** GET contacts/{id}/test/{testId}: one notification test, polled until final (§4). */
  test: (contactId: number, testId: number) => ['contacts', contactId, 'test', testId] as const,
};
