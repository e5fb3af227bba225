import { parseCsv, siteTimeZone, type IrrigationHistory } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiAs, type ApiSession } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * §9's default chart type, irrigation monthly: on Red Cliffs Citrus's irrigation area page (a
 * program no other spec drives) the chart's csv export gives, for each of the last three months,
 * each zone's runs, runtime, applied depth, target depth and water used exactly as the API
 * answers them from the runs in the database; the applied depth is the runtime at the zone's
 * application rate and the target the program's depth (with its variation) for every run. Then
 * a month zoomed into its days, the zone page's chart of one zone, and the png export.
 */

const SITE = 'Red Cliffs Citrus';
const CSV_HEADER = [
  'Period',
  'Zone',
  'Runs',
  'Runtime (min)',
  'Applied depth (mm)',
  'Target depth (mm)',
  'Water used (m³)',
];
/** The png's margin around the plot (components/chart/png.ts PNG_PADDING). */
const PNG_PADDING = 12;

interface SiteInfo {
  id: number;
  label: string;
  config: { timezone?: string };
  tags: { country?: string };
  areas?: { id: number; type: string; label: string }[];
}
interface ProgramInfo {
  zones: { id: number; setting: { depth: number; variation: number; applicationRate?: number } }[];
}

/** The csv rows the chart should export for an answer: by period, then zone in its order. */
function expectedCsv(answer: IrrigationHistory): string[][] {
  const order = answer.zones.map((zone) => zone.section);
  const label = new Map(answer.zones.map((zone) => [zone.section, zone.label]));
  return [...answer.rows]
    .sort(
      (a, b) =>
        a.period.localeCompare(b.period) || order.indexOf(a.section) - order.indexOf(b.section),
    )
    .map((row) => [
      row.period,
      label.get(row.section) ?? '',
      String(row.runs),
      String(row.runtime),
      String(row.applied),
      row.target === null ? '' : String(row.target),
      row.volume === null ? '' : String(row.volume),
    ]);
}

async function exportCsv(page: Page, chart: Locator): Promise<string[][]> {
  const downloaded = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^irrigation-monthly.*\.csv$/);
  return parseCsv(readFileSync(await download.path()).toString('utf8'));
}

/**
 * The chart's csv equals the API's answer to `query`. The demo's past of readings is still
 * loading in the background when the stack has just started: both are read again until they
 * agree on one state of the database.
 */
async function expectCsvOfAnswer(page: Page, chart: Locator, api: ApiSession, query: string) {
  let answer: IrrigationHistory | undefined;
  let attempt = 0;
  await expect(async () => {
    answer = await api.get<IrrigationHistory>(query);
    // The chart reads on each look (the route refresh): a retry reloads to read now.
    if (attempt++ > 0) await page.reload();
    await expect(chart.getByRole('button', { name: 'Export' })).toBeEnabled({ timeout: 30_000 });
    const csv = await exportCsv(page, chart);
    expect(csv[0]).toEqual(CSV_HEADER);
    expect(csv.slice(1)).toEqual(expectedCsv(answer));
  }).toPass({ timeout: 90_000 });
  if (!answer) throw new Error('no answer');
  return answer;
}

