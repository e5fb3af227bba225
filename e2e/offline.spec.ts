import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * §4 offline: the per-user cache (IndexedDB) serves the user's sites and the site summaries seen
 * before; when the API cannot be reached the console keeps showing them with an "Offline" badge.
 */
const ADMIN = DEMO_LOGINS.admin;
const PASSWORD = DEMO_PASSWORD;
/** Writes reach IndexedDB 1 s after the last one (§9 write debounce 1 s). */
const CACHE_WRITE_SETTLE_MS = 1_500;

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Account name').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function adminSites(request: APIRequestContext) {
  const config = (await (await request.get('/appConfig.json')).json()) as { awsRegion: string };
  const login = await request.post('/api/user/login', {
    data: { user: ADMIN, password: PASSWORD, region: config.awsRegion },
  });
  const { token } = (await login.json()) as { token: string };
  const sites = (await (
    await request.get('/api/sites', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number; label: string }[];
  const withAreas = await Promise.all(
    sites.map(async (site) => {
      const full = (await (
        await request.get(`/api/sites/${site.id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { id: number; label: string; areas: { label: string }[] };
      return full;
    }),
  );
  return withAreas.sort((a, b) => a.label.localeCompare(b.label));
}

const offlineBadge = (page: Page) => page.getByText('Offline', { exact: true });
const summaryOf = (page: Page, areaLabel: string) =>
  page.getByRole('main').getByRole('heading', { name: areaLabel, exact: true });

test('cached sites and summaries stay on screen when the API is unreachable', async ({
  page,
  context,
  request,
}) => {
  const [first, second] = await adminSites(request);
  if (!first || !second) throw new Error('the demo farm has two sites for the admin');

  await signIn(page);
  // The landing page lists the user's sites (cached as userSites).
  await expect(page.getByRole('link', { name: new RegExp(first.label) }).first()).toBeVisible();

  // Two site summaries seen while online (site snapshots in the cache history).
  for (const site of [second, first]) {
    await page.goto(`/${site.id}/summary`);
    await expect(summaryOf(page, site.areas[0]?.label ?? '')).toBeVisible();
    await page.waitForTimeout(CACHE_WRITE_SETTLE_MS);
  }
  await expect(offlineBadge(page)).toHaveCount(0);

  // The API goes away: the page reloads from the server, its data from the cache.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(summaryOf(page, first.areas[0]?.label ?? '')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: first.label })).toBeVisible();
  await expect(offlineBadge(page)).toBeVisible();

  // Moving within the console (RECENT sites, then the header's Summary) shows the other site.
  const openSummaryOf = async (site: { id: number; label: string }) => {
    await page.getByRole('button', { name: 'Toggle the sidebar' }).click();
    await page
      .getByRole('navigation', { name: 'Recent' })
      .getByRole('link', { name: site.label })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}(/|$)`));
    // /{siteId} resolves to the site's default page a moment later, and that may be the summary
    // itself (whose header has no Summary button): retry until the summary is the page shown.
    const headerSummary = page.getByRole('banner').getByRole('link', { name: 'Summary' });
    await expect(async () => {
      if (!new URL(page.url()).pathname.endsWith('/summary')) {
        await headerSummary.click({ timeout: 1_000 });
      }
      await expect(page).toHaveURL(new RegExp(`/${site.id}/summary$`), { timeout: 1_000 });
    }).toPass();
  };
  await openSummaryOf(second);
  await expect(summaryOf(page, second.areas[0]?.label ?? '')).toBeVisible();
  await expect(offlineBadge(page)).toBeVisible();

  // The browser goes offline too (page code already loaded keeps working): still the cache.
  await context.setOffline(true);
  await openSummaryOf(first);
  await expect(summaryOf(page, first.areas[0]?.label ?? '')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: first.label })).toBeVisible();
  await expect(offlineBadge(page)).toBeVisible();

  // Back online (and the API reachable): the badge goes and the data refreshes.
  await page.unroute('**/api/**');
  await context.setOffline(false);
  await expect(offlineBadge(page)).toHaveCount(0);
  await expect(summaryOf(page, first.areas[0]?.label ?? '')).toBeVisible();
});

test('signing out deletes the cache of that user', async ({ page }) => {
  await signIn(page);
  // / goes on to the default site's page (§2 root), whose data the cache keeps.
  await expect(page).toHaveURL(/\/\d+\/[a-z]+/);
  const stored = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('paddock-offline-cache');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('users')) return resolve(0);
            const count = db.transaction('users').objectStore('users').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        }),
    );
  // The user's record reaches IndexedDB once the write debounce (1 s, §9) has passed.
  await expect.poll(stored).toBe(1);

  const userMenu = page.getByRole('button', { name: /user menu/i });
  if (await userMenu.isVisible().catch(() => false)) await userMenu.click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(stored).toBe(0);
});
