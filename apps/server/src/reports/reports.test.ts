/**
 * Reports end to end on the server (issue 17): irrigation, water and generic reports asked for
 * over the API, made by the worker as csv, xlsx and pdf, and each file read back with a reader of
 * its own (fast-csv, exceljs, pdftotext) and compared with what the database holds; who may ask
 * for and download them; and a scheduled report mailed once per period. On PGlite, or PostgreSQL
 * with DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_APPLICATION_RATE_MM_PER_HOUR,
  type ExportCreateBody,
  type ReportExport,
  type ScheduledReport,
} from '@paddock/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { sendDueReports } from '../exports/scheduled-reports.ts';
import { addSeries } from '../../test/helpers/farm.ts';
import { csvRecords } from '../../test/helpers/csv-records.ts';
import { startExportWorker } from '../../test/helpers/export-worker.ts';
import { quietLog, waitFor } from '../../test/helpers/field.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let testApp: TestApp;
let worker: { close(): Promise<void> } | undefined;

/** Local (Pacific/Auckland, +13:00 in November) days 19 and 20 November 2026. */
const RANGE = { from: '2026-11-18T11:00:00.000Z', to: '2026-11-20T11:00:00.000Z' };
const at = (iso: string) => new Date(iso);
let meterId = 0;
let tankId = 0;
let soilSeries = 0;

const seriesOf = (type: 'sensor' | 'control', id: number, metric: string) =>
  addSeries(testApp.db, testApp.farm.sites.a.id, { type, id, metric });

async function readings(seriesId: number, points: [iso: string, value: number][]) {
  await testApp.db
    .insert(t.readings)
    .values(points.map(([iso, value]) => ({ seriesId, time: at(iso), value })));
}

async function sensor(areaId: number, type: string, label: string) {
  const [row] = await testApp.db
    .insert(t.sensors)
    .values({
      siteId: testApp.farm.sites.a.id,
      areaId,
      type,
      tags: {},
      topics: [],
      label,
      serialno: `S-${label}`,
    })
    .returning();
  if (!row) throw new Error('sensor not inserted');
  return row.id;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  const { farm, db } = testApp;
  worker = await startExportWorker(testApp);
  // Zone 1 ran 06:00–07:30 on the 19th and 08:00–09:00 on the 20th; zone 2 07:00–08:00 on the 19th.
  await readings(await seriesOf('control', farm.controls.valve1.id, 'running'), [
    ['2026-11-18T17:00:00Z', 1],
    ['2026-11-18T18:30:00Z', 0],
    ['2026-11-19T19:00:00Z', 1],
    ['2026-11-19T20:00:00Z', 0],
  ]);
  await readings(await seriesOf('control', farm.controls.valve2.id, 'running'), [
    ['2026-11-18T18:00:00Z', 1],
    ['2026-11-18T19:00:00Z', 0],
  ]);
  // The mainline meter: 9 m³ while zone 1 ran alone, 18 m³ while zone 1 (½ h) and zone 2 (1 h)
  // ran (6 and 12), nothing after, then 8 m³ in zone 1's run on the 20th.
  meterId = await sensor(farm.areas.irrigation.id, 'watermeter', 'Mainline meter');
  await readings(await seriesOf('sensor', meterId, 'water.total'), [
    ['2026-11-18T17:00:00Z', 100],
    ['2026-11-18T18:00:00Z', 109],
    ['2026-11-18T19:00:00Z', 127],
    ['2026-11-18T20:00:00Z', 127],
    ['2026-11-19T19:00:00Z', 127],
    ['2026-11-19T20:00:00Z', 135],
  ]);
  await readings(await seriesOf('sensor', meterId, 'water.flow'), [
    ['2026-11-18T17:30:00Z', 9],
    ['2026-11-18T18:30:00Z', 18.5],
  ]);
  tankId = await sensor(farm.areas.water.id, 'level', 'Top tank');
  await readings(await seriesOf('sensor', tankId, 'tank.level'), [
    ['2026-11-18T12:00:00Z', 80],
    ['2026-11-18T20:00:00Z', 55],
    ['2026-11-19T02:00:00Z', 62],
  ]);
  soilSeries = await seriesOf('sensor', farm.sensors.soil.id, 'soil.moisture');
  await readings(soilSeries, [
    ['2026-11-18T12:00:00Z', 31.5],
    ['2026-11-18T12:10:00Z', 31.25],
    ['2026-11-19T12:00:00Z', 29],
  ]);
  // Zone 2's valve would not open once (faulted); a start of zone 3 was refused (skipped).
  await db.insert(t.fieldCommands).values({
    id: randomUUID(),
    siteId: farm.sites.a.id,
    serialno: farm.radios.radio1.serialno,
    action: 'open',
    payload: { controls: [farm.controls.valve2.id], durationSeconds: 600 },
    status: 'timedOut',
    sentAt: at('2026-11-18T18:00:00Z'),
    deadline: at('2026-11-18T18:05:00Z'),
  });
  await db.insert(t.requests).values({
    action: 'start',
    type: 'program',
    targetId: farm.programs.a.id,
    siteId: farm.sites.a.id,
    status: 'failed',
    payload: { zones: [farm.sections.zone3.id] },
    createdAt: at('2026-11-19T19:30:00Z'),
  });
}, 240_000);

