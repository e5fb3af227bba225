import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseString } from '@fast-csv/parse';
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, type DemoSite } from './support/sites.ts';

/**
 * Issue 17, the Reports place (docs/reports.md) on the shared stack's demo farm: a water report
 * (xlsx) and an irrigation report (pdf) are asked for in the console, followed to finished,
 * downloaded and read back with readers of their own (exceljs, pdftotext from Debian's
 * poppler-utils); the demo monitor asks for a water report as csv and downloads it (fast-csv);
 * an empty range shows its field message. Te Awa Vineyard is the site the monitor watches.
 */
const SITE = 'Te Awa Vineyard';

interface SensorInfo {
  id: number;
  type: string;
  label: string;
}
interface SectionInfo {
  id: number;
  label: string;
}

/** What the demo site has to report on, read from the API. */
interface Demo {
  site: DemoSite;
  /** Water meters and tanks, by label. */
  waterThings: string[];
  zones: string[];
}

let demo: Demo;
let page: Page;

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

async function readDemo(browser: Browser, baseURL: string): Promise<Demo> {
  const context = await browser.newContext({ baseURL });
  const api = await apiAs(context.request, DEMO_LOGINS.admin);
  const site = await demoSite(api, SITE);
  const waterThings: string[] = [];
  const zones: string[] = [];
  const tanks: number[] = [];
  for (const area of site.areas ?? []) {
    const sensors = await api.get<SensorInfo[]>(`/areas/${area.id}/sensors`);
    waterThings.push(
      ...sensors
        .filter((sensor) => sensor.type === 'watermeter' || sensor.type === 'level')
        .map((sensor) => sensor.label),
    );
    tanks.push(...sensors.filter((sensor) => sensor.type === 'level').map((sensor) => sensor.id));
    if (area.type === 'irrigation') {
      const sections = await api.get<SectionInfo[]>(`/sections?area=${area.id}`);
      zones.push(...sections.map((section) => section.label));
    }
  }
  // The demo's past (two days on this stack, PADDOCK_DEMO_HISTORY in playwright.config.ts)
  // loads in the background after start, newest day first (apps/devstack/src/history.ts): the
  // form's default days (the last seven, so the two with a past) are stored once the tank's
  // level has readings from 44 hours back.
  const tank = tanks[0];
  if (!tank) throw new Error(`${SITE} has no tank`);
  const from = new Date(Date.now() - 44 * 3_600_000).toISOString();
  const to = new Date(Date.now() - 40 * 3_600_000).toISOString();
  await expect
    .poll(
      async () =>
        (
          await api.get<{ stats?: unknown[] }>(
            `/sensors/${tank}/series?metric=level&from=${from}&to=${to}&stats=true`,
          )
        ).stats?.length ?? 0,
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  await context.close();
  expect(waterThings.length, `${SITE} has water meters or tanks`).toBeGreaterThan(0);
  expect(zones.length, `${SITE} has zones`).toBeGreaterThan(0);
  return { site, waterThings, zones };
}

/** Asks for a report of the whole site over the form's default days; answers its new row. */
async function askFor(on: Page, report: string, format: 'PDF' | 'XLSX' | 'CSV'): Promise<Locator> {
  await on.getByLabel('Report', { exact: true }).selectOption(report);
  await on.getByLabel('Area', { exact: true }).selectOption({ label: 'Whole site' });
  await on.getByRole('radiogroup', { name: 'Format' }).getByText(format, { exact: true }).click();
  // The new export is known by the id the server answers with: the list may still be loading,
  // and it holds this user's exports of other specs too (the frost reports).
  const created = on.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/exports',
  );
  await on.getByRole('button', { name: 'Ask for the report' }).click();
  const response = await created;
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: number };
  const row = on.getByTestId(`report-export-${id}`);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toHaveAttribute('data-report', report);
  await expect(row).toHaveAttribute('data-format', format.toLowerCase());
  return row;
}

