import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseString } from '@fast-csv/parse';
import {
  frostNightOf,
  isoInTimeZone,
  timeZoneOffsetMs,
  type FrostRun,
  type FrostRuns,
  type Series,
} from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs, type ApiSession } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 15, frost records: the simulator runs a compressed frost night on the shared stack; the
 * frost compliance report of that night is asked for in the console's frost report console,
 * made by the worker and downloaded as pdf, xlsx and csv; each file is read with a reader of its
 * own (pdftotext from Debian's poppler-utils, exceljs, fast-csv), and every run of the night in
 * it has the start and stop times and the canopy temperatures the database's readings give.
 */
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
const SITE = 'Rapaura Vineyard';
const NIGHT_MINUTES = 2;

interface SiteInfo {
  id: number;
  label: string;
  config: { timezone?: string };
  areas?: { id: number; type: string; label: string }[];
}
interface SensorInfo {
  id: number;
  type: string;
  radio: number | null;
  tags: { identifier?: string };
}

/** Readings around an instant as the database holds them: each minute's lowest and highest. */
async function readingsAround(api: ApiSession, sensorId: number, metric: string, at: string) {
  const t = Date.parse(at);
  const from = new Date(Math.floor(t / 60_000) * 60_000 - 60_000).toISOString();
  const to = new Date(Math.floor(t / 60_000) * 60_000 + 120_000).toISOString();
  const series = await api.get<Series>(
    `/sensors/${sensorId}/series?metric=${encodeURIComponent(metric)}&from=${from}&to=${to}&stats=true`,
  );
  return (series.stats ?? []).map(([start, low, high]) => ({
    start: Date.parse(start),
    low,
    high,
  }));
}

/** The run's start and stop and its canopy temperatures agree with the readings stored. */
async function expectRunMatchesReadings(api: ApiSession, run: FrostRun, canopyId: number) {
  const rpmAtStart = await readingsAround(api, run.fan, 'fan.rpm', run.start);
  const startMinute = Math.floor(Date.parse(run.start) / 60_000) * 60_000;
  // The minute the run started has a turning reading, and a stopped one came just before.
  expect(rpmAtStart.find((b) => b.start === startMinute)?.high ?? 0).toBeGreaterThan(0);
  expect(Math.min(...rpmAtStart.filter((b) => b.start <= startMinute).map((b) => b.low))).toBe(0);
  if (run.stop) {
    const stopMinute = Math.floor(Date.parse(run.stop) / 60_000) * 60_000;
    const rpmAtStop = await readingsAround(api, run.fan, 'fan.rpm', run.stop);
    expect(rpmAtStop.find((b) => b.start === stopMinute)?.low).toBe(0);
  }
  for (const [at, value] of [
    [run.start, run.canopyAtStart],
    [run.stop, run.canopyAtStop],
  ] as const) {
    if (!at || value === null) continue;
    const canopy = await readingsAround(api, canopyId, 'temperature', at);
    expect(value).toBeGreaterThanOrEqual(Math.min(...canopy.map((b) => b.low)) - 0.05);
    expect(value).toBeLessThanOrEqual(Math.max(...canopy.map((b) => b.high)) + 0.05);
  }
}

async function download(page: Page, row: Locator): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  return readFileSync(await file.path());
}

