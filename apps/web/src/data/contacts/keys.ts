/**
 * Query keys of a site's contacts (GET contacts?site=) and of the user's own (GET user/contact).
 * Keyed under the site, so the route refresh (§2) and a site reset reach them; My Profile's save
 * invalidates `contactKeys.all`, which is why the site's list also starts with it.
 */
export const contactKeys = {
  all: ['contacts'] as const,
  /** GET contacts?site={id}. */
  site: (siteId: number) => ['contacts', { site: siteId }] as const,
  /** GET contacts/{id}/test/{testId}: one notification test, polled until final (§4). */
  test: (contactId: number, testId: number) => ['contacts', contactId, 'test', testId] as const,
  /** Every answer of GET user/contact: the signed-in user's own contact. */
  own: ['user', 'contact'] as const,
  /** GET user/contact?site=, null when no site is given. */
  ownOnSite: (siteId: number | null) => [...contactKeys.own, siteId] as const,
};
