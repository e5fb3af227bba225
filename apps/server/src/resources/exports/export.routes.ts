/**
 * Exports (§3 request action export; docs/api.md "Exports"): ask for a report file, follow it,
 * download it, list one's own. The worker makes the file (src/exports/export-service.ts). An
 * audit export (issue 33) is the site's audit log, for the site's admins and support staff; every
 * download is on the site's audit log (record-download.ts).
 */
import { Readable } from 'node:stream';
import { EXPORTS_PER_PAGE, exportEndpoints } from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createExport,
  findExport,
  hasExportFile,
  listUserExports,
  presentExport,
  readExportFile,
} from '../../exports/export.repository.ts';
import { auditScope, refuseExpiredRawReadings, reportScope } from '../../exports/report-scope.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { requireObject, requireSite } from '../../permissions/access.ts';
import { requireAuditReader } from '../audit/audit-access.ts';
import { recordDownload } from './record-download.ts';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export async function exportRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  /**
   * The export, if the caller may view what it reports on (anyone who may may have it): the site
   * for a whole-site report, its area for one narrowed to an area, the site's audit log for an
   * audit export.
   */
  const visibleExport = async (request: FastifyRequest, id: number) => {
    const row = await findExport(db, id);
    if (!row) throw notFound('Export');
    const { report, siteId, areaId } = row.export;
    if (report === 'audit') await requireAuditReader(db, request, siteId);
    else if (areaId === null) await requireSite(db, request, siteId, 'view');
    else await requireObject(db, request, 'area', areaId, 'view');
    return row;
  };

  route(app, exportEndpoints.createExport, async (request, reply) => {
    const body = request.body;
    const { userId } = authOf(request);
    let scope;
    if (body.report === 'audit') {
      await requireAuditReader(db, request, body.site);
      scope = auditScope(body);
    } else {
      scope = await reportScope(db, request, body);
      await refuseExpiredRawReadings(db, scope, new Date(body.from), clock.now());
    }
    if (body.requestId !== undefined) {
      const earlier = await findExport(db, body.requestId);
      if (earlier && earlier.export.userId === userId) return presentExport(earlier);
      throw notFound('Export');
    }
    const row = await createExport(db, {
      ...scope,
      from: new Date(body.from),
      to: new Date(body.to),
      userId,
      now: clock.now(),
    });
    return reply.code(202).send(presentExport(row));
  });

  route(app, exportEndpoints.listExports, async (request) => {
    const { page } = request.query;
    const { rows, total } = await listUserExports(
      db,
      authOf(request).userId,
      page,
      EXPORTS_PER_PAGE,
    );
    return {
      items: rows.map(presentExport),
      page,
      pages: Math.ceil(total / EXPORTS_PER_PAGE),
      total,
    };
  });

  route(app, exportEndpoints.getExport, async (request) =>
    presentExport(await visibleExport(request, request.params.id)),
  );

  route(app, exportEndpoints.downloadExport, async (request, reply) => {
    const row = await visibleExport(request, request.params.id);
    if (row.request.status !== 'done') throw new HttpError(404, 'The export is not finished');
    if (!row.export.fileName || !(await hasExportFile(db, row.export.requestId))) {
      throw new HttpError(410, 'The export has expired');
    }
    // On the record before the first byte goes: a download refused above writes nothing.
    await recordDownload(app, request, row);
    // Chunk by chunk: a large csv is served without holding it in memory.
    const file = Readable.from(readExportFile(db, row.export.requestId));
    const format = row.export.format as keyof typeof CONTENT_TYPES;
    return reply
      .header('content-type', CONTENT_TYPES[format] ?? 'application/octet-stream')
      .header(
        'content-disposition',
        `attachment; filename="${row.export.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      )
      .header('cache-control', 'private, no-store')
      .header('content-length', String(row.export.size ?? ''))
      .send(file);
  });
}
