/**
 * What the frost report tests share: a frost night's readings seeded on the test farm's frost
 * area, the export worker running beside the test app, an export asked for and downloaded, and
 * the pdf read back by pdftotext (poppler-utils), the independent reader.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReportExport } from '@paddock/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { startExportWorker } from './export-worker.ts';
import { waitFor } from './field.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

export const MIN = 60_000;
/** 02:00 NZDT on 21 November 2026, in the night that began on the 20th. */
export const T0 = Date.parse('2026-11-20T13:00:00Z');
export const NIGHT = { from: '2026-11-19T23:00:00.000Z', to: '2026-11-20T23:00:00.000Z' };

export function pdftotextAvailable(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The text of a pdf as pdftotext lays it out. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'frost-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * A sensor of the frost area (a fan: type external tagged frostFan; or a temperature sensor) with
 * its readings every 10 minutes from T0, one list per metric; the last value is its latest.
 */
export async function addFrostSensor(
  testApp: TestApp,
  sensor: {
    label: string;
    serialno: string;
    type: 'external' | 'temperature';
    values: Record<string, number[]>;
  },
): Promise<number> {
  const { db, farm } = testApp;
  const [row] = await db
    .insert(t.sensors)
    .values({
      siteId: farm.sites.a.id,
      areaId: farm.areas.frost.id,
      type: sensor.type,
      tags: sensor.type === 'external' ? { identifier: 'frostFan' } : {},
      topics: Object.keys(sensor.values).map((metric) => ({
        metric,
        type: 'analog',
        lastValue: sensor.values[metric]?.at(-1) ?? null,
        timestamp: new Date(T0).toISOString(),
      })),
      label: sensor.label,
      serialno: sensor.serialno,
    })
    .returning();
  if (!row) throw new Error('sensor not inserted');
  for (const [metric, list] of Object.entries(sensor.values)) {
    const [series] = await db
      .insert(t.series)
      .values({ siteId: farm.sites.a.id, thingType: 'sensor', thingId: row.id, metric })
      .returning();
    if (!series) throw new Error('series not inserted');
    await db
      .insert(t.readings)
      .values(
        list.map((value, i) => ({ seriesId: series.id, time: new Date(T0 + i * 10 * MIN), value })),
      );
  }
  return row.id;
}

/**
 * One test app with the export worker beside it for the whole file: started before its first
 * test, when `seed` stores what the file's reports read; closed after its last. The returned
 * function reads the app in the tests.
 */
export function useFrostReportApp(seed: (testApp: TestApp) => Promise<void>): () => TestApp {
  let testApp: TestApp | undefined;
  let worker: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp();
    worker = await startExportWorker(testApp);
    await seed(testApp);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await testApp?.close();
  });
  return () => {
    if (!testApp) throw new Error('the frost report app is started before the first test');
    return testApp;
  };
}

/**
 * Asks the admin's export of the frost area's night (POST /api/exports), waits until the worker
 * has made it and downloads it. `check` sees the request as answered before the wait.
 */
export async function exportFrostNight(
  testApp: TestApp,
  ask: { kind: string; format: 'csv' | 'xlsx' | 'pdf' } & Record<string, unknown>,
  check: (request: ReportExport) => void = () => {},
): Promise<{ request: ReportExport; file: Awaited<ReturnType<TestApp['as']>> }> {
  const { as, farm } = testApp;
  const created = await as(farm.users.admin.id, {
    method: 'POST',
    url: '/api/exports',
    payload: { report: 'frostReport', area: farm.areas.frost.id, ...NIGHT, ...ask },
  });
  expect(created.statusCode).toBe(202);
  const request = created.json<ReportExport>();
  check(request);
  let done: ReportExport | null = null;
  await waitFor('the export finished', async () => {
    const response = await as(farm.users.admin.id, {
      method: 'GET',
      url: `/api/exports/${request.id}`,
    });
    const current = response.json<ReportExport>();
    if (current.status === 'done' || current.status === 'failed') done = current;
    return done !== null;
  });
  expect(done).toMatchObject({ status: 'done', progress: 100, format: ask.format });
  const file = await as(farm.users.admin.id, {
    method: 'GET',
    url: `/api/exports/${request.id}/file`,
  });
  expect(file.statusCode).toBe(200);
  return { request, file };
}