afterAll(async () => {
  await worker?.close();
  await testApp?.close();
});

async function exportFile(
  body: ExportCreateBody,
  userId = testApp.farm.users.admin.id,
): Promise<Buffer> {
  const { as } = testApp;
  const created = await as(userId, {
    method: 'POST',
    url: '/api/exports',
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(202);
  const request = created.json<ReportExport>();
  let done: ReportExport | null = null;
  await waitFor(`the ${body.report} ${body.format} export`, async () => {
    const response = await as(userId, {
      method: 'GET',
      url: `/api/exports/${request.id}`,
    });
    const current = response.json<ReportExport>();
    if (current.status === 'failed') throw new Error(`export failed: ${current.error}`);
    done = current.status === 'done' ? current : null;
    return done !== null;
  });
  expect(done).toMatchObject({ progress: 100 });
  const file = await as(userId, {
    method: 'GET',
    url: `/api/exports/${request.id}/file`,
  });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain(`.${body.format}`);
  return file.rawPayload;
}

async function workbook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-report-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('irrigation report', () => {
  const body = (format: 'csv' | 'xlsx' | 'pdf'): ExportCreateBody => ({
    report: 'irrigationReport',
    format,
    site: testApp.farm.sites.a.id,
    area: testApp.farm.areas.irrigation.id,
    ...RANGE,
  });
  /** The depth a run of `minutes` applies, by the zone's rate in its program (or the default). */
  async function depth(sectionId: number, minutes: number) {
    const [program] = await testApp.db.select().from(t.programs);
    const zone = program?.zones.find((one) => one.id === sectionId);
    const rate = zone?.setting.applicationRate ?? DEFAULT_APPLICATION_RATE_MM_PER_HOUR;
    return Math.round((minutes / 60) * rate * 10) / 10;
  }

  it('csv: per zone per day, runs, times with offset, runtime, depth, metered water, skipped and faulted', async () => {
    const rows = await csvRecords(await exportFile(body('csv')));
    expect(rows[0]).toEqual([
      'Zone',
      'Day',
      'Runs',
      'First start',
      'Last end',
      'Runtime (min)',
      'Applied depth (mm)',
      'Water used (m³)',
      'Skipped runs',
      'Faulted runs',
    ]);
    const byKey = new Map(rows.slice(1).map((row) => [`${row[0]} ${row[1]}`, row]));
    expect(byKey.get('Zone 1 2026-11-19')).toEqual([
      'Zone 1',
      '2026-11-19',
      '1',
      '2026-11-19T06:00:00+13:00',
      '2026-11-19T07:30:00+13:00',
      '90',
      String(await depth(testApp.farm.sections.zone1.id, 90)),
      '15',
      '0',
      '0',
    ]);
    expect(byKey.get('Zone 1 2026-11-20')?.slice(2, 8)).toEqual([
      '1',
      '2026-11-20T08:00:00+13:00',
      '2026-11-20T09:00:00+13:00',
      '60',
      String(await depth(testApp.farm.sections.zone1.id, 60)),
      '8',
    ]);
    expect(byKey.get('Zone 2 2026-11-19')?.slice(5)).toEqual([
      '60',
      String(await depth(testApp.farm.sections.zone2.id, 60)),
      '12',
      '0',
      '1',
    ]);
    // Zone 3 never ran: its refused start is its only row.
    expect(byKey.get('Zone 3 2026-11-20')?.slice(2)).toEqual(['0', '', '', '0', '0', '', '1', '0']);
    expect(rows).toHaveLength(5);
  });

  it('xlsx: a sheet per zone, days as dates, numbers typed, header frozen', async () => {
    const book = await workbook(await exportFile(body('xlsx')));
    const sheet = book.getWorksheet('Zone 1');
    expect(sheet).toBeDefined();
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getRow(1).getCell(6).value).toBe('Runtime (min)');
    const first = sheet?.getRow(2);
    expect(first?.getCell(2).value).toEqual(new Date('2026-11-19T00:00:00Z'));
    // The first start as the site's wall clock reads it.
    expect(first?.getCell(4).value).toEqual(new Date('2026-11-19T06:00:00Z'));
    expect(first?.getCell(6).value).toBe(90);
    expect(first?.getCell(8).value).toBe(15);
    expect(book.getWorksheet('Zone 2')?.getRow(2).getCell(10).value).toBe(1);
    expect(book.getWorksheet('Runs')?.rowCount).toBe(4);
  });

  it('pdf: the site, range, chart title and the numbers', async () => {
    const text = pdfText(await exportFile(body('pdf')));
    expect(text).toContain('Irrigation report');
    expect(text).toContain(testApp.farm.sites.a.label);
    expect(text).toContain('2026-11-19 00:00+13:00');
    expect(text).toContain('Irrigation runtime per day, all zones (h)');
    expect(text).toMatch(
      /Zone 1\s+2026-11-19\s+1\s+2026-11-19 06:00\+13:00\s+2026-11-19 07:30\+13:00\s+90\.0/,
    );
    expect(text).toMatch(/Zone 2\s+2026-11-19.*\s60\.0\s.*12\.000\s+0\s+1/);
  });
});

describe('water report', () => {
  const body = (format: 'csv' | 'xlsx' | 'pdf'): ExportCreateBody => ({
    report: 'waterReport',
    format,
    site: testApp.farm.sites.a.id,
    ...RANGE,
  });

  it('csv: per meter per day, volume, peak flow and hours pumping; then each tank per day, lowest and highest', async () => {
    const rows = await csvRecords(await exportFile(body('csv')));
    // Two tables, each with its header row, a blank line between (which the parser reads as an
    // empty record).
    expect(rows).toEqual([
      ['Meter', 'Day', 'Volume (m³)', 'Peak flow (m³/h)', 'Hours pumping (h)'],
      ['Mainline meter', '2026-11-19', '27', '18.5', '2'],
      ['Mainline meter', '2026-11-20', '8', '', '1'],
      [],
      ['Tank', 'Day', 'Lowest level (%)', 'Highest level (%)'],
      ['Top tank', '2026-11-19', '55', '80'],
    ]);
  });

  it('xlsx: the meter and the tank each on a sheet, the tank lowest and highest', async () => {
    const book = await workbook(await exportFile(body('xlsx')));
    const meter = book.getWorksheet('Mainline meter');
    expect(meter?.getRow(2).getCell(3).value).toBe(27);
    const tank = book.getWorksheet('Top tank');
    expect(tank?.getRow(1).values).toEqual([
      undefined,
      'Tank',
      'Day',
      'Lowest level (%)',
      'Highest level (%)',
    ]);
    expect(tank?.getRow(2).values).toEqual([
      undefined,
      'Top tank',
      new Date('2026-11-19T00:00:00Z'),
      55,
      80,
    ]);
  });

  it('pdf: both tables', async () => {
    const text = pdfText(await exportFile(body('pdf')));
    expect(text).toMatch(/Mainline meter\s+2026-11-19\s+27\.000\s+18\.50\s+2\.00/);
    expect(text).toMatch(/Top tank\s+2026-11-19\s+55\.0\s+80\.0/);
  });
});

describe('generic report', () => {
  const body = (
    format: 'csv' | 'xlsx' | 'pdf',
    resolution: 'raw' | 'day' = 'raw',
  ): ExportCreateBody => ({
    report: 'generic',
    format,
    site: testApp.farm.sites.a.id,
    series: [
      { thing: { type: 'sensor', id: testApp.farm.sensors.soil.id }, metric: 'soil.moisture' },
    ],
    resolution,
    ...RANGE,
  });

  it('csv: every reading of the series in the range, times with the offset', async () => {
    const stored = await testApp.db.select().from(t.readings);
    const expected = stored
      .filter((row) => row.seriesId === soilSeries)
      .sort((a, b) => a.time.getTime() - b.time.getTime());
    const rows = await csvRecords(await exportFile(body('csv')));
    expect(rows[0]).toEqual(['Time (ISO 8601, Pacific/Auckland)', 'Thing', 'Metric', 'Value']);
    expect(rows.slice(1).map((row) => [Date.parse(row[0] ?? ''), Number(row[3])])).toEqual(
      expected.map((row) => [row.time.getTime(), row.value]),
    );
    expect(rows[1]?.[0]).toBe('2026-11-19T01:00:00+13:00');
  });

  it('xlsx and pdf: the readings', async () => {
    const book = await workbook(await exportFile(body('xlsx')));
    const sheet = book.worksheets[1];
    expect(sheet?.getColumn(4).values.slice(2)).toEqual([31.5, 31.25, 29]);
    const text = pdfText(await exportFile(body('pdf')));
    expect(text).toMatch(/2026-11-19 01:10\+13:00\s+.*\s31\.25/);
  });

  it('asks for series of its site only, naming the one it does not have', async () => {
    const { farm, as } = testApp;
    const response = await as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/exports',
      payload: {
        ...body('csv'),
        series: [
          { thing: { type: 'sensor', id: farm.sensors.soil.id }, metric: 'soil.moisture' },
          { thing: { type: 'sensor', id: farm.sensors.b.id }, metric: 'soil.moisture' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'series.1' });
  });

  it('every reading before the raw readings kept is refused at from, naming the day; days are read from the rollups', async () => {
    const { as, farm, clock } = testApp;
    // The test clock's day (21 November 2026), 24 months kept: raw readings from 1 November 2024.
    const expired = { from: '2024-10-20T00:00:00Z', to: '2024-11-10T00:00:00Z' };
    expect(clock.now().toISOString().slice(0, 10)).toBe('2026-11-21');
    const raw = await as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/exports',
      payload: { ...body('csv'), ...expired },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({
      field: 'from',
      message: expect.stringContaining('raw readings before 2024-11-01 are no longer kept'),
    });
    const daily = await as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/exports',
      payload: { ...body('csv', 'day'), ...expired },
    });
    expect(daily.statusCode, daily.body).toBe(202);
  });
});

