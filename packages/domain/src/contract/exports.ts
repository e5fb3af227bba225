/**
 * Exports (§3 Request action export): ask for a report, follow its progress, download its file,
 * list one's own exports. The worker makes the file; see docs/api.md.
 */
import { z } from 'zod';
import { idParamSchema } from '../entities/params.ts';
import {
  exportCreateBodySchema,
  exportListQuerySchema,
  exportListSchema,
  reportExportSchema,
} from '../frost/exports.ts';
import { defineEndpoint } from './endpoint.ts';

export const exportEndpoints = {
  createExport: defineEndpoint({
    method: 'POST',
    path: '/exports',
    tag: 'exports',
    summary: 'Ask for a report file; the worker makes it (new → inProgress → done or failed)',
    description:
      'Needs view on the area. Answers 202 with the request. With the requestId of an earlier ' +
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
      'Any user who may view the export’s site may download it while it is kept; 404 before ' +
      'it is done, 410 once it expired.',
    params: idParamSchema,
    responses: { 200: z.string().describe('The file, binary') },
  }),
};