test('a compressed frost night: the compliance report as pdf, xlsx and csv matches the readings', async ({
  page,
  request,
}) => {
  test.setTimeout(10 * 60_000);
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite<SiteInfo>(api, SITE);
  const area = siteArea(site, 'frost');
  const timeZone = site.config.timezone ?? 'Pacific/Auckland';
  const sensors = await api.get<SensorInfo[]>(`/areas/${area.id}/sensors`);

  const started = await request.post(`${CONTROL_URL}/frost-night`, {
    data: { siteId: site.id, minutes: NIGHT_MINUTES },
  });
  expect(started.ok(), 'start a frost night').toBe(true);
  const { frostNight } = (await started.json()) as {
    frostNight: { startsAt: string; endsAt: string };
  };

  // The night is over and every fan that ran has stopped.
  let night: FrostRuns | null = null;
  await expect
    .poll(
      async () => {
        if (Date.now() < Date.parse(frostNight.endsAt) + 10_000) return false;
        night = await api.get<FrostRuns>(
          `/areas/${area.id}/frost-runs?from=${frostNight.startsAt}&to=${frostNight.endsAt}`,
        );
        return night.runs.length > 0 && night.runs.every((run) => run.stop !== null);
      },
      { timeout: NIGHT_MINUTES * 60_000 + 180_000, intervals: [5_000] },
    )
    .toBe(true);
  const runs = (night as FrostRuns | null)?.runs ?? [];
  expect(runs.length).toBeGreaterThan(0);

  // Each run against the database's readings.
  for (const run of runs) {
    const fan = sensors.find((sensor) => sensor.id === run.fan);
    const canopy = sensors.find(
      (sensor) =>
        sensor.type === 'temperature' && sensor.radio !== null && sensor.radio === fan?.radio,
    );
    if (!canopy) throw new Error(`no canopy sensor beside ${run.fanLabel}`);
    await expectRunMatchesReadings(api, run, canopy.id);
  }

  // Ask for the report in the console, once per format, and download each.
  await signIn(page, DEMO_LOGINS.admin);
  await page.goto(`/${site.id}/frost/${area.id}`);
  await page.getByRole('button', { name: 'Reports' }).click();
  const panel = page.getByTestId('frost-report-console');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  // The report's nights are the compressed night's: run near the site's noon, it spans two
  // (a night runs noon to noon), and the console offers the last one alone.
  await panel.getByLabel('From night').fill(frostNightOf(new Date(frostNight.startsAt), timeZone));
  await panel.getByLabel('To night').fill(frostNightOf(new Date(frostNight.endsAt), timeZone));
  const rows = panel.locator('tr[data-status]');
  const before = await rows.count();
  for (const [index, format] of ['CSV', 'XLSX', 'PDF'].entries()) {
    await panel.getByRole('button', { name: format, exact: true }).click();
    await expect(rows).toHaveCount(Math.min(6, before + index + 1), { timeout: 30_000 });
  }
  // Newest first: pdf, xlsx, csv.
  for (const index of [0, 1, 2]) {
    await expect(rows.nth(index)).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  }
  const pdf = await download(page, rows.nth(0));
  const xlsx = await download(page, rows.nth(1));
  const csv = await download(page, rows.nth(2));

  // csv: RFC 4180 with a byte order mark, times ISO 8601 with the offset.
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const records = await new Promise<Record<string, string>[]>((resolve, reject) => {
    const out: Record<string, string>[] = [];
    parseString(csv.toString('utf8').slice(1), { headers: true })
      .on('data', (row: Record<string, string>) => out.push(row))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
  for (const run of runs) {
    const record = records.find(
      (row) =>
        row.Fan === run.fanLabel &&
        Math.abs(Date.parse(row.Start ?? '') - Date.parse(run.start)) < 1000,
    );
    expect(record, `csv row of ${run.fanLabel} at ${run.start}`).toBeDefined();
    expect(record?.Start).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(record?.Stop ?? '') - Date.parse(run.stop ?? ''))).toBeLessThan(
      1000,
    );
    expect(Number(record?.['Canopy at start (°C)'])).toBe(run.canopyAtStart);
    expect(Number(record?.['Canopy at stop (°C)'])).toBe(run.canopyAtStop);
  }

  // xlsx: typed cells, times as dates in the site's wall clock, the header row frozen.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Runs');
  if (!sheet) throw new Error('no Runs sheet');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const column = (title: string) => header.indexOf(title) + 1;
  expect(column(`Start (${timeZone})`)).toBeGreaterThan(0);
  const instant = (wall: Date) => {
    // The wall clock back to the instant: subtract the zone's offset at about that time.
    const guess = new Date(wall.getTime() - timeZoneOffsetMs(wall, timeZone));
    return wall.getTime() - timeZoneOffsetMs(guess, timeZone);
  };
  for (const run of runs) {
    let found = false;
    sheet.eachRow((row, number) => {
      if (number === 1 || row.getCell(1).value !== run.fanLabel) return;
      const start = row.getCell(column(`Start (${timeZone})`)).value;
      if (!(start instanceof Date) || Math.abs(instant(start) - Date.parse(run.start)) >= 1000)
        return;
      found = true;
      const stop = row.getCell(column(`Stop (${timeZone})`)).value as Date;
      expect(Math.abs(instant(stop) - Date.parse(run.stop ?? ''))).toBeLessThan(1000);
      expect(row.getCell(column('Canopy at start (°C)')).value).toBe(run.canopyAtStart);
      expect(row.getCell(column('Canopy at stop (°C)')).value).toBe(run.canopyAtStop);
    });
    expect(found, `xlsx row of ${run.fanLabel} at ${run.start}`).toBe(true);
  }

  // pdf: read by pdftotext (Debian's poppler-utils, installed by scripts/ensure-browser.sh).
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  expect(text).toContain('Frost compliance');
  for (const run of runs) {
    const local = (iso: string) => {
      const zoned = isoInTimeZone(new Date(iso), timeZone);
      return `${zoned.slice(0, 10)} ${zoned.slice(11, 16)}${zoned.slice(19)}`;
    };
    const lines = text
      .split('\n')
      .filter(
        (candidate) =>
          candidate.includes(local(run.start)) && candidate.includes(local(run.stop ?? '')),
      );
    expect(lines.length, `pdf line of ${run.fanLabel} at ${run.start}`).toBeGreaterThan(0);
    expect(lines.some((candidate) => candidate.includes(run.canopyAtStart?.toFixed(1) ?? ''))).toBe(
      true,
    );
  }
});
