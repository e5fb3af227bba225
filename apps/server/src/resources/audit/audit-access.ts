/**
 * Who reads a site's audit log (issue 33 item 6): its admins, and support staff (the internal
 * privilege; members of every site). The log's routes and the audit export (POST exports, report
 * audit, and its file) ask the same question here.
 */
import { effectiveRole, refuse, TOP_ROLE } from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';

/** 404 for an unknown site, 403 unless the caller is an admin of the site or support staff. */
export async function requireAuditReader(db: Database, request: FastifyRequest, siteId: number) {
  const access = await requireKnownSite(db, request, siteId, 'view');
  const admin = effectiveRole(areaPrivileges(access, null)) === TOP_ROLE;
  if (!admin && !access.userPrivileges.includes('internal')) {
    throw refuse.forbidden('Requires the admin role on this site');
  }
}