test('irrigation monthly: the last three months of runs per zone, as the database has them', async ({
  page,
  request,
}) => {
  // Two pages and seven exports; a busy machine makes each page load take seconds.
  test.setTimeout(240_000);
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite<SiteInfo>(api, SITE);
  const area = siteArea(site, 'irrigation');
  const timeZone = siteTimeZone(site.config, site.tags.country);
  const [program] = await api.get<ProgramInfo[]>(`/programs?area=${area.id}`);
  if (!program) throw new Error(`${SITE} has no program`);

  await signIn(page, DEMO_LOGINS.admin);
  await page.goto(`/${site.id}/irrigation/${area.id}`);
  const chart = page.getByTestId('irrigation-history-chart');
  await expect(chart.getByText('Irrigation monthly', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const answer = await expectCsvOfAnswer(page, chart, api, `/areas/${area.id}/irrigation-history`);

  // The last three months of the site's calendar, each with runs of the demo's program once it
  // has had its nights: the demo's runs stop where the e2e stack's two days of simulated past
  // begin, and each zone waters one night in three from 20:00 (devstack demo-farm/run-history.ts),
  // so a month in its first days has none yet, and is answered empty.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const months = [2, 1, 0].map((back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    return first.toISOString().slice(0, 7);
  });
  expect(answer.periods).toEqual(months);
  // Two days of simulated past, up to three nights before a zone's turn, and today's evening.
  const daysWithoutRuns = 2 + 3 + 1;
  const ranMonths = day > daysWithoutRuns ? months : months.slice(0, 2);
  for (const period of ranMonths) {
    expect(answer.rows.filter((row) => row.period === period).length, period).toBeGreaterThan(0);
  }
  // Applied: the runtime at the zone's rate (5 mm/h when none is set); target: the program's
  // depth with its variation, once per run. Both to 0.1 mm, from a runtime to 0.1 minute.
  for (const row of answer.rows) {
    const setting = program.zones.find((zone) => zone.id === row.section)?.setting;
    if (!setting) throw new Error(`zone ${row.section} is not in the program`);
    const rate = setting.applicationRate ?? 5;
    expect(Math.abs(row.applied - (row.runtime / 60) * rate)).toBeLessThanOrEqual(
      0.05 + (0.05 / 60) * rate,
    );
    expect(row.target).toBeCloseTo(row.runs * setting.depth * (1 + setting.variation / 100), 1);
  }

  // A month zoomed into its days: the same runs, day by day.
  const zoomed = answer.periods[1] ?? '';
  const [zoomYear = 0, zoomMonth = 1] = zoomed.split('-').map(Number);
  const next = new Date(Date.UTC(zoomYear, zoomMonth, 1)).toISOString().slice(0, 10);
  const monthName = new Intl.DateTimeFormat('en', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(zoomYear, zoomMonth - 1, 1)));
  await chart.getByRole('combobox', { name: 'Days of a month' }).click();
  await page.getByRole('option', { name: monthName, exact: true }).click();
  await expect(chart.getByText(`Irrigation monthly: ${monthName}`)).toBeVisible();
  const days = await api.get<IrrigationHistory>(
    `/areas/${area.id}/irrigation-history?interval=day&from=${zoomed}-01&to=${next}`,
  );
  expect(days.rows.length).toBeGreaterThan(0);
  expect((await exportCsv(page, chart)).slice(1)).toEqual(expectedCsv(days));
  const monthRow = (section: number) =>
    answer.rows.find((row) => row.period === zoomed && row.section === section)?.runs ?? 0;
  for (const zone of days.zones) {
    const runs = days.rows.filter((row) => row.section === zone.section);
    expect(runs.reduce((sum, row) => sum + row.runs, 0)).toBe(monthRow(zone.section));
  }

  // png: the plot as drawn with the title and legend around it.
  const canvas = await chart
    .locator('canvas')
    .evaluate((element: HTMLCanvasElement) => ({ width: element.width }));
  const downloaded = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'PNG image', exact: true }).click();
  const png = readFileSync(await (await downloaded).path());
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(png.readUInt32BE(16)).toBe(canvas.width + 2 * PNG_PADDING);

  // The zone page: the chart of that zone alone.
  const zone = answer.zones.find((candidate) =>
    answer.rows.some((row) => row.section === candidate.section),
  );
  if (!zone) throw new Error('no zone ran');
  await page.getByRole('link', { name: zone.label, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/zone/${zone.section}$`));
  await expect(chart.getByText('Irrigation monthly', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const ofZone = await expectCsvOfAnswer(
    page,
    chart,
    api,
    `/areas/${area.id}/irrigation-history?section=${zone.section}`,
  );
  expect(ofZone.rows.every((row) => row.section === zone.section)).toBe(true);
  expect(ofZone.rows.length).toBeGreaterThan(0);
});
