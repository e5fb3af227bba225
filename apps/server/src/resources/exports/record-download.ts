/**
 * A download on the record (issue 33): GET exports/{id}/file writes one row of the export's site's
 * audit log, naming the caller (and whom they act as under Switch User), the address and the
 * export. The audit hook keeps only mutating calls, so the route writes this row itself, once the
 * file is found and before it is sent: a refused or failed download (403, 404, 410) writes none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userDisplayName } from '../../audit/audit-export.repository.ts';
import { appendAudit } from '../../audit/audit.repository.ts';
import type { ExportRow } from '../../exports/export.repository.ts';
import { authOf } from '../../http/context.ts';

/** The operation's name in the log, as the audit hook names operations (method and contract path). */
const DOWNLOAD_OPERATION = 'GET /exports/:id/file';

export async function recordDownload(
  app: FastifyInstance,
  request: FastifyRequest,
  row: ExportRow,
): Promise<void> {
  // A HEAD (Fastify answers one for every GET route) takes no file: it is no download.
  if (request.method === 'HEAD') return;
  const { db, clock } = app.ctx;
  const auth = authOf(request);
  // Under Switch User the session's user is the one acted as; the staff member is the actor.
  const actorId = auth.actorUserId ?? auth.userId;
  const actingAsId = auth.actorUserId === null ? null : auth.userId;
  const nameOf = async (id: number) => (await userDisplayName(db, id)) ?? `User ${id}`;
  const who =
    actingAsId === null
      ? await nameOf(actorId)
      : `${await nameOf(actorId)} (as ${await nameOf(actingAsId)})`;
  await appendAudit(db, {
    time: clock.now(),
    siteId: row.export.siteId,
    actorId,
    actingAsId,
    address: request.ip,
    areaId: row.export.areaId,
    kind: 'export',
    targetId: row.export.requestId,
    operation: DOWNLOAD_OPERATION,
    before: null,
    after: null,
    text: `${who} downloaded the export ${row.export.fileName ?? `#${row.export.requestId}`}`,
  });
}