describe('who may ask and download', () => {
  it('refuses a report of a site the caller cannot view, and its file', async () => {
    const { farm, as } = testApp;
    const payload = { report: 'waterReport', format: 'csv', site: farm.sites.a.id, ...RANGE };
    for (const user of [farm.users.outsider.id, farm.users.nobody.id]) {
      const response = await as(user, { method: 'POST', url: '/api/exports', payload });
      expect(response.statusCode).toBe(403);
    }
    const created = await as(farm.users.admin.id, { method: 'POST', url: '/api/exports', payload });
    const id = created.json<ReportExport>().id;
    for (const url of [`/api/exports/${id}`, `/api/exports/${id}/file`]) {
      const response = await as(farm.users.outsider.id, { method: 'GET', url });
      expect(response.statusCode).toBe(403);
    }
  });

  it('a whole-site report needs the site; a user given only one area reports on that area only', async () => {
    const { farm, as, db } = testApp;
    const [waterman] = await db
      .insert(t.users)
      .values({
        login: 'waterman@farm.test',
        firstName: 'Wendy',
        lastName: 'Tester',
        passwordHash: 'not used',
        privileges: [],
      })
      .returning();
    if (!waterman) throw new Error('user not inserted');
    // A member of the site with no privilege of its own, who may view the water area.
    await db
      .insert(t.siteMembers)
      .values({ userId: waterman.id, siteId: farm.sites.a.id, privileges: [] });
    await db
      .insert(t.areaMembers)
      .values({ userId: waterman.id, areaId: farm.areas.water.id, privileges: ['view'] });
    const ask = (payload: Record<string, unknown>, userId = waterman.id) =>
      as(userId, {
        method: 'POST',
        url: '/api/exports',
        payload: { format: 'csv', site: farm.sites.a.id, ...RANGE, ...payload },
      });

    expect((await ask({ report: 'waterReport' })).statusCode).toBe(403);
    expect(
      (await ask({ report: 'irrigationReport', area: farm.areas.irrigation.id })).statusCode,
    ).toBe(403);
    const tankSeries = { thing: { type: 'sensor', id: tankId }, metric: 'tank.level' };
    const soilSeries = {
      thing: { type: 'sensor', id: farm.sensors.soil.id },
      metric: 'soil.moisture',
    };
    // A generic report without an area is of the whole site; narrowed to the water area it may
    // not hold a series of another area's thing.
    expect((await ask({ report: 'generic', series: [tankSeries] })).statusCode).toBe(403);
    const outside = await ask({
      report: 'generic',
      area: farm.areas.water.id,
      series: [tankSeries, soilSeries],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ field: 'series.1' });

    // The water area's report is made and downloaded by that user: the tank, not the meter of
    // the irrigation area.
    const rows = await csvRecords(
      await exportFile(
        {
          report: 'waterReport',
          format: 'csv',
          site: farm.sites.a.id,
          area: farm.areas.water.id,
          ...RANGE,
        },
        waterman.id,
      ),
    );
    expect(rows.flat()).toContain('Top tank');
    expect(rows.flat()).not.toContain('Mainline meter');
    const generic = await csvRecords(
      await exportFile(
        {
          report: 'generic',
          format: 'csv',
          site: farm.sites.a.id,
          area: farm.areas.water.id,
          series: [{ thing: { type: 'sensor', id: tankId }, metric: 'tank.level' }],
          ...RANGE,
        },
        waterman.id,
      ),
    );
    expect(generic.slice(1).map((row) => row[3])).toEqual(['80', '55', '62']);

    // A whole-site export of someone else is not theirs to read.
    const wholeSite = await ask({ report: 'waterReport' }, farm.users.admin.id);
    const id = wholeSite.json<ReportExport>().id;
    for (const url of [`/api/exports/${id}`, `/api/exports/${id}/file`]) {
      expect((await as(waterman.id, { method: 'GET', url })).statusCode).toBe(403);
    }
  });

  it('rejects a range longer than the report type covers, at the field', async () => {
    const { farm, as } = testApp;
    const response = await as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/exports',
      payload: {
        report: 'irrigationReport',
        format: 'csv',
        site: farm.sites.a.id,
        from: '2025-01-01T00:00:00Z',
        to: '2026-11-01T00:00:00Z',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('at most 400 days');
  });
});

describe('scheduled reports', () => {
  it('mails the weekly report once per week, to the contact, as an attachment', async () => {
    const { farm, as, db, clock } = testApp;
    const url = `/api/sites/${farm.sites.a.id}/scheduled-reports`;
    const payload = {
      report: 'waterReport',
      format: 'csv',
      contact: farm.contacts.a.id,
      every: 'week',
    };
    // A monitor may see the schedules but not set them.
    expect((await as(farm.users.monitor.id, { method: 'POST', url, payload })).statusCode).toBe(
      403,
    );
    expect((await as(farm.users.outsider.id, { method: 'GET', url })).statusCode).toBe(403);
    const wrongContact = await as(farm.users.admin.id, {
      method: 'POST',
      url,
      payload: { ...payload, contact: farm.contacts.b.id },
    });
    expect(wrongContact.statusCode).toBe(400);
    const created = await as(farm.users.admin.id, { method: 'POST', url, payload });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json<ScheduledReport>();
    expect(schedule).toMatchObject({ every: 'week', lastPeriod: null });

    const outbox = mkdtempSync(path.join(tmpdir(), 'paddock-scheduled-'));
    const mailer = createMailer({
      db,
      from: 'paddock@farm.test',
      smtpUrl: null,
      outboxDir: outbox,
    });
    const deps = { db, clock, log: quietLog, mailer };
    // The clock reads Saturday 21 November 2026: the last whole week began Monday 9 November.
    await sendDueReports(deps);
    await sendDueReports(deps);
    expect(readdirSync(outbox)).toHaveLength(1);
    const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0] ?? ''), 'utf8');
    expect(mail).toContain('To: manager@farm.test');
    expect(mail).toMatch(/filename=.?water-.*-2026-11-08-2026-11-15\.csv/);
    const listed = await as(farm.users.monitor.id, { method: 'GET', url });
    expect(listed.json<ScheduledReport[]>()).toMatchObject([
      { id: schedule.id, lastPeriod: '2026-11-09', error: null },
    ]);
    // The next week, once it has ended: one more.
    clock.advance(3 * 86_400_000);
    await sendDueReports(deps);
    expect(readdirSync(outbox)).toHaveLength(2);
    await sendDueReports(deps);
    expect(readdirSync(outbox)).toHaveLength(2);
    mailer.close();

    // A token of the advanced clock (the cached one has expired).
    const token = await testApp.tokenFor(farm.users.admin.id);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `${url}/${schedule.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(204);
  });
});
