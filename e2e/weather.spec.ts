import { colourBand } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type APIRequestContextFactory = {
  newContext: (options: { baseURL: string }) => Promise<APIRequestContext>;
};
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite } from './support/sites.ts';

/**
 * Issue 14, the Weather page against the real server and the simulated farm: the weather
 * station's temperature markers are drawn in the §9 band of their value, in the colour the
 * legend gives that band; switching a layer on shows its markers, and the choice
 * (weatherLayerSelection) survives a reload.
 */
interface SiteInfo {
  id: number;
  label: string;
  areas?: { id: number; type: string; capabilities: string[] }[];
}

async function weatherArea(playwright: { request: APIRequestContextFactory }, baseURL: string) {
  // A context of its own, so the API's sign-in leaves the browser's session alone.
  const context = await playwright.request.newContext({ baseURL });
  const api = await apiAs(context, DEMO_LOGINS.staff);
  const site = await demoSite<SiteInfo>(api, 'Te Awa Vineyard');
  // The vineyard's weather station stands in its irrigation area.
  const area = site.areas?.find(
    (candidate) => candidate.type === 'irrigation' && candidate.capabilities.includes('weather'),
  );
  if (!area) throw new Error('Te Awa Vineyard has no weather area');
  await context.dispose();
  return { siteId: site.id, areaId: area.id };
}

/** Signs the staff user in and opens the weather page of the vineyard's weather area. */
async function openWeatherPage(
  page: Page,
  playwright: { request: APIRequestContextFactory },
  baseURL: string | undefined,
) {
  const { siteId, areaId } = await weatherArea(playwright, baseURL ?? '');
  await signIn(page, DEMO_LOGINS.staff);
  await page.goto(`/${siteId}/weather/${areaId}`);
  return { siteId, areaId };
}

const markers = (page: Page, layer: string) =>
  page.locator(`.paddock-weather-marker[data-layer="${layer}"]`);

test.describe('Weather page (issue 14)', () => {
  test('temperature markers are in the colour band of their value', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await openWeatherPage(page, playwright, baseURL);
    const temperature = markers(page, 'temperature');
    await expect(temperature.first()).toBeVisible({ timeout: 60_000 });
    const legend = page.getByTestId('weather-legend').locator('[data-layer="temperature"]');
    await expect(legend).toBeVisible();
    for (const marker of await temperature.all()) {
      const value = Number(await marker.getAttribute('data-value'));
      expect(Number.isFinite(value)).toBe(true);
      const band = colourBand('temperature', value);
      expect(await marker.getAttribute('data-band')).toBe(String(band?.index));
      // The marker's fill is the legend's colour of that band, as the browser draws it.
      const swatch = legend.locator(`[data-band="${band?.index}"]`);
      const expected = await swatch.getAttribute('data-colour');
      const drawn = await marker.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(drawn).toBe(rgbOf(expected ?? ''));
      await expect(marker).toContainText('°C');
    }
  });

  test('switching a layer on shows its markers and survives a reload', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { siteId, areaId } = await openWeatherPage(page, playwright, baseURL);
    await expect(markers(page, 'temperature').first()).toBeVisible({ timeout: 60_000 });
    await expect(markers(page, 'windSpeed')).toHaveCount(0);

    // The chip's checkbox is visually hidden behind its label, which is what a user clicks.
    const chip = (name: string) =>
      page.locator('label').filter({ hasText: new RegExp(`^${name}$`) });
    await chip('Wind speed').click();
    await expect(page.getByRole('checkbox', { name: 'Wind speed', exact: true })).toBeChecked();
    await expect(markers(page, 'windSpeed').first()).toBeVisible();
    await expect(markers(page, 'windSpeed').first()).toContainText('kph');
    await chip('Temperature').click();
    await expect(markers(page, 'temperature')).toHaveCount(0);

    await page.reload();
    await expect(markers(page, 'windSpeed').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('checkbox', { name: 'Wind speed', exact: true })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Temperature', exact: true }),
    ).not.toBeChecked();
    await expect(markers(page, 'temperature')).toHaveCount(0);

    // Picking a marker selects its sensor: the link opens on it and its chart shows.
    await markers(page, 'windSpeed').first().click();
    await expect(page).toHaveURL(new RegExp(`/${siteId}/weather/${areaId}/sensor/\\d+$`));
  });
});

function rgbOf(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
