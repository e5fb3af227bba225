/**
 * The council water-take export (issue 17 item 4): a site's water consents, the 15-minute file
 * of a day as csv and xlsx read back by a parser and by exceljs, the daily job, and who may do
 * what. A meter's `water.total` readings every 10 minutes, as the demo's meters report. On
 * PGlite, or PostgreSQL with DATABASE_URL.
 */
import {
  CSV_BOM,
  localDayBounds,
  parseCsv,
  WATER_TAKE_COLUMNS,
  type WaterConsent,
} from '@paddock/domain';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema.ts';
import { produceDueDays } from '../../src/water-take/water-take-days.ts';
import { addSeries, addWaterMeter } from '../helpers/farm.ts';
import { quietLog } from '../helpers/field.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let meterId: number;
let seriesId: number;
let consent: WaterConsent;
const MIN = 60_000;
const ZONE = 'Pacific/Auckland';
/** The test clock's now is 2026-11-21T09:00Z (22:00 on the 21st in Auckland, NZDT). */
const OUTAGE_DAY = '2026-11-19';
const GAP_DAY = '2026-11-20';

beforeAll(async () => {
  t = await buildTestApp();
  const farm = t.farm;
  meterId = await addWaterMeter(t.db, farm, { label: 'Bore, pump 1', serialno: 'WM-77' });
  seriesId = await addSeries(t.db, farm.sites.a.id, {
    type: 'sensor',
    id: meterId,
    metric: 'water.total',
  });
  // 36 m³/h, read every 10 minutes from before the outage day to now, except: the pump stops
  // 06:00–12:00 on the outage day (the meter keeps reporting its unchanged total), and no reading
  // arrives 10:00–11:00 on the gap day (the telemetry is down; the water still flows).
  const outage = localDayBounds(OUTAGE_DAY, ZONE).start;
  const gap = localDayBounds(GAP_DAY, ZONE).start;
  const rows: { seriesId: number; time: Date; value: number }[] = [];
  let total = 50_000;
  for (let time = outage - 60 * MIN; time <= t.clock.now().getTime(); time += 10 * MIN) {
    const stopped = time >= outage + 6 * 60 * MIN && time < outage + 12 * 60 * MIN;
    const silent = time > gap + 10 * 60 * MIN && time < gap + 11 * 60 * MIN;
    if (!silent) rows.push({ seriesId, time: new Date(time), value: total });
    if (!stopped) total += 6;
  }
  await t.db.insert(s.readings).values(rows);
});
afterAll(() => t.close());

const base = () => `/api/sites/${t.farm.sites.a.id}/water-consents`;
const body = (overrides: Record<string, unknown> = {}) => ({
  consentNumber: 'CRC201234',
  label: 'Bore take',
  maxRateLps: 15,
  maxDailyVolumeM3: 900,
  meters: [{ sensor: meterId, verifiedOn: '2025-02-01' }],
  ...overrides,
});

describe('water consents', () => {
  it('creates a consent with its meter for a manager, and lists it for a monitor', async () => {
    const created = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: base(),
      payload: body(),
    });
    expect(created.statusCode).toBe(201);
    consent = created.json();
    expect(consent).toMatchObject({
      consentNumber: 'CRC201234',
      site: t.farm.sites.a.id,
      meters: [
        {
          sensor: meterId,
          verifiedOn: '2025-02-01',
          label: 'Bore, pump 1',
          verificationDue: false,
        },
      ],
    });
    const listed = await t.as(t.farm.users.monitor.id, { method: 'GET', url: base() });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ timezone: ZONE, consents: [{ id: consent.id }] });
  });

  it('refuses a monitor the edit, and another site’s member the consent', async () => {
    const monitor = await t.as(t.farm.users.monitor.id, {
      method: 'PUT',
      url: `${base()}/${consent.id}`,
      payload: body({ label: 'changed' }),
    });
    expect(monitor.statusCode).toBe(403);
    const monitorDelete = await t.as(t.farm.users.monitor.id, {
      method: 'DELETE',
      url: `${base()}/${consent.id}`,
    });
    expect(monitorDelete.statusCode).toBe(403);
    const outsider = await t.as(t.farm.users.outsider.id, { method: 'GET', url: base() });
    expect(outsider.statusCode).toBe(403);
    const outsiderFile = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/water-take?from=${OUTAGE_DAY}`,
    });
    expect(outsiderFile.statusCode).toBe(403);
    // The consent through the outsider's own site, where they may edit: not found there.
    const otherSite = `/api/sites/${t.farm.sites.b.id}/water-consents/${consent.id}`;
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.as(t.farm.users.outsider.id, {
        method,
        url: otherSite,
        ...(method === 'PUT' ? { payload: body() } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const file = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: `${otherSite}/water-take?from=${OUTAGE_DAY}`,
    });
    expect(file.statusCode).toBe(404);
  });

  it('names the field at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ consentNumber: '   ' }), 'consentNumber'],
      [body({ maxRateLps: 0 }), 'maxRateLps'],
      [body({ meters: [] }), 'meters'],
      [body({ meters: [{ sensor: meterId, verifiedOn: '2025-13-01' }] }), 'meters.0.verifiedOn'],
      // A sensor of the site that is no water meter.
      [body({ meters: [{ sensor: t.farm.sensors.soil.id, verifiedOn: null }] }), 'meters'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.as(t.farm.users.admin.id, { method: 'POST', url: base(), payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field, JSON.stringify(payload)).toBe(field);
    }
    const query = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/water-take?from=2026-11-20&to=2026-11-19`,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().field).toBe('to');
    const duplicate = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: base(),
      payload: body(),
    });
    expect(duplicate.statusCode).toBe(409);
  });
});

