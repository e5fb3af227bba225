import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { expect, test, type Page } from '@playwright/test';

/**
 * German (§1 "Languages: English is the default"): a German browser, or the language picked on
 * the login page, shows the console in German — the sign-in form and the layout.
 */
const ADMIN = DEMO_LOGINS.admin;
const PASSWORD = DEMO_PASSWORD;

async function signInGerman(page: Page) {
  await page.getByLabel('Kontoname').fill(ADMIN);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('signs in and works in German', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

    await signInGerman(page);
    // Signed in, / goes on to the default site's page (§2), in German.
    await expect(page).toHaveURL(/\/\d+(\/|$)/);
    await expect(
      page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
  });
});

test('English by default; picking Deutsch switches the labels and is remembered', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByLabel('Kontoname')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await signInGerman(page);
  await expect(page).toHaveURL(/\/\d+(\/|$)/);
  await expect(
    page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
  await expect(page.getByRole('navigation', { name: 'Seitenleiste' })).toBeVisible();
});
