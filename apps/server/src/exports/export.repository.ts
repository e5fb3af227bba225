/** SQL of report exports: the request row and its export row, progress, the file, expiry. */
import type { ReportExport } from '@paddock/domain';
import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database.ts';
import { reportExports, requests } from '../db/schema.ts';

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
    kind: e.kind as ReportExport['kind'],
    format: e.format as ReportExport['format'],
    from: new Date(e.rangeFrom).toISOString(),
    to: new Date(e.rangeTo).toISOString(),
    progress: e.progress,
    fileName: e.fileName,
    size: e.size,
    expires: iso(e.expiresAt),
    error: e.error,
  };
}

export async function createExport(
  db: Database,
  input: {
    siteId: number;
    areaId: number;
    userId: number;
    report: string;
    kind: string;
    format: string;
    from: Date;
    to: Date;
    now: Date;
  },
): Promise<ExportRow> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(requests)
      .values({
        action: 'export',
        type: 'area',
        targetId: input.areaId,
        siteId: input.siteId,
        status: 'new',
        payload: { report: input.report, kind: input.kind, format: input.format },
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

export async function readExportFile(db: Queryable, requestId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ file: reportExports.file })
    .from(reportExports)
    .where(eq(reportExports.requestId, requestId));
  return row?.file ?? null;
}

export async function setExportProgress(db: Queryable, requestId: number, progress: number) {
  await db
    .update(reportExports)
    .set({ progress })
    .where(and(eq(reportExports.requestId, requestId), sql`${reportExports.file} is null`));
}

/**
 * Stores the file and marks the request done, once: a second worker that made the same file
 * (a retried job) finds the request done already and stores nothing.
 */
export async function finishExport(
  db: Database,
  requestId: number,
  file: { bytes: Buffer; name: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(requests)
      .set({ status: 'done', updatedAt: now })
      .where(and(eq(requests.id, requestId), inArray(requests.status, ['pending', 'inProgress'])))
      .returning({ id: requests.id });
    if (!request) return false;
    await tx
      .update(reportExports)
      .set({
        file: file.bytes,
        fileName: file.name,
        size: file.bytes.length,
        expiresAt: file.expiresAt,
        progress: 100,
      })
      .where(eq(reportExports.requestId, requestId));
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
    .where(and(isNotNull(reportExports.file), lt(reportExports.expiresAt, now)))
    .returning({ id: reportExports.requestId });
  return rows.length;
}
