/**
 * Scheduled reports of a site (issue 17 item 5; docs/api.md "Exports"): list (view on the site),
 * create and delete (edit on the site, as its contacts are managed). The poll loop in
 * src/exports/scheduled-reports.ts sends them.
 */
import { exportEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { reportScope } from '../../exports/report-scope.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import {
  deleteScheduledReport,
  insertScheduledReport,
  contactEmails,
  listScheduledReports,
} from '../../exports/scheduled-report.repository.ts';
import { presentScheduledReport } from '../../exports/scheduled-reports.ts';
import { requireKnownSite } from '../sites/site-access.ts';

export async function scheduledReportRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, exportEndpoints.listScheduledReports, async (request) => {
    const siteId = request.params.id;
    await requireKnownSite(db, request, siteId, 'view');
    return (await listScheduledReports(db, siteId)).map(presentScheduledReport);
  });

  route(app, exportEndpoints.createScheduledReport, async (request, reply) => {
    const siteId = request.params.id;
    await requireKnownSite(db, request, siteId, 'edit');
    const { contact, every, ...choice } = request.body;
    if (choice.site !== undefined && choice.site !== siteId) {
      throw badRequest('site', 'must be the site of the path');
    }
    // The same checks as an export asked for now (the area of the site, the series of it).
    await reportScope(db, request, { ...choice, site: siteId });
    if ((await contactEmails(db, siteId, contact)).length === 0) {
      throw badRequest('contact', 'not a contact of the site with an active email address');
    }
    const row = await insertScheduledReport(db, {
      siteId,
      contactId: contact,
      every,
      choice: { ...choice, site: siteId },
      createdBy: authOf(request).userId,
      now: clock.now(),
    });
    return reply.code(201).send(presentScheduledReport(row));
  });

  route(app, exportEndpoints.deleteScheduledReport, async (request, reply) => {
    const { id: siteId, reportId } = request.params;
    await requireKnownSite(db, request, siteId, 'edit');
    // A site has a few schedules: its list is the read of one that there is.
    const report = (await listScheduledReports(db, siteId)).find((row) => row.id === reportId);
    if (!report) throw notFound('Scheduled report');
    noteBefore(request, presentScheduledReport(report));
    const deleted = await deleteScheduledReport(db, siteId, reportId);
    if (!deleted) throw notFound('Scheduled report');
    return reply.code(204).send(null);
  });
}
