/**
 * The audit log as a file (issue 33): POST exports with report audit, made by the export worker as
 * csv and xlsx, each read back with a reader of its own (fast-csv, exceljs) and compared with the
 * rows GET sites/{id}/audit lists for the same range and filters, oldest first; who may ask for it
 * and download it (the site's admins and support staff); and every download on the record: one
 * row naming the caller and the export, none for a refused or failed download. On PGlite, or
 * PostgreSQL with DATABASE_URL.
 */
import type { AuditPage, AuditRow, ExportCreateBody, ReportExport } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, type AuditEntry } from '../../src/audit/audit.repository.ts';
import { queryRows } from '../../src/db/client.ts';
import { auditRowsAfter, lastAuditId } from '../helpers/audit-trail.ts';
import { csvRecords } from '../helpers/csv-records.ts';
import { startExportWorker } from '../helpers/export-worker.ts';
import { waitFor } from '../helpers/field.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let worker: { close(): Promise<void> } | undefined;

/** 10 November 2026, 00:00–24:00 UTC: 13:00 on the 10th to 13:00 on the 11th in Auckland (+13:00). */
const RANGE = { from: '2026-11-10T00:00:00.000Z', to: '2026-11-11T00:00:00.000Z' };
const HEADER = [
  'Time (ISO 8601, Pacific/Auckland)',
  'Person',
  'Acting as',
  'Address',
  'Operation',
  'Object kind',
  'Object id',
  'Text',
  'Before (JSON)',
  'After (JSON)',
  'Seq',
  'Hash',
];

const entry = (iso: string, fields: Partial<AuditEntry>): AuditEntry => ({
  time: new Date(iso),
  siteId: t.farm.sites.a.id,
  actorId: t.farm.users.admin.id,
  actingAsId: null,
  address: '192.0.2.7',
  areaId: null,
  kind: null,
  targetId: null,
  operation: 'PUT /sections/:id',
  before: null,
  after: null,
  text: 'Edited a zone',
  ...fields,
});

beforeAll(async () => {
  t = await buildTestApp();
  worker = await startExportWorker(t);
  const { users, sections, areas, sites } = t.farm;
  // Appended in this order (the chain's seq), not in time order: the file is oldest first by time.
  for (const row of [
    entry('2026-11-10T10:00:00.250Z', {
      kind: 'section',
      targetId: sections.zone1.id,
      text: 'Edited "Zone 1", its flow\nand its name',
      before: { flow: 1.5, name: 'Zone 1' },
      after: { flow: 0.5, note: 'a, "quoted" text' },
    }),
    entry('2026-11-10T09:00:00.000Z', {
      actorId: users.manager.id,
      kind: 'area',
      targetId: areas.irrigation.id,
      areaId: areas.irrigation.id,
      operation: 'POST /areas/:id/notes',
      text: '=HYPERLINK("http://example.test","click")',
      after: { text: '-1 is no formula in JSON' },
    }),
    entry('2026-11-10T11:30:00.000Z', {
      actorId: users.staff.id,
      actingAsId: users.manager.id,
      kind: 'section',
      targetId: sections.zone2.id,
      address: null,
    }),
    entry('2026-11-10T23:59:59.999Z', { actorId: null, operation: 'POST /sites/:id/anchor' }),
    // Outside the range (its end is not in it), and another site's row inside it.
    entry('2026-11-11T00:00:00.000Z', {}),
    entry('2026-11-09T23:59:59.999Z', {}),
    entry('2026-11-10T12:00:00.000Z', { siteId: sites.b.id }),
  ]) {
    await appendAudit(t.db, row);
  }
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await t?.close();
});

type AuditBody = Extract<ExportCreateBody, { report: 'audit' }>;
const body = (format: 'csv' | 'xlsx', filters: Partial<AuditBody> = {}): ExportCreateBody => ({
  report: 'audit',
  format,
  site: t.farm.sites.a.id,
  ...RANGE,
  ...filters,
});

