/**
 * Site-level access for calls that name a site by id: an unknown site is 404 (the console then
 * picks another default site), a site the caller is not a member of, or lacks the action on, is
 * 403 (§2: a 403 on site fetch sends the user to /dashboard).
 */
import { refuse } from '@paddock/domain';
import type { Privilege } from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { requireSite, type SiteAccess } from '../../permissions/access.ts';
import { siteExists } from './site.repository.ts';

export async function requireKnownSite(
  db: Database,
  request: FastifyRequest,
  siteId: number,
  action: Privilege = 'view',
): Promise<SiteAccess> {
  if (!(await siteExists(db, siteId))) throw refuse.notFound('Site');
  return requireSite(db, request, siteId, action);
}
