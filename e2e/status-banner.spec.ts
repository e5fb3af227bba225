import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * §4 Incident banner against the real server relaying a local status page (playwright.config.ts
 * starts it on E2E_STATUS_PAGE_PORT and points STATUS_SUMMARY_URL at it, with no server-side cache).
 */
const STATUS_PAGE = `http://127.0.0.1:${process.env.E2E_STATUS_PAGE_PORT ?? 8191}`;
const INCIDENT = 'An incident is impacting some Services.';
const MAINTENANCE = 'Scheduled Maintence has begun and may impact some Services.';
const STATUS_POLL_MS = 60_000;

type Item = { name: string; url?: string };

async function setStatus(
  request: APIRequestContext,
  summary: { activeIncidents: Item[]; activeMaintenances: Item[] },
) {
  const response = await request.put(`${STATUS_PAGE}/__summary`, { data: summary });
  expect(response.status()).toBe(204);
}

const banner = (page: Page) => page.getByRole('status', { name: 'Service status' });

test.afterEach(async ({ request }) => {
  await setStatus(request, { activeIncidents: [], activeMaintenances: [] });
});

test('the banner shows an incident, hides for this tab and comes back when the status changes', async ({
  page,
  request,
}) => {
  await setStatus(request, {
    activeIncidents: [{ name: 'Delayed telemetry', url: 'https://status.example/incidents/1' }],
    activeMaintenances: [],
  });
  await page.clock.install();
  await page.goto('/login');
  await expect(banner(page)).toContainText(INCIDENT);
  await expect(banner(page).getByRole('link', { name: 'Learn more' })).toHaveAttribute(
    'href',
    'https://status.example/incidents/1',
  );

  await banner(page).getByRole('button', { name: 'Hide' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem('acknowledged'))).toContain(
    'Delayed telemetry',
  );

  // Same tab, same report: it stays hidden after a reload. The next poll is timed from this
  // load's answer, so the clock moves on only once it has come (on a busy machine it can come
  // after the page is drawn).
  const summaryAnswered = page.waitForResponse((response) =>
    response.url().includes('/api/status/summary'),
  );
  await page.reload();
  await summaryAnswered;
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(banner(page)).toHaveCount(0);

  // A new report reaches the banner at the next poll (every 60 s).
  await setStatus(request, {
    activeIncidents: [],
    activeMaintenances: [{ name: 'Database upgrade', url: 'https://status.example/maintenance/7' }],
  });
  await page.clock.fastForward(STATUS_POLL_MS);
  await expect(banner(page)).toContainText(MAINTENANCE);

  // The x hides it too; and when the status page clears, nothing comes back.
  await banner(page).getByRole('button', { name: 'Close' }).click();
  await expect(banner(page)).toBeHidden();
  await setStatus(request, { activeIncidents: [], activeMaintenances: [] });
  await page.clock.fastForward(STATUS_POLL_MS);
  await expect(banner(page)).toHaveCount(0);
});

test('a cleared status takes the banner away without the user hiding it', async ({
  page,
  request,
}) => {
  await setStatus(request, {
    activeIncidents: [{ name: 'Radio network outage' }],
    activeMaintenances: [],
  });
  await page.clock.install();
  await page.goto('/login');
  await expect(banner(page)).toContainText(INCIDENT);
  // No page for the incident: no Learn more link.
  await expect(banner(page).getByRole('link', { name: 'Learn more' })).toHaveCount(0);

  await setStatus(request, { activeIncidents: [], activeMaintenances: [] });
  await page.clock.fastForward(STATUS_POLL_MS);
  await expect(banner(page)).toHaveCount(0);
});

test('another tab has its own acknowledgement', async ({ context, page, request }) => {
  await setStatus(request, {
    activeIncidents: [{ name: 'Delayed telemetry' }],
    activeMaintenances: [],
  });
  await page.goto('/login');
  await banner(page).getByRole('button', { name: 'Hide' }).click();
  await expect(banner(page)).toBeHidden();

  const other = await context.newPage();
  await other.goto('/login');
  await expect(banner(other)).toContainText(INCIDENT);
});
