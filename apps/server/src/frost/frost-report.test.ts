/**
 * Frost records end to end on the server: readings of a frost night in the database → the runs
 * and their flags (GET areas/{id}/frost-runs), the frost summary, and the compliance report made
 * by the worker as csv, xlsx and pdf, each read back with an independent reader.
 */
import { type FrostRuns, type FrostSummary, parseCsv } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { createExport, findExport } from '../exports/export.repository.ts';
import { waitFor } from '../../test/helpers/field.ts';
import {
  MIN,
  NIGHT,
  T0,
  addFrostSensor,
  exportFrostNight,
  pdfText,
  pdftotextAvailable,
  useFrostReportApp,
} from '../../test/helpers/frost-kit.ts';

let fan1 = 0;
let fan2 = 0;

const testApp = useFrostReportApp(async (started) => {
  /** A fan of the frost area with its readings every 10 minutes from T0. */
  const addFan = (label: string, values: Record<string, number[]>) =>
    addFrostSensor(started, { label, serialno: `FAN-${label}`, type: 'external', values });
  // Hawke's Bay has no rule of its own: the Western Bay of Plenty default (start ≤ 2 °C, stop by 4 °C).
  fan1 = await addFan('Fan 1 Ōhiwa', {
    'fan.rpm': [0, 2300, 2350, 2340, 0, 0],
    'fan.canopyTemperature': [2.4, 1.6, 0.4, 1.9, 3.2, 3.5],
    'fan.towerTemperature': [5, 5.2, 4.8, 4.5, 4.4, 4.6],
    'fan.windSpeed': [2, 3, 2, 4, 3, 2],
    'fan.fuelLevel': [80, 79, 77, 75, 74, 74],
    'fan.total': [500, 500.1, 500.3, 500.5, 500.6, 500.6],
  });
  // Started with the canopy at 2.6 °C, above the permitted 2 °C.
  fan2 = await addFan('Fan 2', {
    'fan.rpm': [0, 0, 2300, 2310, 2290, 0],
    'fan.canopyTemperature': [3.1, 2.9, 2.6, 1.5, 2.2, 3.9],
    'fan.fuelLevel': [40, 40, 39, 37, 35, 34],
    'fan.total': [800, 800, 800, 800.2, 800.4, 800.5],
  });
});

