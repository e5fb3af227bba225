import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 15, the frost area page against the real server and the simulated farm: the simulator
 * runs a compressed frost night (16 hours in 3 minutes) on Te Awa Vineyard; the page shows the
 * fans starting in the running colour with their RPM, the canopy temperature falling below 0 °C
 * and recovering after sunrise, the summary counting the fans running; then the frost explorer
 * shows the night with each fan's runs. Screenshots at 375 and 1440 px go to test-results.
 */
const SITE = 'Te Awa Vineyard';
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
const NIGHT_MINUTES = 3;
/** §4 running colour (#448AFF) as the browser reports it. */
const RUNNING_RGB = 'rgb(68, 138, 255)';

async function canopyNow(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('fan-canopy').textContent()) ?? '';
  const value = Number.parseFloat(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

test('a compressed frost night on the frost page and in the explorer', async ({
  page,
  request,
}) => {
  test.setTimeout((NIGHT_MINUTES + 4) * 60_000);
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite(api, SITE);
  const area = siteArea(site, 'frost');

  await signIn(page, DEMO_LOGINS.admin);
  // The area's own path lands on the frost page, with the Frost tab.
  await page.goto(`/${site.id}/${area.id}`);
  await expect(page).toHaveURL(new RegExp(`/${site.id}/frost/${area.id}$`));
  await expect(page.getByRole('tab', { name: 'Frost' })).toBeVisible();
  await expect(page.getByTestId('fan-row')).toHaveCount(3);
  // Every §9 fan metric is listed with its label.
  for (const label of ['Battery (V)', 'RPM', 'Wind Speed (kph)', 'Fuel Level (%)', 'Trip (hrs)']) {
    await expect(page.getByTestId('fan-metrics').getByText(label, { exact: true })).toBeVisible();
  }

  const started = await request.post(`${CONTROL_URL}/frost-night`, {
    data: { siteId: site.id, minutes: NIGHT_MINUTES, reportSeconds: 3 },
  });
  expect(started.status(), await started.text()).toBe(201);

  // Dusk: the canopy cools; the fans start in the running colour with their RPM.
  const readings: number[] = [];
  const running = page.locator('[data-testid="fan-row"][data-state="running"]');
  // How many fans run, polled through the night while the canopy's readings are kept.
  const runningFans = () =>
    expect.poll(
      async () => {
        const value = await canopyNow(page);
        if (value !== null) readings.push(value);
        return running.count();
      },
      { timeout: NIGHT_MINUTES * 60_000, intervals: [2_000] },
    );
  await runningFans().toBeGreaterThan(0);
  const first = running.first();
  await expect(first.getByTestId('fan-state')).toHaveCSS('background-color', RUNNING_RGB);
  const rpm = Number((await first.getByTestId('fan-rpm').textContent())?.replace(/\D/g, ''));
  expect(rpm).toBeGreaterThan(2000);
  await expect(page.getByTestId('frost-summary-running')).toContainText(/[1-3] of 3/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/frost-1440-running.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/frost-375-running.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Through the night to after sunrise: the canopy falls below 0 °C and recovers, the fans stop.
  await runningFans().toBe(0);
  const lowest = Math.min(...readings);
  expect(lowest, `canopy readings ${readings.join(', ')}`).toBeLessThan(1);
  // After sunrise the canopy warms: the page's reading climbs more than 2 °C above the night's low.
  await expect
    .poll(async () => (await canopyNow(page)) ?? lowest, { timeout: 30_000, intervals: [1_000] })
    .toBeGreaterThan(lowest + 2);
  await expect(page.getByTestId('frost-summary-running')).toContainText('0 of 3');
  await expect(page.getByTestId('frost-summary-below-zero')).not.toContainText(/^\D*0 min/);

  // The explorer shows the night: every fan's run, with its start and stop temperatures.
  const views = page.getByRole('radiogroup', { name: 'Frost views' });
  await views.locator('label', { hasText: 'Explorer' }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/frost/${area.id}/explorer$`));
  const explorer = page.getByTestId('frost-explorer');
  await expect(explorer.getByTestId('chart-plot')).toBeVisible();
  await expect(explorer.getByTestId('frost-run').first()).toBeVisible({ timeout: 30_000 });
  expect(await explorer.getByTestId('frost-run').count()).toBeGreaterThanOrEqual(3);
  await expect(explorer.getByTestId('frost-run').first()).toContainText('°C');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/frost-1440-explorer.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/frost-375-explorer.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await views.locator('label', { hasText: 'Map' }).click();
  await expect(page.getByRole('region', { name: `Map of ${area.label}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/frost-1440-map.png' });
});
