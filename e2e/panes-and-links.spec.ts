import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Spec §2's panes and links as an operator meets them, against the real server and demo farm:
 * the dashboard opens a site on its detail pane (summary) and offers its default pane
 * (irrigation); a unit's deep link lands on telemetry with the query of type and target (the
 * older unit= link still opens it); alarms opened from the summary or the Telemetry page go Back
 * there (the path builder's `from`); a filtered hardware list is a link that survives a
 * reload (its `filter`); and the sidebar, off-canvas, opens over the page (padding 0).
 */
const USER = DEMO_LOGINS.admin;
const SITE = 'Te Awa Vineyard';

/** The page has loaded its hardware (a busy machine takes a while on a cold start). */
async function hardwareShown(page: Page) {
  await expect(page.locator('tr[data-kind="radio"]').first()).toBeVisible({ timeout: 60_000 });
}

test.describe('panes and links (§2 pane ids, path builder, redirect route)', () => {
  test('the dashboard opens a site on its summary, and offers its irrigation', async ({
    page,
    request,
  }) => {
    const site = await demoSite(await apiAs(request, USER), SITE);
    const irrigation = siteArea(site, 'irrigation');
    await signIn(page, USER);
    await page.goto('/dashboard');
    const list = page.getByRole('list', { name: 'Sites' });
    await list.getByRole('button', { name: new RegExp(SITE) }).click({ timeout: 30_000 });
    // The selected site offers the dashboard's default pane, irrigation (§2).
    await expect(list.getByRole('link', { name: `Irrigation of ${SITE}` })).toHaveAttribute(
      'href',
      `/${site.id}/irrigation/${irrigation.id}`,
    );
    // Opening it lands on its detail pane, the summary (§2).
    await list.getByRole('link', { name: `Open ${SITE}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/summary$`));
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();

    await page.goto('/dashboard');
    await list.getByRole('button', { name: new RegExp(SITE) }).click({ timeout: 30_000 });
    await list.getByRole('link', { name: `Irrigation of ${SITE}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${irrigation.id}$`));
  });

  test('a unit deep link opens telemetry with type and target; unit= links still open it', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, USER);
    const site = await demoSite(api, SITE);
    const area = siteArea(site, 'irrigation');
    const units = await api.get<{ id: number; areas: number[] }[]>(`/sites/${site.id}/units`);
    const unit = units.find((candidate) => candidate.areas.includes(area.id));
    if (!unit) throw new Error(`${SITE} has no unit in its irrigation area`);
    const row = page.locator(`tr[data-kind="unit"][data-id="${unit.id}"]`).first();

    await signIn(page, USER);
    await page.goto(`/${site.id}/${area.id}/unit/${unit.id}`);
    await expect(page).toHaveURL(
      new RegExp(`/${site.id}/telemetry/${area.id}\\?type=unit&target=${unit.id}$`),
      { timeout: 30_000 },
    );
    await hardwareShown(page);
    await expect(row).toHaveAttribute('aria-selected', 'true');

    // A link written before, with unit={id}, opens on the same unit.
    await page.goto(`/${site.id}/telemetry/${area.id}?unit=${unit.id}`);
    await hardwareShown(page);
    await expect(row).toHaveAttribute('aria-selected', 'true');
  });

  test('alarms opened from the summary or the Telemetry page go back there', async ({
    page,
    request,
  }) => {
    const site = await demoSite(await apiAs(request, USER), SITE);
    const area = siteArea(site, 'irrigation');
    const back = page.getByRole('link', { name: 'Back' });
    await signIn(page, USER);

    await page.goto(`/${site.id}/summary`);
    await page
      .getByRole('article', { name: area.label })
      .getByRole('link', { name: 'Alarms' })
      .click({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/${site.id}/${area.id}/alarms\\?from=5$`));
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/summary$`));

    await page.goto(`/${site.id}/telemetry/${area.id}`);
    await hardwareShown(page);
    await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Alarms' }).click();
    await page.getByRole('link', { name: 'Manage alarms' }).click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/${area.id}/alarms\\?from=4$`));
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/telemetry/${area.id}$`));
  });

  test('a filtered hardware list is a link, and survives a reload', async ({ page, request }) => {
    const site = await demoSite(await apiAs(request, USER), SITE);
    const area = siteArea(site, 'irrigation');
    await signIn(page, USER);

    // Sent as a link: the area's warnings.
    await page.goto(`/${site.id}/telemetry/${area.id}?filter=warning`);
    await expect(page.getByRole('table', { name: 'Radios and units' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('radio', { name: /^Warning \(\d+\)$/ })).toBeChecked();

    await page.getByText(/^Fault \(\d+\)$/).click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/telemetry/${area.id}\\?filter=fault$`));
    await page.reload();
    await expect(page.getByRole('table', { name: 'Radios and units' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('radio', { name: /^Fault \(\d+\)$/ })).toBeChecked();

    // Back to the whole list, as the user keeps it.
    await page.getByText(/^All \(\d+\)$/).click();
    await expect(page).toHaveURL(new RegExp(`\\?filter=all$`));
  });

  test('the off-canvas sidebar opens over the page: no padding beside it', async ({
    page,
    request,
  }) => {
    const site = await demoSite(await apiAs(request, USER), SITE);
    await signIn(page, USER);
    await page.goto(`/${site.id}/summary`);
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Toggle the sidebar' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(
      page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Summary' }),
    ).toBeVisible();
    await expect(page.locator('main')).toHaveCSS('padding-left', '0px');
  });
});