describe('frost records', () => {
  it('finds each run and flags a start above the permitted temperature', async () => {
    const { as, farm } = testApp();
    const response = await as(farm.users.admin.id, {
      method: 'GET',
      url: `/api/areas/${farm.areas.frost.id}/frost-runs?from=${NIGHT.from}&to=${NIGHT.to}`,
    });
    expect(response.statusCode).toBe(200);
    const runs = response.json<FrostRuns>();
    expect(runs.rules.startAtOrBelow).toBe(2);
    expect(runs.runs).toHaveLength(2);
    const [first, second] = runs.runs;
    expect(first).toMatchObject({
      fan: fan1,
      start: new Date(T0 + 10 * MIN).toISOString(),
      stop: new Date(T0 + 40 * MIN).toISOString(),
      canopyAtStart: 1.6,
      canopyAtStop: 3.2,
      towerAtStart: 5.2,
      inversionAtStart: 3.6,
      inversionClassAtStart: 'strong',
      flags: [],
    });
    expect(second).toMatchObject({
      fan: fan2,
      canopyAtStart: 2.6,
      flags: ['startAboveTemperature'],
    });
    expect(runs.totals.find((total) => total.fan === fan2)).toMatchObject({
      runs: 1,
      flaggedRuns: 1,
    });
  });

  it('summarises the area now, also in the site summary', async () => {
    const { as, farm } = testApp();
    const response = await as(farm.users.admin.id, {
      method: 'GET',
      url: `/api/areas/${farm.areas.frost.id}/frost-summary`,
    });
    expect(response.statusCode).toBe(200);
    const summary = response.json<FrostSummary>();
    expect(summary).toMatchObject({
      fans: 2,
      fansRunning: 0,
      lowestFuel: { value: 34, sensor: fan2 },
    });
    // Fan 1's last tower 4.6 °C over its canopy probe's 3.5 °C; fan 2 has no tower probe.
    expect(summary.fanInversions).toEqual([
      expect.objectContaining({ sensor: fan1, inversion: { value: 1.1, class: 'weak' } }),
      expect.objectContaining({ sensor: fan2, tower: null, inversion: null }),
    ]);
    // Read 20 hours before the clock: no inversion for the area now.
    expect(summary.inversion).toBeNull();
    const site = await as(farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${farm.sites.a.id}/summary`,
    });
    const frostArea = site
      .json<{ areas: { area: number; frost?: FrostSummary }[] }>()
      .areas.find((area) => area.area === farm.areas.frost.id);
    expect(frostArea?.frost?.fans).toBe(2);
  });

  it('classes the inversion of the area from its fans read in the last 30 minutes', async () => {
    const { as, farm, clock } = testApp();
    const before = clock.now();
    clock.set(new Date(T0 + 5 * MIN));
    try {
      const response = await as(farm.users.admin.id, {
        method: 'GET',
        url: `/api/areas/${farm.areas.frost.id}/frost-summary`,
      });
      expect(response.json<FrostSummary>().inversion).toEqual({ value: 1.1, class: 'weak' });
    } finally {
      clock.set(before);
    }
  });

  it('keeps the site rules it is given', async () => {
    const { as, farm } = testApp();
    const rules = {
      startAtOrBelow: 1,
      stopBy: 2,
      windShutdownAbove: 8,
      permittedHours: null,
      source: 'Resource consent RM-1',
    };
    const put = await as(farm.users.admin.id, {
      method: 'PUT',
      url: `/api/sites/${farm.sites.b.id}/frost-rules`,
      payload: rules,
    });
    expect(put.statusCode).toBe(200);
    const get = await as(farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${farm.sites.b.id}/frost-rules`,
    });
    expect(get.json()).toEqual({ site: farm.sites.b.id, rules, isDefault: false });
  });

  async function exportFile(format: 'csv' | 'xlsx' | 'pdf') {
    const { request, file } = await exportFrostNight(
      testApp(),
      { kind: 'frostCompliance', format },
      (asked) => expect(asked).toMatchObject({ action: 'export', type: 'area', status: 'new' }),
    );
    // Anyone who may not view the site may not have it.
    const { as, farm } = testApp();
    const outsider = await as(farm.users.outsider.id, {
      method: 'GET',
      url: `/api/exports/${request.id}/file`,
    });
    expect(outsider.statusCode).toBe(403);
    expect(file.headers['content-disposition']).toContain(`.${format}`);
    return file.rawPayload;
  }

  it('writes the compliance report as csv with offsets and a byte order mark', async () => {
    const bytes = await exportFile('csv');
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header?.slice(0, 6)).toEqual([
      'Fan',
      'Start',
      'Stop',
      'Duration (min)',
      'Trigger',
      'Canopy at start (°C)',
    ]);
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Fan 1 Ōhiwa',
      '2026-11-21T02:10:00+13:00',
      '2026-11-21T02:40:00+13:00',
      '30',
      'auto',
      '1.6',
    ]);
    expect(rows[1]?.at(-1)).toBe('start above permitted temperature');
    // Each run keeps its inversion at the start and its class.
    const inversion = header?.indexOf('Inversion (°C)') ?? -1;
    expect(header?.[inversion + 1]).toBe('Inversion class');
    expect(rows[0]?.slice(inversion, inversion + 2)).toEqual(['3.6', 'strong']);
  });

  it('writes the compliance report as xlsx with typed cells and a frozen header', async () => {
    const bytes = await exportFile('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Runs');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getCell('B1').value).toBe('Start (Pacific/Auckland)');
    const start = sheet?.getCell('B2').value;
    expect(start).toBeInstanceOf(Date);
    // The site's wall clock, held as a spreadsheet date.
    expect((start as Date).toISOString()).toBe('2026-11-21T02:10:00.000Z');
    expect(sheet?.getCell('F2').value).toBe(1.6);
    expect(sheet?.getCell('F1').value).toBe('Canopy at start (°C)');
  });

  it.skipIf(!pdftotextAvailable())(
    'writes the compliance report as pdf that prints macrons',
    async () => {
      const text = pdfText(await exportFile('pdf'));
      expect(text).toContain('Fan 1 Ōhiwa');
      expect(text).toContain('2026-11-21 02:10+13:00');
      expect(text).toContain('start above permitted');
    },
  );

  it('finishes an export whose process died after claiming it, and stores one file', async () => {
    const { db, farm, clock } = testApp();
    // Claimed (inProgress) by a process that died before its job was queued.
    const row = await createExport(db, {
      siteId: farm.sites.a.id,
      areaId: farm.areas.frost.id,
      userId: farm.users.admin.id,
      report: 'frostReport',
      kind: 'fuelingReport',
      format: 'csv',
      things: [],
      series: null,
      resolution: null,
      from: new Date(NIGHT.from),
      to: new Date(NIGHT.to),
      now: clock.now(),
    });
    await db
      .update(t.requests)
      .set({ status: 'inProgress', updatedAt: clock.now() })
      .where(eq(t.requests.id, row.request.id));
    // The sweep takes it up again once it has been stuck past its time.
    clock.advance(3 * 60_000);
    await waitFor('the lost export finished', async () => {
      const current = await findExport(db, row.request.id);
      return current?.request.status === 'done';
    });
    const done = await findExport(db, row.request.id);
    expect(done?.export).toMatchObject({ progress: 100 });
    expect(done?.export.fileName).toMatch(/^fueling-frost-fans-.*\.csv$/);
  });
});
