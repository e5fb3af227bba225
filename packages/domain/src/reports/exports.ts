/**
 * Export requests (§3 Request action `export`; issues 15 and 17): a report of one site asked for,
 * made by the worker (new → inProgress → done or failed), its file kept for a stated time and
 * downloadable by users who may view what it reports on (its site, or its area).
 *
 * A report is one of the §3 report types, scoped to a site and optionally an area and some of its
 * things, over a range read in the site's timezone:
 * - irrigationReport: per zone (section) per day; `things` picks zones (section ids).
 * - waterReport: per meter per day and each tank's lowest and highest level; `things` picks
 *   meters and tanks (sensor ids).
 * - frostReport: a frost area's compliance or fueling record, its events, or one night of its
 *   explorer; `area` is required and `things` picks fans (sensor ids).
 * - generic: chosen series (thing and metric) over the range, raw readings or hourly or daily
 *   rollups.
 * - audit: the site's audit log (issue 33) over the range, oldest first, with the list's filters;
 *   csv or xlsx, for site admins and support staff only (as GET sites/{id}/audit).
 */
import { z } from 'zod';
import { METRIC_MAX_LENGTH } from '../constants/limits.ts';
import { actionRequestSchema } from '../entities/request.ts';
import {
  exportFormatSchema,
  frostReportKindSchema,
  reportTypeSchema,
  type FrostReportKind,
} from '../entities/vocabulary.ts';
import {
  idSchema,
  isoDateTimeSchema,
  nonEmptyTextSchema,
  nullableIsoDateTimeSchema,
  requestIdSchema,
} from '../entities/primitives.ts';
import { seriesThingTypeSchema } from '../telemetry/series.ts';

/**
 * The frost report kinds (§3) made as files: every kind, the compliance and fueling records, the
 * area's events, and one night of the frost explorer (which also has the chart's own exports on
 * screen).
 */
export const frostReportFileKindSchema = frostReportKindSchema;
export type FrostReportFileKind = FrostReportKind;

/** Decision: a finished export's file is kept this long, then deleted (the request stays, expired). */
export const EXPORT_KEEP_HOURS = 72;
/** Decision: the longest range one report covers (a season and a bit). */
export const EXPORT_MAX_RANGE_DAYS = 400;
/** Decision: a generic export of chosen series may cover three years and a bit (a consent term). */
export const GENERIC_MAX_RANGE_DAYS = 1100;
/** Decision: an audit export may cover three years and a bit, as a generic export may. */
const AUDIT_MAX_RANGE_DAYS = GENERIC_MAX_RANGE_DAYS;
/** Decision: the most series one generic export holds. */
export const GENERIC_MAX_SERIES = 50;
/** Decision: the most things one report is narrowed to (more is the whole site or area). */
export const REPORT_MAX_THINGS = 200;
/** §9: export records per page. */
export const EXPORTS_PER_PAGE = 6;

/** How a generic export gives its series: every reading, or hourly or daily rollups. */
export const genericResolutionSchema = z.enum(['raw', 'hour', 'day']);
export type GenericResolution = z.infer<typeof genericResolutionSchema>;

