/**
 * Export requests (§3 Request action `export`; issue 15's frost reports, the start of issue 17's
 * export pipeline): a report asked for, made by the worker (new → inProgress → done or failed),
 * its file kept for a stated time and downloadable by users who may view its site.
 */
import { z } from 'zod';
import { actionRequestSchema } from '../entities/request.ts';
import {
  exportFormatSchema,
  frostReportKindSchema,
  reportTypeSchema,
} from '../entities/vocabulary.ts';
import {
  idSchema,
  isoDateTimeSchema,
  nullableIsoDateTimeSchema,
  requestIdSchema,
} from '../entities/primitives.ts';

/** The frost report kinds (§3) made as files so far; events and frostExplorer have chart exports. */
export const frostReportFileKindSchema = frostReportKindSchema.extract([
  'frostCompliance',
  'fuelingReport',
]);
export type FrostReportFileKind = z.infer<typeof frostReportFileKindSchema>;

/** Decision: a finished export's file is kept this long, then deleted (the request stays, expired). */
export const EXPORT_KEEP_HOURS = 72;
/** Decision: the longest range one report covers (a season and a bit). */
export const EXPORT_MAX_RANGE_DAYS = 400;
/** §9: export records per page. */
export const EXPORTS_PER_PAGE = 6;

/** POST exports body. */
export const exportCreateBodySchema = z
  .strictObject({
    report: z.literal('frostReport'),
    kind: frostReportFileKindSchema,
    format: exportFormatSchema,
    /** The frost area reported on. */
    area: idSchema,
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
    /** An earlier export request of this user: answers it instead of making another copy. */
    requestId: requestIdSchema.optional(),
  })
  .refine((body) => Date.parse(body.from) < Date.parse(body.to), {
    message: 'The range must end after it starts',
    path: ['to'],
  })
  .refine(
    (body) => Date.parse(body.to) - Date.parse(body.from) <= EXPORT_MAX_RANGE_DAYS * 86_400_000,
    { message: `A report covers at most ${EXPORT_MAX_RANGE_DAYS} days`, path: ['to'] },
  );
export type ExportCreateBody = z.infer<typeof exportCreateBodySchema>;

/** An export request and its progress. */
export const reportExportSchema = actionRequestSchema.extend({
  site: idSchema,
  area: idSchema,
  report: reportTypeSchema,
  kind: frostReportFileKindSchema,
  format: exportFormatSchema,
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  /** 0–100 while it is made. */
  progress: z.number().int().min(0).max(100),
  /** The file's name once done; null before and after it expired. */
  fileName: z.string().nullable(),
  /** Size in bytes once done. */
  size: z.number().int().nonnegative().nullable(),
  /** When the file is deleted; null until done. */
  expires: nullableIsoDateTimeSchema,
  /** Why it failed, for the user. */
  error: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

/** GET exports?page=: the user's exports, newest first, 6 a page (§9). */
export const exportListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const exportListSchema = z.object({
  items: z.array(reportExportSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ExportList = z.infer<typeof exportListSchema>;