/** Asks for the export as `userId`, waits until the worker made it; the request as done. */
async function madeExport(payload: ExportCreateBody, userId = t.farm.users.admin.id) {
  const created = await t.as(userId, { method: 'POST', url: '/api/exports', payload });
  expect(created.statusCode, created.body).toBe(202);
  const request = created.json<ReportExport>();
  let done: ReportExport | null = null;
  await waitFor(`the audit ${payload.format} export`, async () => {
    const response = await t.as(userId, { method: 'GET', url: `/api/exports/${request.id}` });
    const current = response.json<ReportExport>();
    if (current.status === 'failed') throw new Error(`export failed: ${current.error}`);
    done = current.status === 'done' ? current : null;
    return done !== null;
  });
  return done as unknown as ReportExport;
}

async function download(id: number, userId = t.farm.users.admin.id) {
  const file = await t.as(userId, { method: 'GET', url: `/api/exports/${id}/file` });
  expect(file.statusCode, file.body).toBe(200);
  return file;
}

/** The rows the list shows for the range and filters, oldest first (the list is newest first). */
async function listed(filters: Record<string, string | number> = {}): Promise<AuditRow[]> {
  const query = new URLSearchParams({ ...RANGE, limit: '500' });
  for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
  const response = await t.as(t.farm.users.admin.id, {
    method: 'GET',
    url: `/api/sites/${t.farm.sites.a.id}/audit?${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>().rows.reverse();
}

/** Seq and hash of the stored rows, which the list does not show, by row id. */
async function chainOf(ids: readonly number[]) {
  const rows = await queryRows<{ id: string; seq: number; hash: string }>(
    t.db,
    sql`select id, seq, hash from audit_trail where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** The file's rows a listed row should be: every cell as text, as the csv has it. */
async function expectedCells(rows: readonly AuditRow[]): Promise<string[][]> {
  const chain = await chainOf(rows.map((row) => row.id));
  return rows.map((row) => {
    const stored = chain.get(row.id);
    return [
      // The time is compared apart (its offset and instant); here only its place.
      '',
      row.actor?.name ?? '',
      row.actingAs?.name ?? '',
      row.address ?? '',
      row.operation,
      row.kind ?? '',
      row.target === null ? '' : String(row.target),
      /^[=+\-@]/.test(row.text) ? `'${row.text}` : row.text,
      row.before === null ? '' : JSON.stringify(row.before),
      row.after === null ? '' : JSON.stringify(row.after),
      String(stored?.seq),
      String(stored?.hash),
    ];
  });
}

/** Each time cell: ISO 8601 with Auckland's November offset, the row's instant to the millisecond. */
function expectTimes(cells: readonly string[], rows: readonly AuditRow[]) {
  expect(cells).toHaveLength(rows.length);
  cells.forEach((cell, i) => {
    expect(cell).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+13:00$/);
    expect(Date.parse(cell)).toBe(Date.parse(rows[i]?.time ?? ''));
  });
}

describe('the audit export as csv', () => {
  it('holds the range’s rows of the site, oldest first, each as the list shows it', async () => {
    const made = await madeExport(body('csv'));
    expect(made).toMatchObject({ report: 'audit', format: 'csv', audit: {}, progress: 100 });
    expect(made.fileName).toMatch(/^audit-.+-2026-11-10-2026-11-11\.csv$/);
    const [header, ...rows] = await csvRecords((await download(made.id)).rawPayload);
    expect(header).toEqual(HEADER);

    const want = await listed();
    // The four rows of site a in the range: 09:00, 10:00.250, 11:30 and 23:59:59.999 UTC.
    expect(want.map((row) => row.time)).toEqual([
      '2026-11-10T09:00:00.000Z',
      '2026-11-10T10:00:00.250Z',
      '2026-11-10T11:30:00.000Z',
      '2026-11-10T23:59:59.999Z',
    ]);
    expectTimes(
      rows.map((row) => row[0] ?? ''),
      want,
    );
    expect(rows[1]?.[0]).toBe('2026-11-10T23:00:00.250+13:00');
    expect(rows.map((row) => ['', ...row.slice(1)])).toEqual(await expectedCells(want));
    // Switch User's row names both people; the product's own row names none.
    expect(rows[2]?.slice(1, 3)).toEqual([want[2]?.actor?.name, want[2]?.actingAs?.name]);
    expect(rows[2]?.[1]).not.toBe('');
    expect(rows[3]?.slice(1, 3)).toEqual(['', '']);
    // A typed text a spreadsheet would run is kept as text; JSON is as stored.
    expect(rows[0]?.[7]).toBe(`'=HYPERLINK("http://example.test","click")`);
    expect(JSON.parse(rows[1]?.[9] ?? '')).toEqual({ flow: 0.5, note: 'a, "quoted" text' });
  });

  it.each([
    ['actor (as actor or acted as)', () => ({ actor: t.farm.users.manager.id }), 2],
    ['object kind', () => ({ kind: 'section' }), 2],
    ['object', () => ({ kind: 'section', target: t.farm.sections.zone2.id }), 1],
    ['operation', () => ({ operation: 'POST /areas/:id/notes' }), 1],
  ])('narrowed by %s holds the rows the list shows', async (_label, filters, count) => {
    const made = await madeExport(body('csv', filters()));
    expect(made.audit).toEqual(filters());
    const [, ...rows] = await csvRecords((await download(made.id)).rawPayload);
    const want = await listed(filters());
    expect(want).toHaveLength(count);
    expectTimes(
      rows.map((row) => row[0] ?? ''),
      want,
    );
    expect(rows.map((row) => ['', ...row.slice(1)])).toEqual(await expectedCells(want));
  });
});

describe('the audit export as xlsx', () => {
  it('has the rows on the Audit log sheet, typed, oldest first, and the filters on the first', async () => {
    const filters = { kind: 'section' };
    const made = await madeExport(body('xlsx', filters));
    expect(made.fileName).toMatch(/\.xlsx$/);
    const file = await download(made.id);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Report', 'Audit log']);
    const about = book.getWorksheet('Report');
    expect(about?.getRow(6).values).toEqual([undefined, 'Filters', 'object kind section']);

    const sheet = book.getWorksheet('Audit log');
    const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Time (Pacific/Auckland)', ...HEADER.slice(1)]);
    const want = await listed(filters);
    expect(sheet?.rowCount).toBe(want.length + 1);
    const rows = want.map((_, i) => values(i + 2));
    expectTimes(
      rows.map((row) => String(row[0])),
      want,
    );
    // Empty cells are absent in exceljs's values; numbers are numbers.
    const asText = rows.map((row) =>
      HEADER.map((_, i) => (row[i] === undefined || row[i] === null ? '' : String(row[i]))),
    );
    expect(asText.map((row) => ['', ...row.slice(1)])).toEqual(
      (await expectedCells(want)).map((row) =>
        // xlsx cells are typed text: no apostrophe is needed against formulas.
        row.map((cell, i) => (i === 7 && cell.startsWith("'") ? cell.slice(1) : cell)),
      ),
    );
    expect(typeof rows[0]?.[10]).toBe('number');
  });
});

describe('a log longer than a batch', () => {
  it('is written whole, in order, once each: rows of one instant and microseconds across batches', async () => {
    // 2,500 rows of site b stored as they are (no chain), seven to an instant, each instant a
    // second and a microsecond after the last: the file reads them 1,000 at a time.
    const { sites, users } = t.farm;
    await t.db.execute(sql`
      insert into audit_trail (site_id, seq, time, actor_id, operation, text, prev_hash, hash)
      select ${sites.b.id}, n + 1,
             timestamptz '2026-11-10 05:00:00+00' + (n / 7) * interval '1.000001 second',
             ${users.admin.id}, 'PUT /sections/:id', 'Bulk ' || n, 'x', 'h' || n
        from generate_series(1, 2500) n`);
    const siteB = { site: sites.b.id };
    const [, ...rows] = await csvRecords(
      (await download((await madeExport({ ...body('csv'), ...siteB })).id)).rawPayload,
    );
    // The bulk rows by time then seq, then the row of 12:00 (seq 1).
    const seqs = [...Array.from({ length: 2500 }, (_, i) => String(i + 2)), '1'];
    expect(rows.map((row) => row[10])).toEqual(seqs);
    expect(rows[2499]?.[7]).toBe('Bulk 2500');

    const xlsx = await download((await madeExport({ ...body('xlsx'), ...siteB })).id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Audit log');
    expect(sheet?.rowCount).toBe(2502);
    expect(sheet?.getRow(2502).getCell(11).value).toBe(1);
  });
});

describe('who may ask for it', () => {
  it('403 for a manager (no admin role on the site), and nothing is asked for', async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: '/api/exports',
      payload: body('csv'),
    });
    expect(response.statusCode).toBe(403);
    const mine = await t.as(t.farm.users.manager.id, { method: 'GET', url: '/api/exports' });
    expect(mine.json<{ items: ReportExport[] }>().items.map((item) => item.report)).not.toContain(
      'audit',
    );
  });

  it('is made for support staff, who read every site’s log', async () => {
    const made = await madeExport(body('csv'), t.farm.users.staff.id);
    const [, ...rows] = await csvRecords(
      (await download(made.id, t.farm.users.staff.id)).rawPayload,
    );
    expect(rows).toHaveLength(4);
  });

  it.each([
    ['format for a pdf', { format: 'pdf' }, 'format'],
    [
      'to for a range over three years and a bit',
      { from: '2022-01-01T00:00:00.000Z' },
      'at most 1100 days',
    ],
  ])('400 at %s', async (_label, change, said) => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: '/api/exports',
      payload: { ...body('csv'), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(said);
  });
});

