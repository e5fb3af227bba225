/**
 * A site's audit log (issue 33 items 1, 2 and 6): GET sites/{id}/audit, its rows newest first,
 * filtered by time, person, object kind and object, paged; GET sites/{id}/audit/verify, whether
 * its hash chain holds and where it first breaks. Site admins read their sites' logs; support
 * staff (the internal privilege; members of every site) read every site's.
 */
import { auditEndpoints, verifyChain, type AuditRow } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { anchorPoints } from '../../audit/audit-anchor.repository.ts';
import {
  auditChain,
  chainStaged,
  listAudit,
  sha256,
  type ListedAuditRow,
} from '../../audit/audit.repository.ts';
import { route } from '../../http/endpoint.ts';
import { requireAuditReader } from './audit-access.ts';

const person = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? `User ${id}` };

function presentAuditRow(row: ListedAuditRow): AuditRow {
  return {
    id: row.id,
    time: row.time.toISOString(),
    actor: person(row.actorId, row.actorName),
    actingAs: person(row.actingAsId, row.actingAsName),
    address: row.address,
    site: row.siteId,
    area: row.areaId,
    kind: row.kind,
    target: row.targetId,
    operation: row.operation,
    before: row.before,
    after: row.after,
    text: row.text,
  };
}

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, auditEndpoints.listSiteAudit, async (request) => {
    const siteId = request.params.id;
    await requireAuditReader(db, request, siteId);
    // What the worker staged with its changes is on the page at once, not after its next round.
    await chainStaged(db, siteId);
    const { from, to, actor, kind, target, operation, page, limit } = request.query;
    const { rows, total } = await listAudit(
      db,
      {
        siteId,
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
        actorId: actor,
        kind,
        targetId: target,
        operation,
      },
      { offset: (page - 1) * limit, limit },
    );
    return { rows: rows.map(presentAuditRow), total, page, limit };
  });

  route(app, auditEndpoints.verifySiteAudit, async (request) => {
    const siteId = request.params.id;
    await requireAuditReader(db, request, siteId);
    await chainStaged(db, siteId);
    // The anchors are read first: a row appended meanwhile is after them, never before.
    const points = await anchorPoints(db, siteId);
    return verifyChain(await auditChain(db, siteId), sha256, points);
  });
}
