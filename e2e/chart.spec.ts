import { DEMO_LOGINS } from '@paddock/domain/demo';
import { parseCsv, siteTimeZone, timeZoneOffsetMs, type Series } from '@paddock/domain';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 12, the charts: a demo radio's battery history in the Telemetry page's detail pane, for
 * a day and a month (§9 intervals), and its three exports read back — the csv parsed and compared
 * with what the series endpoint answered the chart, the advanced csv likewise with every column,
 * the png decoded (signature, IHDR, the inflated pixel rows) and its size checked against the
 * chart's canvas plus the title and legend drawn around it.
 */

interface SiteInfo {
  id: number;
  config: { timezone?: string };
  tags: { country?: string };
  areas?: { id: number; type: string }[];
}
interface RadioInfo {
  id: number;
  serialno: string;
  batteryValue: number | null;
}

/** The png's margin around the chart (components/chart/png.ts PNG_PADDING). */
const PNG_PADDING = 12;

/** 'YYYY-MM-DD HH:mm' in the zone, as the csv writes local times. */
function localTime(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  const wall = new Date(instant + timeZoneOffsetMs(new Date(instant), timeZone));
  const text = wall.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/** The offset of the zone at the instant, '+13:00'. */
function offset(iso: string, timeZone: string): string {
  const minutes = Math.round(timeZoneOffsetMs(new Date(iso), timeZone) / 60_000);
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

async function exportFrom(page: Page, chart: Locator, item: string) {
  const downloaded = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  return downloaded;
}

async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** The PNG's IHDR, after checking the signature; its IDAT inflated to the pixel rows. */
function decodePng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  let at = 8;
  let header: { width: number; height: number; bitDepth: number; colourType: number } | null = null;
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8] ?? 0,
        colourType: body[9] ?? 0,
      };
    } else if (type === 'IDAT') {
      data.push(body);
    }
    at += 12 + length;
  }
  if (!header) throw new Error('no IHDR');
  return { ...header, pixels: inflateSync(Buffer.concat(data)) };
}

