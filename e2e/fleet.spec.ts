import type { Fleet } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 33 item 4, the fleet view against the shared stack: support staff, working on one demo
 * site, open Fleet from the user menu and see at the top a raised alarm of another site (the
 * demo's first irrigation areas each start with 'Any radio overdue' raised; raised alarms rank
 * before what devices report, domain fleet/attention.ts); its row opens that alarm's page. The
 * dashboard shows each site's count beside its name.
 */

test('support staff see a raised alarm of another site at the top of the fleet view', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_LOGINS.staff);
  const before = await api.get<Fleet>('/fleet');
  expect(before.items[0]?.kind, 'the demo starts with raised alarms').toBe('alarm');
  // Staff work on a site other than the top alarm's, and one with no critical item: the frost and
  // alarm specs beside this one raise critical alarms, which would then rank above the rest.
  const sites = await api.get<{ id: number; label: string }[]>('/sites');
  const elsewhere = sites.find(
    (site) =>
      site.id !== before.items[0]?.site.id &&
      !before.items.some((item) => item.site.id === site.id && item.severity === 'critical'),
  );
  expect(elsewhere, 'staff see more than one demo site').toBeDefined();
  if (!elsewhere) return;

  await signIn(page, DEMO_LOGINS.staff);
  await page.goto(`/${elsewhere.id}/summary`);
  await expect(page.getByRole('heading', { level: 1, name: elsewhere.label })).toBeVisible();
  // The list is live: its top is read from the answer the page drew, not from an earlier call.
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith('/fleet') && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Fleet' }).click();
  await expect(page).toHaveURL(/\/fleet$/);
  const top = ((await (await answered).json()) as Fleet).items[0];
  expect(top?.kind).toBe('alarm');
  if (!top) return;
  expect(top.site.id, 'the top alarm is of another site').not.toBe(elsewhere.id);

  const first = page.getByTestId('fleet-row').first();
  await expect(first.getByRole('link')).toHaveText(`Alarm: ${top.target.label}`);
  await expect(first).toContainText(top.site.label);
  await page.screenshot({ path: 'test-results/fleet-1440.png', fullPage: true });

  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${top.route.replace(/\?.*$/, '')}`));

  await page.goto('/dashboard');
  await expect(page.getByTestId('site-attention').first()).toBeVisible();
});