describe('a download on the record', () => {
  let made: ReportExport;
  beforeAll(async () => {
    made = await madeExport(body('csv', { operation: 'PUT /sections/:id' }));
  });

  it('writes exactly one row naming the caller and the export', async () => {
    const since = await lastAuditId(t.db);
    await download(made.id);
    const rows = await auditRowsAfter(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      site_id: t.farm.sites.a.id,
      actor_id: t.farm.users.admin.id,
      acting_as_id: null,
      kind: 'export',
      target_id: made.id,
      operation: 'GET /exports/:id/file',
    });
    expect(rows[0]?.text).toMatch(/^Ada .* downloaded the export audit-.+\.csv$/);
    expect(rows[0]?.text).toContain(made.fileName ?? '?');
  });

  it('under Switch User names the staff member as actor and the user acted as', async () => {
    const since = await lastAuditId(t.db);
    const token = await t.tokenFor(t.farm.users.admin.id, t.farm.users.staff.id);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/exports/${made.id}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    const rows = await auditRowsAfter(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: t.farm.users.staff.id,
      acting_as_id: t.farm.users.admin.id,
      target_id: made.id,
    });
    expect(rows[0]?.text).toMatch(/^Sam .*\(as Ada .*\) downloaded the export /);
  });

  it('of any export, not only the audit export', async () => {
    const since = await lastAuditId(t.db);
    const irrigation = await madeExport({
      report: 'irrigationReport',
      format: 'csv',
      site: t.farm.sites.a.id,
      ...RANGE,
    });
    const afterMaking = await lastAuditId(t.db);
    await download(irrigation.id, t.farm.users.manager.id);
    const rows = await auditRowsAfter(t.db, afterMaking);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: t.farm.users.manager.id,
      target_id: irrigation.id,
      kind: 'export',
    });
    expect(afterMaking).toBeGreaterThan(since);
  });

  it('writes none when refused (403 for a manager, 404 for no export, 410 once expired) nor for a HEAD', async () => {
    const since = await lastAuditId(t.db);
    const refused = await t.as(t.farm.users.manager.id, {
      method: 'GET',
      url: `/api/exports/${made.id}/file`,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/exports/999999/file`,
    });
    expect(missing.statusCode).toBe(404);
    // A HEAD takes no file.
    const head = await t.as(t.farm.users.admin.id, {
      method: 'HEAD',
      url: `/api/exports/${made.id}/file`,
    });
    expect(head.statusCode).toBe(200);
    // Expired: the sweep clears the name and the file; the request stays.
    const expired = await madeExport(body('csv', { kind: 'area' }));
    const beforeExpiry = await lastAuditId(t.db);
    await t.db.execute(
      sql`update report_exports set file_name = null where request_id = ${expired.id}`,
    );
    const gone = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/exports/${expired.id}/file`,
    });
    expect(gone.statusCode).toBe(410);
    expect(await auditRowsAfter(t.db, beforeExpiry)).toEqual([]);
    // No download is on the record since `since` (asking for the expired export's file is).
    const operations = (await auditRowsAfter(t.db, since)).map((row) => row.operation);
    expect(operations).toContain('POST /exports');
    expect(operations).not.toContain('GET /exports/:id/file');
  });
});
