import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { signIn as signInAs } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * §4 offline: the per-user cache (IndexedDB) serves the user's sites and what each page showed
 * (§3: the site summaries, an area's programs, radios and alarms…); when the API cannot be
 * reached the console keeps showing them with an "Offline" badge that says how old they are.
 */
const ADMIN = DEMO_LOGINS.admin;
const PASSWORD = DEMO_PASSWORD;

/** Signs the admin in, waiting for a busy stack to move on from the login screen. */
const signIn = (page: Page) => signInAs(page, ADMIN);

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
/** The badge's age of the data on screen: 'Data from 12 seconds ago', '… 3 minutes ago'. */
const dataAge = (page: Page) => page.getByRole('status').getByText(/Data from /);

/** The offline cache record IndexedDB holds for the signed-in user (written 1 s after a change). */
function storedRecord(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{
        entries: Record<string, unknown>;
        history: { siteId: number; entries: Record<string, unknown> }[];
      } | null>((resolve, reject) => {
        const open = indexedDB.open('paddock-offline-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('users')) return resolve(null);
          const all = db.transaction('users').objectStore('users').getAll();
          all.onsuccess = () => resolve((all.result[0] as never) ?? null);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The entries of the site's snapshot that have reached IndexedDB. */
async function storedSiteEntries(page: Page, siteId: number): Promise<string[]> {
  const record = await storedRecord(page);
  const snapshot = record?.history.find((candidate) => candidate.siteId === siteId);
  return Object.keys(snapshot?.entries ?? {}).sort();
}

/** The most seconds the badge's age may mean ('12 seconds ago': 12; '3 minutes ago': 239). */
function mostAgeSeconds(text: string): number {
  const match = /(\d+) (second|minute)s? ago/.exec(text);
  if (match) return match[2] === 'minute' ? Number(match[1]) * 60 + 59 : Number(match[1]);
  if (/> 1 hour ago/.test(text)) return Infinity;
  if (/now/.test(text)) return 0;
  throw new Error(`no age in '${text}'`);
}
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
    await expect(summaryOf(page, site.areas[0]?.label ?? '')).toBeVisible({ timeout: 30_000 });
    // Written to IndexedDB once writes pause for 1 s (§9 write debounce).
    await expect
      .poll(() => storedSiteEntries(page, site.id))
      .toEqual(expect.arrayContaining(['siteSummary', 'sites']));
  }
  await expect(offlineBadge(page)).toHaveCount(0);

  // The API goes away: the page reloads from the server, its data from the cache.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(summaryOf(page, first.areas[0]?.label ?? '')).toBeVisible({ timeout: 30_000 });
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
        await headerSummary.click({ timeout: 5_000 });
      }
      await expect(page).toHaveURL(new RegExp(`/${site.id}/summary$`), { timeout: 5_000 });
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

interface ProgramInfo {
  name: string;
}
interface RadioInfo {
  id: number;
}
interface AlarmInfo {
  id: number;
  label: string;
}

test('offline after one visit, the irrigation, telemetry and alarms pages show their last data and its age', async ({
  page,
  context,
  request,
}) => {
  // Three pages visited online (each a first visit: a busy stack takes a while), then offline.
  test.setTimeout(240_000);
  const api = await apiAs(request, ADMIN);
  const site = await demoSite(api, 'Te Awa Vineyard');
  const area = siteArea(site, 'irrigation');
  const [program] = await api.get<ProgramInfo[]>(`/programs?area=${area.id}`);
  const [radio] = await api.get<RadioInfo[]>(`/areas/${area.id}/radios`);
  // The demo farm's own alarm (the one seeded first), not one another spec adds meanwhile.
  const [alarm] = (await api.get<AlarmInfo[]>(`/areas/${area.id}/alarms`)).sort(
    (a, b) => a.id - b.id,
  );
  if (!program || !radio || !alarm)
    throw new Error('Te Awa Vineyard has a program, radios and alarms');
  const pages = {
    irrigation: {
      path: `/${site.id}/irrigation/${area.id}`,
      shows: () => page.getByRole('heading', { name: program.name }),
      reads: ['areaPrograms', 'areaSections'],
    },
    telemetry: {
      path: `/${site.id}/telemetry/${area.id}`,
      shows: () => page.locator(`tr[data-kind="radio"][data-id="${radio.id}"]`),
      reads: ['areaRadios'],
    },
    alarms: {
      path: `/${site.id}/${area.id}/alarms`,
      shows: () => page.getByText(alarm.label, { exact: true }).first(),
      reads: ['siteAlarms'],
    },
  };

  // One visit of each page while online. What a page read is in IndexedDB 1 s after its last
  // change (§9), and the next page load starts a new document: it is awaited before moving on.
  await signIn(page);
  for (const { path, shows, reads } of Object.values(pages)) {
    await page.goto(path);
    await expect(shows()).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(() => storedSiteEntries(page, site.id))
      .toEqual(expect.arrayContaining([...reads, 'sites']));
  }
  await expect(offlineBadge(page)).toHaveCount(0);
  expect(await storedSiteEntries(page, site.id)).toEqual(
    expect.arrayContaining(['areaPrograms', 'areaRadios', 'areaSections', 'siteAlarms', 'sites']),
  );
  const lastOnline = Date.now();

  // The API is gone: each page, loaded afresh, shows its data from the cache and how old it is.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  let loadedAt = 0;
  for (const { path, shows } of Object.values(pages)) {
    loadedAt = Date.now();
    await page.goto(path);
    await expect(shows()).toBeVisible({ timeout: 30_000 });
    // The badge shows once the page's first call has failed.
    await expect(offlineBadge(page)).toBeVisible({ timeout: 30_000 });
    await expect(dataAge(page)).toHaveText(/Data from (\d+ (seconds?|minutes?) ago|now)/);
  }
  // The age is the data's (saved before the API went away), not the page's (loaded after).
  const age = mostAgeSeconds((await dataAge(page).textContent()) ?? '');
  expect(age).toBeGreaterThanOrEqual(Math.floor((loadedAt - lastOnline) / 1_000));
  await page.screenshot({ path: '/tmp/offline-alarms.png' });

  // Moving within the console (the API still gone): the header's Back to the area, then its
  // Telemetry tab; each page shows its last data and its age.
  await page
    .getByRole('button', { name: 'Back' })
    .or(page.getByRole('link', { name: 'Back' }))
    .click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${area.id}$`), {
    timeout: 30_000,
  });
  await expect(pages.irrigation.shows()).toBeVisible({ timeout: 30_000 });
  await expect(dataAge(page)).toBeVisible();
  await page.getByRole('tab', { name: /Telemetry/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/telemetry/${area.id}$`));
  await expect(pages.telemetry.shows()).toBeVisible({ timeout: 30_000 });
  await expect(dataAge(page)).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-telemetry.png' });

  // The browser goes offline too: back through the pages seen, each still shows its last data.
  await context.setOffline(true);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${area.id}$`));
  await expect(pages.irrigation.shows()).toBeVisible();
  await expect(dataAge(page)).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-irrigation.png' });
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/${area.id}/alarms$`));
  await expect(pages.alarms.shows()).toBeVisible();
  await expect(dataAge(page)).toBeVisible();

  // Back online: the badge and its age go.
  await page.unroute('**/api/**');
  await context.setOffline(false);
  await expect(offlineBadge(page)).toHaveCount(0);
  await expect(dataAge(page)).toHaveCount(0);
  await expect(pages.alarms.shows()).toBeVisible();
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
  await expect.poll(stored, { timeout: 30_000 }).toBe(1);

  const userMenu = page.getByRole('button', { name: /user menu/i });
  if (await userMenu.isVisible().catch(() => false)) await userMenu.click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(stored).toBe(0);
});