/** Follows the row's progress to finished and downloads its file: its bytes and its name. */
async function finishAndDownload(on: Page, row: Locator): Promise<{ bytes: Buffer; name: string }> {
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(row.getByText('finished', { exact: true })).toBeVisible();
  const [file] = await Promise.all([
    on.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  return { bytes: readFileSync(await file.path()), name: file.suggestedFilename() };
}

async function readCsv(buffer: Buffer): Promise<string[][]> {
  expect(buffer.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return new Promise((resolve, reject) => {
    const out: string[][] = [];
    parseString(buffer.toString('utf8').slice(1), { headers: false })
      .on('data', (row: string[]) => out.push(row))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  demo = await readDemo(browser, baseURL ?? '');
  page = await browser.newPage({ baseURL: baseURL ?? '' });
  await signIn(page, DEMO_LOGINS.admin);
});

test.afterAll(async () => {
  await page.close();
});

test('the Reports place is reached from the site summary and refuses an empty range', async () => {
  await page.goto(`/${demo.site.id}/summary`);
  // The summary's link (the sidebar's is off-canvas on this width).
  await page.getByRole('main').getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/${demo.site.id}/reports$`));
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();

  const from = page.getByLabel('First day');
  const kept = await from.inputValue();
  await from.fill('');
  await page.getByRole('button', { name: 'Ask for the report' }).click();
  await expect(page.getByText('Pick the first day')).toBeVisible();
  await from.fill(kept);
  await expect(page.getByText('Pick the first day')).toBeHidden();
});

test('a water report (xlsx) and an irrigation report (pdf): progress, download, read back', async () => {
  test.setTimeout(240_000);
  await page.goto(`/${demo.site.id}/reports`);
  const water = await askFor(page, 'waterReport', 'XLSX');
  const irrigation = await askFor(page, 'irrigationReport', 'PDF');

  // xlsx: the about sheet names the site; a sheet has a meter's or tank's row with numbers.
  const workbook = new ExcelJS.Workbook();
  const xlsx = await finishAndDownload(page, water);
  expect(xlsx.name).toMatch(/\.xlsx$/);
  await test.info().attach(xlsx.name, { body: xlsx.bytes });
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const cells: unknown[][] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
  }
  expect(
    cells.some((row) => row.includes(SITE)),
    'the workbook names the site',
  ).toBe(true);
  const waterRows = cells.filter(
    (row) =>
      row.some((cell) => typeof cell === 'string' && demo.waterThings.includes(cell)) &&
      row.some(isNumber),
  );
  expect(waterRows.length, 'rows of the demo meters and tanks with numbers').toBeGreaterThan(0);

  // pdf: read by pdftotext; the header names the site, a zone's line carries numbers.
  const pdf = await finishAndDownload(page, irrigation);
  await test.info().attach(pdf.name, { body: pdf.bytes });
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
    input: pdf.bytes,
    encoding: 'utf8',
  });
  expect(text).toContain('Irrigation report');
  expect(text).toContain(SITE);
  const zoneLines = text
    .split('\n')
    .filter((line) => demo.zones.some((zone) => line.includes(zone)) && /\d+\.\d/.test(line));
  expect(zoneLines.length, 'lines of the demo zones with numbers').toBeGreaterThan(0);
});

test('the last report search is remembered', async () => {
  await page.goto(`/${demo.site.id}/reports`);
  // The last one asked for was the irrigation report as pdf.
  // A reload starts the console afresh: it may take a while on the shared stack.
  await expect(page.getByLabel('Report', { exact: true })).toHaveValue('irrigationReport', {
    timeout: 30_000,
  });
  await expect(page.getByRole('radio', { name: 'PDF' })).toBeChecked();
});

test('a monitor asks for a water report as csv and downloads it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const monitor = await browser.newPage({ baseURL: baseURL ?? '' });
  // As support/sign-in.ts does, with more time: the worker may still be making the admin's
  // reports on this two-core machine.
  await monitor.goto('/login');
  await monitor.getByLabel('Account name').fill(DEMO_LOGINS.monitor);
  await monitor.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await monitor.getByRole('button', { name: 'Login' }).click();
  await expect(monitor).not.toHaveURL(/\/(login|redirect)$/, { timeout: 60_000 });
  await monitor.goto(`/${demo.site.id}/reports`);
  // A monitor views: no scheduled report is added or stopped.
  await expect(monitor.getByRole('heading', { name: 'Scheduled reports' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(monitor.getByRole('button', { name: 'Send on a schedule' })).toHaveCount(0);
  const row = await askFor(monitor, 'waterReport', 'CSV');
  const csv = await finishAndDownload(monitor, row);
  await test.info().attach(csv.name, { body: csv.bytes });
  // The water report's csv holds its meters' table, then its tanks': the site is named by the
  // file.
  expect(csv.name).toMatch(/^water-te-awa-vineyard-.*\.csv$/);
  const records = await readCsv(csv.bytes);
  const waterRows = records.filter(
    (record) =>
      record.some((cell) => demo.waterThings.includes(cell)) &&
      record.some((cell) => cell !== '' && Number.isFinite(Number(cell))),
  );
  expect(waterRows.length, 'rows of the demo meters and tanks with numbers').toBeGreaterThan(0);
  await monitor.close();
});

test('screenshots of the Reports place at 375 and 1440 px', async () => {
  const testInfo = test.info();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/${demo.site.id}/reports`);
    await expect(page.locator('tr[data-status]').first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath(`reports-${width}.png`), fullPage: true });
  }
});