/** One series of a generic export: a thing's metric (as in the charts' series endpoints). */
export const reportSeriesSchema = z.strictObject({
  thing: z.strictObject({ type: seriesThingTypeSchema, id: idSchema }),
  metric: nonEmptyTextSchema(METRIC_MAX_LENGTH),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

const thingsSchema = z
  .array(idSchema)
  .max(REPORT_MAX_THINGS)
  .describe('Narrows the report to these things; absent or empty is every thing in scope');

/** What is reported on, without the range: the part a scheduled report keeps. */
const choiceFields = {
  format: exportFormatSchema,
  /** The site reported on. */
  site: idSchema,
  /** Narrows to one area of the site. */
  area: idSchema.optional(),
  things: thingsSchema.optional(),
};

/** The report variants, each extended with `extra` fields (the range, or a schedule). */
function reportVariants<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.discriminatedUnion('report', [
    z.strictObject({
      report: z.literal('irrigationReport'),
      ...choiceFields,
      ...extra,
    }),
    z.strictObject({
      report: z.literal('waterReport'),
      ...choiceFields,
      ...extra,
    }),
    z.strictObject({
      report: z.literal('frostReport'),
      kind: frostReportFileKindSchema,
      ...choiceFields,
      // Frost reports are of one frost area; the site is its site (older callers send no site).
      site: idSchema.optional(),
      area: idSchema,
      ...extra,
    }),
    z.strictObject({
      report: z.literal('generic'),
      ...choiceFields,
      series: z.array(reportSeriesSchema).min(1).max(GENERIC_MAX_SERIES),
      resolution: genericResolutionSchema.default('raw'),
      ...extra,
    }),
  ]);
}

/**
 * The filters of an audit export, as GET sites/{id}/audit takes them: rows by a person (as actor or
 * acted as), about objects of a kind, about one object, of one operation.
 */
export const auditExportFilterSchema = z.strictObject({
  actor: idSchema.optional().describe('Rows by this user (as actor or acted as)'),
  kind: z.string().min(1).max(40).optional().describe('Rows about objects of this kind'),
  target: idSchema.optional().describe('Rows about the object with this id'),
  operation: z
    .string()
    .min(1)
    .max(120)
    .optional()
    .describe("Rows of this operation, as rows name it: 'PUT /sections/:id/flow'"),
});
export type AuditExportFilter = z.infer<typeof auditExportFilterSchema>;

/**
 * An audit export's choice: the site's log as csv or xlsx (a pdf of JSON columns reads badly, so
 * none is made: 400 at format). Not a scheduled report's choice: the log leaves the product only
 * when an admin asks for it.
 */
const auditVariant = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.strictObject({
    report: z.literal('audit'),
    format: z.enum(['csv', 'xlsx']),
    site: idSchema,
    ...auditExportFilterSchema.shape,
    ...extra,
  });

/** What a report is of, without its range: a scheduled report's choice. */
export const reportChoiceSchema = reportVariants({});
export type ReportChoice = z.infer<typeof reportChoiceSchema>;

/** The longest range a report of this type covers, in days. */
export function maxRangeDays(report: z.infer<typeof reportTypeSchema>): number {
  if (report === 'audit') return AUDIT_MAX_RANGE_DAYS;
  return report === 'generic' ? GENERIC_MAX_RANGE_DAYS : EXPORT_MAX_RANGE_DAYS;
}

const rangeFields = {
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  /** An earlier export request of this user: answers it instead of making another copy. */
  requestId: requestIdSchema.optional(),
};

/** POST exports body. */
export const exportCreateBodySchema = z
  .discriminatedUnion('report', [...reportVariants(rangeFields).options, auditVariant(rangeFields)])
  .superRefine((body, ctx) => {
    const span = Date.parse(body.to) - Date.parse(body.from);
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', message: 'The range must end after it starts', path: ['to'] });
    } else if (span > maxRangeDays(body.report) * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        message: `A report covers at most ${maxRangeDays(body.report)} days`,
        path: ['to'],
      });
    }
  });
export type ExportCreateBody = z.input<typeof exportCreateBodySchema>;
export type ExportRequestBody = z.output<typeof exportCreateBodySchema>;

/** An export request and its progress. */
export const reportExportSchema = actionRequestSchema.extend({
  site: idSchema,
  /** The area it is narrowed to; null for a whole-site report. */
  area: idSchema.nullable(),
  report: reportTypeSchema,
  /** The frost report's kind; null for the other report types. */
  kind: frostReportFileKindSchema.nullable(),
  format: exportFormatSchema,
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  /** The things it is narrowed to; empty is every thing in scope. */
  things: z.array(idSchema),
  /** A generic export's series; null for the other report types. */
  series: z.array(reportSeriesSchema).nullable(),
  /** A generic export's resolution; null for the other report types. */
  resolution: genericResolutionSchema.nullable(),
  /** An audit export's filters (none given is an empty object); absent for the other types. */
  audit: auditExportFilterSchema.optional(),
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

/** How often a scheduled report is sent: each covers the last whole week or month. */
export const reportEverySchema = z.enum(['week', 'month']);
export type ReportEvery = z.infer<typeof reportEverySchema>;

/**
 * POST sites/{id}/scheduled-reports body: a contact of the site receives the report by email
 * each week (Monday to Monday in the site's timezone) or month, as an attachment.
 */
export const scheduledReportCreateBodySchema = reportVariants({
  /** The site is the path's; when given it must be that site. */
  site: idSchema.optional(),
  /** A contact of the same site with an active email notification. */
  contact: idSchema,
  every: reportEverySchema,
});
export type ScheduledReportCreateBody = z.input<typeof scheduledReportCreateBodySchema>;

export const scheduledReportSchema = z.object({
  id: idSchema,
  site: idSchema,
  contact: idSchema,
  every: reportEverySchema,
  /** What is sent (the site is the schedule's site). */
  choice: reportChoiceSchema,
  /** The last period sent, by its start in the site's timezone (2026-11-16, 2026-11); null before the first. */
  lastPeriod: z.string().nullable(),
  lastSent: nullableIsoDateTimeSchema,
  /** Why the last attempt failed, if it did. */
  error: z.string().nullable(),
  created: isoDateTimeSchema,
});
export type ScheduledReport = z.infer<typeof scheduledReportSchema>;
export const scheduledReportListSchema = z.array(scheduledReportSchema);
