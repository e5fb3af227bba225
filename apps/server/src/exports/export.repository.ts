/**
 * SQL of report exports: the request row and its export row, progress, the file (in chunks, or
 * whole for issue 15's exports), expiry.
 */
import {
  auditExportFilterSchema,
  frostReportFileKindSchema,
  type AuditExportFilter,
  type ExportRequestBody,
  type GenericResolution,
  type ReportExport,
  type ReportSeries,
} from '@paddock/domain';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database.ts';
import { reportExportChunks, reportExports, requests } from '../db/schema.ts';
import { recordProductAction } from '../audit/product-action.ts';
import { publishSiteEvent } from '../webhooks/publish.ts';

export type ExportRow = {
  request: typeof requests.$inferSelect;
  export: Omit<typeof reportExports.$inferSelect, 'file'>;
};

const exportColumns = {
  requestId: reportExports.requestId,
  siteId: reportExports.siteId,
  areaId: reportExports.areaId,
  userId: reportExports.userId,
  report: reportExports.report,
  kind: reportExports.kind,
  format: reportExports.format,
  rangeFrom: reportExports.rangeFrom,
  rangeTo: reportExports.rangeTo,
  things: reportExports.things,
  series: reportExports.series,
  resolution: reportExports.resolution,
  progress: reportExports.progress,
  fileName: reportExports.fileName,
  size: reportExports.size,
  expiresAt: reportExports.expiresAt,
  error: reportExports.error,
};

export function presentExport(row: ExportRow): ReportExport {
  const { request, export: e } = row;
  const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
  return {
    id: request.id,
    action: request.action,
    type: request.type,
    status: request.status,
    target: request.targetId,
    created: new Date(request.createdAt).toISOString(),
    updated: iso(request.updatedAt),
    site: e.siteId,
    area: e.areaId,
    report: e.report as ReportExport['report'],
    kind: e.kind === null ? null : frostReportFileKindSchema.parse(e.kind),
    format: e.format as ReportExport['format'],
    from: new Date(e.rangeFrom).toISOString(),
    to: new Date(e.rangeTo).toISOString(),
    things: e.things,
    series: e.series,
    resolution: e.resolution,
    ...(e.report === 'audit' ? { audit: auditFilterOf(request.payload) } : {}),
    progress: e.progress,
    fileName: e.fileName,
    size: e.size,
    expires: iso(e.expiresAt),
    error: e.error,
  };
}

/**
 * An audit export's filters, kept in its request's payload (`audit`) rather than a column of their
 * own: only that report has them. A payload that does not read as filters is none.
 */
function auditFilterOf(payload: Record<string, unknown>): AuditExportFilter {
  const read = auditExportFilterSchema.safeParse(payload.audit ?? {});
  return read.success ? read.data : {};
}

/** What an export asks for, as the worker reads it back (the site checked, frost's area found). */
export type ExportAsk = {
  siteId: number;
  areaId: number | null;
  report: ExportRequestBody['report'];
  kind: string | null;
  format: string;
  things: number[];
  series: ReportSeries[] | null;
  resolution: GenericResolution | null;
  /** An audit export's filters; absent or null for the other report types. */
  audit?: AuditExportFilter | null;
  from: Date;
  to: Date;
};

/** What the export row asks for. */
export function askOfRow(row: ExportRow): ExportAsk {
  const e = row.export;
  return {
    siteId: e.siteId,
    areaId: e.areaId,
    report: e.report as ExportAsk['report'],
    kind: e.kind,
    format: e.format,
    things: e.things,
    series: e.series,
    resolution: e.resolution,
    audit: e.report === 'audit' ? auditFilterOf(row.request.payload) : null,
    from: new Date(e.rangeFrom),
    to: new Date(e.rangeTo),
  };
}

export async function createExport(
  db: Database,
  input: ExportAsk & { userId: number; now: Date },
): Promise<ExportRow> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(requests)
      .values({
        action: 'export',
        // An area's report is the area's request (issue 15's frost reports); a site's, the site's.
        type: input.areaId === null ? 'site' : 'area',
        targetId: input.areaId ?? input.siteId,
        siteId: input.siteId,
        status: 'new',
        payload: {
          report: input.report,
          kind: input.kind,
          format: input.format,
          ...(input.audit ? { audit: input.audit } : {}),
        },
        requestedBy: input.userId,
        createdAt: input.now,
      })
      .returning();
    if (!request) throw new Error('export request not recorded');
    const [row] = await tx
      .insert(reportExports)
      .values({
        requestId: request.id,
        siteId: input.siteId,
        areaId: input.areaId,
        userId: input.userId,
        report: input.report,
        kind: input.kind,
        format: input.format,
        things: input.things,
        series: input.series,
        resolution: input.resolution,
        rangeFrom: input.from,
        rangeTo: input.to,
      })
      .returning(exportColumns);
    if (!row) throw new Error('export not recorded');
    return { request, export: row };
  });
}

export async function findExport(db: Queryable, requestId: number): Promise<ExportRow | null> {
  const [row] = await db
    .select({ request: requests, export: exportColumns })
    .from(reportExports)
    .innerJoin(requests, eq(requests.id, reportExports.requestId))
    .where(eq(reportExports.requestId, requestId));
  return row ?? null;
}

