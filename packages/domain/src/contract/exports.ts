/**
 * Exports (§3 Request action export): ask for a report, follow its progress, download its file,
 * list one's own exports. The worker makes the file; see docs/api.md.
 */
import { z } from 'zod';
import { idParamSchema, idParamsSchema } from '../entities/params.ts';
import {
  exportCreateBodySchema,
  exportListQuerySchema,
  exportListSchema,
  reportExportSchema,
  scheduledReportCreateBodySchema,
  scheduledReportListSchema,
  scheduledReportSchema,
} from '../reports/exports.ts';
import { defineEndpoint } from './endpoint.ts';

export const exportEndpoints = {
  createExport: defineEndpoint({
    method: 'POST',
    path: '/exports',
    tag: 'exports',
    summary: 'Ask for a report file; the worker makes it (new → inProgress → done or failed)',
    description:
      'A report of the whole site needs view on the site itself; one narrowed to an area needs ' +
      'view on that area (a frost report names its area), so a user given only some areas ' +
      'reports on those (403 otherwise). A generic report narrowed to an area holds series of ' +
      'that area’s things only (400 at series.N). An audit export (report audit: the site’s audit ' +
      'log over the range, oldest first, with the filters of GET sites/{id}/audit) needs the ' +
      'admin role on the site, or support staff (403 otherwise), and is csv or xlsx (400 at ' +
      'format). Answers 202 with the request. With the requestId of an earlier ' +
      'export of this user, answers 200 with that request and makes nothing: a retried call ' +
      'never makes two copies. Poll exports/{id}; download exports/{id}/file once done.',
    body: exportCreateBodySchema,
    responses: { 200: reportExportSchema, 202: reportExportSchema },
  }),
  listExports: defineEndpoint({
    method: 'GET',
    path: '/exports',
    tag: 'exports',
    summary: "The user's exports, newest first, 6 a page",
    query: exportListQuerySchema,
    responses: { 200: exportListSchema },
  }),
  getExport: defineEndpoint({
    method: 'GET',
    path: '/exports/:id',
    tag: 'exports',
    summary: 'One export request and its progress',
    params: idParamSchema,
    responses: { 200: reportExportSchema },
  }),
  downloadExport: defineEndpoint({
    method: 'GET',
    path: '/exports/:id/file',
    tag: 'exports',
    summary: "The export's file (pdf, xlsx or csv) as an attachment",
    description:
      'Any user who may view what the export reports on (its site, or its area for an ' +
      'area’s report; for an audit export, the admin role on the site or support staff) may ' +
      'download it while it is kept; 404 before it is done, 410 once it expired. Each download ' +
      'is a row of the site’s audit log, naming the caller and the export.',
    params: idParamSchema,
    responses: { 200: z.string().describe('The file, binary') },
  }),
  listScheduledReports: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/scheduled-reports',
    tag: 'exports',
    summary: "The site's scheduled reports (view on the site)",
    params: idParamSchema,
    responses: { 200: scheduledReportListSchema },
  }),
  createScheduledReport: defineEndpoint({
    method: 'POST',
    path: '/sites/:id/scheduled-reports',
    tag: 'exports',
    summary: 'Send a report to a contact of the site by email, weekly or monthly',
    description:
      'Needs manage on the site. The contact must be of the site with an active email ' +
      'notification. Each period (a week from Monday, or a month, in the site’s timezone) is ' +
      'sent once, after it ended, as an attachment.',
    params: idParamSchema,
    body: scheduledReportCreateBodySchema,
    responses: { 201: scheduledReportSchema },
  }),
  deleteScheduledReport: defineEndpoint({
    method: 'DELETE',
    path: '/sites/:id/scheduled-reports/:reportId',
    tag: 'exports',
    summary: 'Stop a scheduled report (manage on the site)',
    params: idParamsSchema('id', 'reportId'),
    responses: { 204: z.null().describe('Deleted') },
  }),
};
