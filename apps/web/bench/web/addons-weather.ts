/**
 * bench:web's Add-ons and Weather pages (issue 14) of their largest demo areas: LCP cold and warm.
 */
import { CONTROL_ADDON_TYPES, SENSOR_ADDON_TYPES } from '@paddock/domain';
import { type Browser, type Page } from 'playwright-core';
import { coldAndWarmLcp } from './page-tools.ts';
import { apiGet, signIn, type SiteInfo } from './session.ts';
import { type Profile } from './settings.ts';

export interface AddonsArea {
  readonly siteId: number;
  readonly areaId: number;
  readonly label: string;
  readonly things: number;
}

/** The types a domain table names an add-on thing type for (the rest are no add-ons). */
const addonTypes = (table: Readonly<Record<string, string | null>>): ReadonlySet<string> =>
  new Set(
    Object.entries(table)
      .filter(([, thing]) => thing !== null)
      .map(([type]) => type),
  );
/** Sensor and control types the Add-ons page lists (the domain's add-on types). */
const ADDON_SENSOR_TYPES = addonTypes(SENSOR_ADDON_TYPES);
const ADDON_CONTROL_TYPES = addonTypes(CONTROL_ADDON_TYPES);

/** The demo farm's area with the most add-ons (scale sites left out: they are not the demo's). */
export async function largestAddonsArea(base: string): Promise<AddonsArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  let best: AddonsArea | null = null;
  for (const site of sites.filter((candidate) => !candidate.label.startsWith('Bench Farm'))) {
    const full = await apiGet<{ areas?: { id: number; label: string }[] }>(
      base,
      token,
      `/sites/${site.id}`,
    );
    for (const area of full.areas ?? []) {
      const sensors = await apiGet<{ type: string }[]>(base, token, `/sensors?area=${area.id}`);
      const controls = await apiGet<{ type: string }[]>(base, token, `/controls?area=${area.id}`);
      const things =
        sensors.filter((sensor) => ADDON_SENSOR_TYPES.has(sensor.type)).length +
        controls.filter((control) => ADDON_CONTROL_TYPES.has(control.type)).length;
      if (!best || things > best.things) {
        best = { siteId: site.id, areaId: area.id, label: area.label, things };
      }
    }
  }
  if (!best) throw new Error('the demo farm has no area');
  return best;
}

/** The add-on cards are drawn with their values. */
async function addonsShown(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="addon-card"] [data-testid="thing-value"]', {
    timeout: 90_000,
  });
}

/** The Add-ons page of the largest area: LCP cold and warm. */
export async function measureAddons(
  browser: Browser,
  base: string,
  profile: Profile,
  area: AddonsArea,
): Promise<{ cold: number; warm: number }> {
  return coldAndWarmLcp(
    browser,
    base,
    profile,
    `/${area.siteId}/addons/${area.areaId}`,
    addonsShown,
  );
}

export interface WeatherArea {
  readonly siteId: number;
  readonly areaId: number;
  readonly label: string;
  readonly sensors: number;
}

/** The demo area with weather that has the most sensors: the weather page's heaviest map. */
export async function weatherArea(base: string): Promise<WeatherArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  let largest: WeatherArea | null = null;
  for (const site of sites) {
    const full = await apiGet<{ areas?: { id: number; label: string; capabilities: string[] }[] }>(
      base,
      token,
      `/sites/${site.id}`,
    );
    for (const area of full.areas ?? []) {
      if (!area.capabilities.includes('weather')) continue;
      const sensors = await apiGet<unknown[]>(base, token, `/sensors?area=${area.id}`);
      if (!largest || sensors.length > largest.sensors) {
        largest = { siteId: site.id, areaId: area.id, label: area.label, sensors: sensors.length };
      }
    }
  }
  if (!largest) throw new Error('no demo area has weather');
  return largest;
}

/** The Weather page of the largest weather area: LCP cold, then warm (cached). */
export async function measureWeather(
  browser: Browser,
  base: string,
  profile: Profile,
  area: WeatherArea,
): Promise<{ cold: number; warm: number }> {
  return coldAndWarmLcp(browser, base, profile, `/${area.siteId}/weather/${area.areaId}`, (page) =>
    page.waitForSelector('.paddock-weather-marker', { timeout: 90_000 }),
  );
}
