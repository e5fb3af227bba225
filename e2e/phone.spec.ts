import { DEMO_LOGINS } from '@paddock/domain/demo';
import { devices, expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * The console on a phone (§2 "On phones (detected by user agent) tabs show icons only"; "A zone
 * path with a detailId is full screen on phones"; §9 narrow under 700 px): a phone's user agent
 * at 375 px, through sign-in, the summary, the irrigation page, a zone and the alarms.
 */
// The phone's user agent, touch and scale; the browser stays the lanes' Chromium.
const iPhone = devices['iPhone 13'];
test.use({
  userAgent: iPhone.userAgent,
  deviceScaleFactor: iPhone.deviceScaleFactor,
  isMobile: iPhone.isMobile,
  hasTouch: iPhone.hasTouch,
  viewport: { width: 375, height: 812 },
});

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

/** The page fits the phone's width: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('on a phone: sign in, summary, irrigation with icon tabs, a zone full screen, alarms', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite(api, 'Rapaura Vineyard');
  const area = siteArea(site, 'irrigation');
  const [section] = await api.get<{ id: number; label: string }[]>(`/sections?area=${area.id}`);
  if (!section) throw new Error(`${area.label} has no zone`);

  await signIn(page, DEMO_LOGINS.admin);
  await page.goto(`/${site.id}/summary`);
  // The first page loads the console's code and the site's data on a phone's connection.
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // From the summary's area card to the irrigation page.
  await page.getByRole('link', { name: `Open ${area.label}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${area.id}$`));
  const tabs = page.getByRole('tablist', { name: 'Area pages' });
  const irrigationTab = tabs.getByRole('tab', { name: 'Irrigation' });
  await expect(irrigationTab).toBeVisible();
  // Icons only: the tab is named for assistive technology, its label is not written out.
  await expect(irrigationTab).not.toContainText('Irrigation');
  await expect(tabs.getByRole('tab', { name: 'Telemetry' })).not.toContainText('Telemetry');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/routes-phone-irrigation.png' });

  // A zone is full screen: no tab bar, a back arrow in the header.
  await page.getByRole('link', { name: section.label, exact: true }).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/${site.id}/irrigation/${area.id}/zone/${section.id}(\\?|$)`),
  );
  await expect(
    page.getByRole('banner').getByRole('heading', { name: `Zone ${section.label}` }),
  ).toBeVisible();
  await expect(tabs).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/routes-phone-zone.png' });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${area.id}$`));
  await expect(tabs).toBeVisible();

  // The area's alarms, and back to the area.
  await page.goto(`/${site.id}/${area.id}/alarms`);
  await expect(page.getByRole('tab', { name: 'Contacts' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/routes-phone-alarms.png' });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${area.id}$`));
});