test('a radio battery chart for a day and a month, with csv, advanced csv and png read back', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const sites = await api.get<{ id: number }[]>('/sites');
  let chosen: { site: SiteInfo; areaId: number; radio: RadioInfo } | undefined;
  for (const { id } of sites) {
    const site = await api.get<SiteInfo>(`/sites/${id}`);
    for (const area of site.areas ?? []) {
      const radios = await api.get<RadioInfo[]>(`/areas/${area.id}/radios`);
      const radio = radios.find((candidate) => candidate.batteryValue !== null);
      if (radio) {
        chosen = { site, areaId: area.id, radio };
        break;
      }
    }
    if (chosen) break;
  }
  if (!chosen) throw new Error('no demo radio reports a battery');
  const { site, areaId, radio } = chosen;
  const timeZone = siteTimeZone(site.config, site.tags.country);
  // The simulator's radios report at start: the battery series has a reading soon.
  await expect
    .poll(
      async () =>
        (await api.get<Series>(`/radios/${radio.id}/series?metric=battery&interval=0`)).points
          .length,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);

  await signIn(page, DEMO_LOGINS.admin);
  // §2 deep link: the Telemetry page opens with the radio selected, its detail and history.
  await page.goto(`/${site.id}/${areaId}/radio/${radio.id}`);
  const history = page.getByTestId('hardware-history');
  const chart = history
    .getByTestId('series-chart')
    .filter({ hasText: `Battery: ${radio.serialno}` });
  await expect(chart).toBeVisible({ timeout: 30_000 });

  for (const interval of ['Day', 'Month']) {
    await chart.getByLabel('Interval').click();
    await page.getByRole('option', { name: interval, exact: true }).click();
    await expect(chart.getByLabel('Interval')).toHaveValue(interval);
    await expect(chart.locator('.uplot canvas')).toBeVisible();
    await expect(chart.getByText('No data to display')).toHaveCount(0);
  }

  // csv: what the series endpoint answered the export (stats=true), row for row.
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/radios/${radio.id}/series?`) &&
      response.url().includes('metric=battery') &&
      response.url().includes('stats=true'),
  );
  const csvDownload = await exportFrom(page, chart, 'CSV');
  const series = (await (await answered).json()) as Series;
  expect(series.interval).toBe(2);
  const stats = series.stats ?? [];
  expect(stats.length).toBeGreaterThan(0);
  expect(csvDownload.suggestedFilename()).toMatch(/^battery-.*\.csv$/);
  const csvText = (await readDownload(csvDownload)).toString('utf8');
  expect(csvText.startsWith('\uFEFF')).toBe(true);
  expect(csvText).toContain('\r\n');
  const csv = parseCsv(csvText);
  expect(csv[0]).toEqual(['Time', 'Value', 'Unit', 'Series']);
  expect(csv.slice(1)).toEqual(
    stats.map(([start, , , average]) => [
      localTime(start, timeZone),
      String(average),
      'V',
      'Battery',
    ]),
  );

  // advanced csv: bucket start and end with the UTC offset, min, max, average, count.
  const advancedDownload = await exportFrom(page, chart, 'Advanced CSV');
  const advanced = parseCsv((await readDownload(advancedDownload)).toString('utf8'));
  expect(advanced[0]).toEqual([
    'Thing',
    'Metric',
    'Bucket start',
    'Bucket end',
    'Min',
    'Max',
    'Average',
    'Count',
    'Unit',
  ]);
  const rows = advanced.slice(1);
  expect(rows.length).toBeGreaterThanOrEqual(stats.length - 1);
  for (const row of rows) {
    const [thing, metric, start = '', end = '', min, max, average, count, unit] = row;
    const bucket = stats.find(
      ([at]) => `${localTime(at, timeZone).replace(' ', 'T')}:00${offset(at, timeZone)}` === start,
    );
    expect(bucket, `bucket ${start}`).toBeDefined();
    if (!bucket) continue;
    expect([thing, metric, unit]).toEqual([`radio ${radio.id}`, 'battery', 'V']);
    expect([Number(min), Number(max), Number(count)]).toEqual([bucket[1], bucket[2], bucket[4]]);
    expect(Number(average)).toBeCloseTo(bucket[3], 9);
    expect(Date.parse(end) - Date.parse(start)).toBe(series.bucketSeconds * 1000);
  }

  // png: the chart as drawn, with title and legend around uPlot's canvas.
  const canvas = await chart
    .locator('.uplot canvas')
    .evaluate((element: HTMLCanvasElement) => ({ width: element.width, height: element.height }));
  const pngDownload = await exportFrom(page, chart, 'PNG image');
  expect(pngDownload.suggestedFilename()).toMatch(/^battery-.*\.png$/);
  const png = decodePng(await readDownload(pngDownload));
  expect(png.width).toBe(canvas.width + 2 * PNG_PADDING);
  expect(png.height).toBeGreaterThan(canvas.height + 2 * PNG_PADDING);
  expect(png.bitDepth).toBe(8);
  const channels = png.colourType === 6 ? 4 : png.colourType === 2 ? 3 : 0;
  expect(channels).toBeGreaterThan(0);
  // Every row: a filter byte and the pixels.
  expect(png.pixels.length).toBe(png.height * (1 + png.width * channels));

  // Zoom: a drag across the plot asks for that range (finer buckets), is remembered
  // (chartZoomingInfo) over a reload with the interval, and Reset zoom goes back to the month.
  const over = chart.locator('.u-over');
  // The mouse works in the window's coordinates: the plot must be on screen, not below the fold
  // of the side pane.
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  if (!box) throw new Error('the plot has no box');
  const zoomed = page.waitForRequest(
    (request) =>
      request.url().includes(`/api/radios/${radio.id}/series?`) && request.url().includes('from='),
  );
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await zoomed;
  await expect(chart.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
  await page.reload();
  await expect(chart.getByRole('button', { name: 'Reset zoom' })).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByLabel('Interval')).toHaveValue('Month');
  await chart.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(chart.getByRole('button', { name: 'Reset zoom' })).toHaveCount(0);
});

test("a year's chart on a site keeping one month of raw readings says its older points are summaries", async ({
  page,
  request,
}) => {
  // The demo's Red Cliffs Citrus keeps one month of raw readings (issue 34): before the first of
  // last month its charts are drawn from the half-hour rollups, and say so.
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const sites = await api.get<{ id: number; label: string }[]>('/sites');
  const siteId = sites.find((site) => site.label === 'Red Cliffs Citrus')?.id;
  if (siteId === undefined) throw new Error('no demo site Red Cliffs Citrus');
  const site = await api.get<SiteInfo>(`/sites/${siteId}`);
  let found: { areaId: number; radio: RadioInfo } | undefined;
  for (const area of site.areas ?? []) {
    const radio = (await api.get<RadioInfo[]>(`/areas/${area.id}/radios`)).find(
      (candidate) => candidate.batteryValue !== null,
    );
    if (radio) {
      found = { areaId: area.id, radio };
      break;
    }
  }
  if (!found) throw new Error('no Red Cliffs Citrus radio reports a battery');
  const { areaId, radio } = found;
  const year = await api.get<Series>(`/radios/${radio.id}/series?metric=battery&interval=3`);
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  expect(year.rawReadingsFrom).toBe(lastMonth.toISOString());

  await signIn(page, DEMO_LOGINS.admin);
  await page.goto(`/${site.id}/${areaId}/radio/${radio.id}`);
  const chart = page
    .getByTestId('hardware-history')
    .getByTestId('series-chart')
    .filter({ hasText: `Battery: ${radio.serialno}` });
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await chart.getByLabel('Interval').click();
  await page.getByRole('option', { name: 'Year', exact: true }).click();
  await expect(chart.getByTestId('chart-rollups-note')).toHaveText(
    /^Before .+ the points are half-hour summaries: the raw readings of that time are no longer kept\.$/,
  );
});
