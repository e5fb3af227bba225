import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, type ApiSession } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 30 items 2 and 3 against the real server and the simulated farm: the irrigation map's
 * Water balance layer fills each of Te Awa's zones in the band of its deficit as GET
 * areas/{id}/water-balance gives it, with the deficit in the zone's tooltip; the weather page's
 * ET0 layer shows the station's daily ET0, and under its chart each day with what it came from.
 */

/** §9 colours of the layer's bands (apps/web/src/features/irrigation/water-balance-layer.ts). */
const BAND_COLOURS = { comfortable: '#4CAF50', approaching: '#FFB300', dry: '#F44336' } as const;

interface ZoneBalance {
  section: number;
  label: string;
  depletion: number;
  raw: number;
  percentOfRaw: number;
  dry: boolean;
}

function bandColour(zone: ZoneBalance): string {
  if (zone.dry) return BAND_COLOURS.dry;
  return zone.depletion >= 0.5 * zone.raw ? BAND_COLOURS.approaching : BAND_COLOURS.comfortable;
}

async function teAwa(api: ApiSession) {
  const site = await demoSite(api, 'Te Awa Vineyard');
  return { site, irrigation: siteArea(site, 'irrigation') };
}

const zonePath = (page: Page, sectionId: number) => page.locator(`path.paddock-zone-${sectionId}`);

test.describe('water balance and ET0 in the console (issue 30)', () => {
  test('the map`s Water balance layer fills each zone by its deficit, shown in its tooltip', async ({
    page,
    request,
  }, testInfo) => {
    const api = await apiAs(request, DEMO_LOGINS.manager);
    const { site, irrigation } = await teAwa(api);
    const balance = await api.get<{ zones: ZoneBalance[] }>(
      `/areas/${irrigation.id}/water-balance`,
    );
    expect(balance.zones.length).toBeGreaterThan(0);

    await signIn(page, DEMO_LOGINS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${site.id}/irrigation/${irrigation.id}`);
    await expect(page.locator('path.paddock-zone')).toHaveCount(balance.zones.length);
    const legend = page.getByRole('region', { name: 'Legend' });
    await legend.getByRole('checkbox', { name: 'Water balance' }).check();
    await expect(legend.getByText('Past RAW: dry')).toBeVisible();
    // The balance moves while the demo's past is still being loaded (and the page asks again
    // at its refresh): each zone is compared with the server's answer until they agree.
    for (const zone of balance.zones) {
      await expect
        .poll(
          async () => {
            const now = await api.get<{ zones: ZoneBalance[] }>(
              `/areas/${irrigation.id}/water-balance`,
            );
            const fresh = now.zones.find((entry) => entry.section === zone.section) ?? zone;
            return (await zonePath(page, zone.section).getAttribute('fill')) === bandColour(fresh);
          },
          { timeout: 90_000 },
        )
        .toBe(true);
    }
    await page.screenshot({ path: testInfo.outputPath('water-balance-layer-1440.png') });
    // The driest zone's tooltip gives its deficit in mm and % of RAW. Its middle may lie under
    // a marker or a neighbour, so the pointer comes to the zone itself.
    const driest = [...balance.zones].sort((a, b) => b.percentOfRaw - a.percentOfRaw)[0];
    if (!driest) throw new Error('no zone');
    const box = await zonePath(page, driest.section).boundingBox();
    await zonePath(page, driest.section).dispatchEvent('mouseover', {
      clientX: (box?.x ?? 0) + (box?.width ?? 0) / 2,
      clientY: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    });
    await expect(page.locator('.leaflet-tooltip')).toHaveText(
      new RegExp(`^${driest.label}: [\\d.]+ mm below field capacity, \\d+ % of RAW$`),
    );
  });

  test('the ET0 layer shows the station`s daily ET0, and its chart each day`s inputs', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, DEMO_LOGINS.staff);
    const { site, irrigation } = await teAwa(api);
    // The demo's past is computed in the background: wait for the station's first whole day.
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const et0 = await api.get<{ stations: { area: number; days: unknown[] }[] }>(
            `/sites/${site.id}/et0?from=${from}&to=${today}`,
          );
          return et0.stations.find((station) => station.area === irrigation.id)?.days.length ?? 0;
        },
        { timeout: 90_000 },
      )
      .toBeGreaterThan(0);

    await signIn(page, DEMO_LOGINS.staff);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${site.id}/weather/${irrigation.id}`);
    await page.locator('label').filter({ hasText: /^ET0$/ }).click();
    await expect(page.getByRole('checkbox', { name: 'ET0', exact: true })).toBeChecked();
    const marker = page.locator('.paddock-weather-marker[data-layer="et0"]').first();
    await expect(marker).toBeVisible({ timeout: 60_000 });
    await expect(marker).toContainText('mm');

    await marker.click();
    const chart = page.getByTestId('weather-chart');
    await chart.getByText('ET0', { exact: true }).click();
    const days = chart.getByRole('table', { name: 'ET0 by day and what it came from' });
    await expect(days).toBeVisible();
    // Te Awa's station has a pyranometer: its radiation is measured, not estimated.
    await expect(days.getByRole('row').nth(1)).toContainText('MJ/m² measured');
    await expect(days.getByRole('row').nth(1)).toContainText('°C');
  });
});
