/**
 * Who may change what feeds a site from a network server: the site's admins (§6 top role), as
 * for its webhooks. Adding or changing a link, and giving a radio the devEUI of a LoRaWAN device
 * (attaching a heard device), both decide whose uplinks become the site's readings.
 */
import { effectiveRole, refuse, TOP_ROLE } from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';

export async function requireSiteAdmin(
  db: Database,
  request: FastifyRequest,
  siteId: number,
): Promise<void> {
  const access = await requireKnownSite(db, request, siteId, 'view');
  if (effectiveRole(areaPrivileges(access, null)) !== TOP_ROLE) {
    throw refuse.forbidden('Requires the admin role on this site');
  }
}