export async function listUserExports(
  db: Queryable,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: ExportRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: requests, export: exportColumns })
      .from(reportExports)
      .innerJoin(requests, eq(requests.id, reportExports.requestId))
      .where(eq(reportExports.userId, userId))
      .orderBy(desc(reportExports.requestId))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(reportExports).where(eq(reportExports.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the export has a file to serve: issue 15's whole file, or chunks. */
export async function hasExportFile(db: Queryable, requestId: number): Promise<boolean> {
  const [row] = await db
    .select({ whole: sql<boolean>`${reportExports.file} is not null` })
    .from(reportExports)
    .where(eq(reportExports.requestId, requestId));
  if (row?.whole) return true;
  const [chunk] = await db
    .select({ seq: reportExportChunks.seq })
    .from(reportExportChunks)
    .where(eq(reportExportChunks.requestId, requestId))
    .limit(1);
  return chunk !== undefined;
}

/**
 * The export's file piece by piece, in order: one chunk (about a megabyte) read at a time, so a
 * large file is served with bounded memory.
 */
export async function* readExportFile(db: Queryable, requestId: number): AsyncGenerator<Buffer> {
  const [whole] = await db
    .select({ file: reportExports.file })
    .from(reportExports)
    .where(eq(reportExports.requestId, requestId));
  if (whole?.file) {
    yield whole.file;
    return;
  }
  let seq = -1;
  for (;;) {
    const [chunk] = await db
      .select({ seq: reportExportChunks.seq, bytes: reportExportChunks.bytes })
      .from(reportExportChunks)
      .where(and(eq(reportExportChunks.requestId, requestId), gt(reportExportChunks.seq, seq)))
      .orderBy(asc(reportExportChunks.seq))
      .limit(1);
    if (!chunk) return;
    seq = chunk.seq;
    yield chunk.bytes;
  }
}

/** Forgets the chunks an earlier, unfinished attempt wrote: a retried job writes them again. */
export async function clearExportChunks(db: Queryable, requestId: number) {
  await db.delete(reportExportChunks).where(eq(reportExportChunks.requestId, requestId));
}

/** Stores one chunk of the file being made. */
export async function insertExportChunk(
  db: Queryable,
  chunk: { requestId: number; seq: number; bytes: Buffer },
) {
  await db.insert(reportExportChunks).values(chunk);
}

/** The progress shown while the file is made. */
export async function setExportProgress(db: Queryable, requestId: number, progress: number) {
  await db
    .update(reportExports)
    .set({ progress })
    .where(and(eq(reportExports.requestId, requestId), sql`${reportExports.file} is null`));
}

/**
 * Marks the request done with its file (written in chunks before), once, and tells the site's
 * webhooks the report is ready: a second worker that made the same file (a retried job) finds the
 * request done already and changes nothing.
 */
export async function finishExport(
  db: Database,
  requestId: number,
  file: { size: number; name: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(requests)
      .set({ status: 'done', updatedAt: now })
      .where(and(eq(requests.id, requestId), inArray(requests.status, ['pending', 'inProgress'])))
      .returning({ id: requests.id });
    if (!request) return false;
    const [made] = await tx
      .update(reportExports)
      .set({
        fileName: file.name,
        size: file.size,
        expiresAt: file.expiresAt,
        progress: 100,
      })
      .where(eq(reportExports.requestId, requestId))
      .returning({
        siteId: reportExports.siteId,
        areaId: reportExports.areaId,
        report: reportExports.report,
        format: reportExports.format,
      });
    if (made) {
      await publishSiteEvent(tx, 'report.ready', {
        site: made.siteId,
        area: made.areaId,
        at: now,
        message: `Report ready: ${file.name}`,
        export: {
          id: requestId,
          report: made.report,
          format: made.format,
          fileName: file.name,
          expiresAt: file.expiresAt.toISOString(),
        },
      });
      await recordProductAction(tx, {
        operation: 'report.ready',
        at: now,
        siteId: made.siteId,
        areaId: made.areaId,
        kind: 'export',
        targetId: requestId,
        object: file.name,
      });
    }
    return true;
  });
}

export async function failExport(db: Database, requestId: number, error: string, now: Date) {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .update(requests)
      .set({ status: 'failed', updatedAt: now })
      .where(
        and(eq(requests.id, requestId), inArray(requests.status, ['new', 'pending', 'inProgress'])),
      )
      .returning({ id: requests.id });
    if (request) {
      await tx.update(reportExports).set({ error }).where(eq(reportExports.requestId, requestId));
    }
  });
}

/** Exports claimed or started before `before` and not finished: their job may be lost. */
export async function unfinishedExports(db: Queryable, before: Date): Promise<number[]> {
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .innerJoin(reportExports, eq(reportExports.requestId, requests.id))
    .where(
      and(
        eq(requests.action, 'export'),
        inArray(requests.status, ['pending', 'inProgress']),
        lt(sql`coalesce(${requests.updatedAt}, ${requests.createdAt})`, before),
      ),
    );
  return rows.map((row) => row.id);
}

/** Deletes the files kept past their time; the requests stay, without a file. */
export async function deleteExpiredFiles(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .update(reportExports)
    .set({ file: null, fileName: null })
    .where(
      and(
        or(isNotNull(reportExports.file), isNotNull(reportExports.fileName)),
        lt(reportExports.expiresAt, now),
      ),
    )
    .returning({ id: reportExports.requestId });
  if (rows.length > 0) {
    await db.delete(reportExportChunks).where(
      inArray(
        reportExportChunks.requestId,
        rows.map((row) => row.id),
      ),
    );
  }
  return rows.length;
}