async function downloadCsv(date: string) {
  const response = await t.as(t.farm.users.monitor.id, {
    method: 'GET',
    url: `${base()}/${consent.id}/water-take?from=${date}&format=csv`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  const text = response.rawPayload.toString('utf8');
  expect(text.startsWith(CSV_BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...records] = parseCsv(text);
  expect(header).toEqual([...WATER_TAKE_COLUMNS]);
  const column = (name: (typeof WATER_TAKE_COLUMNS)[number]) => WATER_TAKE_COLUMNS.indexOf(name);
  return {
    intervals: records.filter((record) => record[column('Record')] === 'interval'),
    total: records.find((record) => record[column('Record')]?.startsWith('day total')),
    column,
  };
}

describe('the water-take file', () => {
  it('has 96 rows on a pump-outage day, zeros where the meter stood still, all good (600)', async () => {
    const { intervals, total, column } = await downloadCsv(OUTAGE_DAY);
    expect(intervals).toHaveLength(96);
    expect(intervals[0]?.[column('Start')]).toBe('2026-11-19T00:00:00+13:00');
    expect(intervals[95]?.[column('End')]).toBe('2026-11-20T00:00:00+13:00');
    const outage = intervals.slice(24, 48);
    expect(outage.map((row) => row[column('Volume (m3)')])).toEqual(Array(24).fill('0'));
    expect(intervals.every((row) => row[column('Quality code')] === '600')).toBe(true);
    expect(intervals[10]?.[column('Volume (m3)')]).toBe('9');
    expect(intervals[10]?.[column('Source')]).toBe('telemetry');
    expect(intervals[10]?.[column('Consent')]).toBe('CRC201234');
    expect(intervals[10]?.[column('Meter verified')]).toBe('2025-02-01');
    expect(intervals[10]?.[column('Water year')]).toBe('2026-27');
    // 72 running intervals of 9 m³; the total row says complete.
    expect(total?.[column('Volume (m3)')]).toBe('648');
    expect(total?.[column('Record')]).toBe('day total');
  });

  it('flags the telemetry gap missing (100) and invents no volume there', async () => {
    const { intervals, total, column } = await downloadCsv(GAP_DAY);
    expect(intervals).toHaveLength(96);
    const gap = intervals.slice(40, 44);
    expect(gap.map((row) => row[column('Quality code')])).toEqual(['100', '100', '100', '100']);
    expect(gap.map((row) => row[column('Volume (m3)')])).toEqual(['', '', '', '']);
    expect(gap.map((row) => row[column('Source')])).toEqual(['', '', '', '']);
    expect(intervals[39]?.[column('Quality code')]).toBe('600');
    expect(intervals[44]?.[column('Quality code')]).toBe('600');
    expect(total?.[column('Record')]).toBe('day total (incomplete)');
    expect(total?.[column('Volume (m3)')]).toBe(String(92 * 9));
    expect(total?.[column('Quality code')]).toBe('100');
  });

  it('writes the same rows to xlsx, read back with exceljs', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/water-take?from=${OUTAGE_DAY}&to=${GAP_DAY}&format=xlsx`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'water-take-CRC201234-2026-11-19_2026-11-20.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const about = workbook.getWorksheet('Consent');
    expect(about?.getCell('B1').value).toBe('CRC201234');
    const sheet = workbook.getWorksheet('Water take');
    if (!sheet) throw new Error('no water-take sheet');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...WATER_TAKE_COLUMNS]);
    // Two days of 96 intervals and a total each.
    expect(sheet.rowCount).toBe(1 + 2 * 97);
    const cell = (row: number, name: (typeof WATER_TAKE_COLUMNS)[number]) =>
      sheet.getRow(row).getCell(WATER_TAKE_COLUMNS.indexOf(name) + 1).value;
    // Row 2 is the first interval of the outage day; 26 is its 25th (06:00), in the outage.
    expect(cell(26, 'Volume (m3)')).toBe(0);
    expect(cell(26, 'Quality code')).toBe(600);
    expect(cell(3, 'Volume (m3)')).toBe(9);
    // The gap day starts at row 99; its 41st interval (10:00) is in the gap: no value at all.
    expect(cell(99 + 40, 'Start')).toBe('2026-11-20T10:00:00+13:00');
    expect(cell(99 + 40, 'Quality code')).toBe(100);
    expect(cell(99 + 40, 'Volume (m3)')).toBeNull();
  });
});

describe('the daily job', () => {
  /** A round that finds every ended day already produced. */
  const NOTHING_DUE = { produced: 0, amended: 0, failed: 0 };

  it('produces each ended day once, lists them, and serves the produced file', async () => {
    const now = t.clock.now();
    const first = await produceDueDays(t.db, now, quietLog);
    // The last 7 ended days (the 14th to the 20th); today, the 21st, has not ended.
    expect(first).toEqual({ produced: 7, amended: 0, failed: 0 });
    // A second round (a restart, or a second worker) writes nothing again.
    expect(await produceDueDays(t.db, now, quietLog)).toEqual(NOTHING_DUE);

    const days = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/days?days=9`,
    });
    expect(days.statusCode).toBe(200);
    const list = days.json().days as {
      date: string;
      status: string;
      volume: number | null;
      quality: number | null;
    }[];
    expect(list.map((day) => day.date)).toEqual([
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
      '2026-11-18',
      '2026-11-17',
      '2026-11-16',
      '2026-11-15',
      '2026-11-14',
      '2026-11-13',
    ]);
    expect(list.map((day) => day.status)).toEqual(['notDue', ...Array(7).fill('produced'), 'due']);
    expect(list[1]).toMatchObject({ volume: 828, quality: 100 });
    expect(list[2]).toMatchObject({ volume: 648, quality: 600 });

    const file = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/days/${OUTAGE_DAY}/file`,
    });
    expect(file.statusCode).toBe(200);
    const records = parseCsv(file.rawPayload.toString('utf8'));
    expect(records).toHaveLength(1 + 97);
    const notYet = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/days/2026-11-21/file`,
    });
    expect(notYet.statusCode).toBe(404);
  });

  it('amends a produced day when late readings fill its gap, and only then', async () => {
    // The unit stored the gap hour's readings and sends them now: 6 m³ every 10 minutes.
    const gapStart = localDayBounds(GAP_DAY, ZONE).start + 10 * 60 * MIN;
    const [before] = await t.db
      .select()
      .from(s.readings)
      .where(and(eq(s.readings.seriesId, seriesId), eq(s.readings.time, new Date(gapStart))));
    if (!before) throw new Error('no reading at the gap start');
    await t.db.insert(s.readings).values(
      [1, 2, 3, 4, 5].map((step) => ({
        seriesId,
        time: new Date(gapStart + step * 10 * MIN),
        value: before.value + step * 6,
      })),
    );
    const now = t.clock.now();
    expect(await produceDueDays(t.db, now, quietLog)).toEqual({
      produced: 0,
      amended: 1,
      failed: 0,
    });
    expect(await produceDueDays(t.db, now, quietLog)).toEqual(NOTHING_DUE);
    const days = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/days?days=2`,
    });
    expect(days.json().days[1]).toMatchObject({
      date: GAP_DAY,
      status: 'produced',
      volume: 864,
      quality: 600,
      amendedAt: now.toISOString(),
    });
  });

  it('deletes a consent for an admin, and its days with it', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'DELETE',
      url: `${base()}/${consent.id}`,
    });
    expect(response.statusCode).toBe(204);
    const again = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `${base()}/${consent.id}/days`,
    });
    expect(again.statusCode).toBe(404);
  });
});
