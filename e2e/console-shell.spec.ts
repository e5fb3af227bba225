import { expect, test } from '@playwright/test';

test.describe('console shell served by the server', () => {
  test('Chromium loads the built console and it reads the app config', async ({ page }) => {
    const configResponse = page.waitForResponse('**/appConfig.json');
    await page.goto('/');
    expect((await configResponse).status()).toBe(200);

    // Started (config valid) and, with no session, sent to sign in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Paddock' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a deep link is answered with the console, not a 404', async ({ page }) => {
    const response = await page.goto('/12/irrigation/3/zone/7?valve=9');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Paddock' })).toBeVisible();
  });

  test('an unreachable app config shows the red banner of spec §8', async ({ page }) => {
    // The server is real; only this one response is cut, as a failed network would.
    await page.route('**/appConfig.json', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Error: Failed to Request the Application Configuration');
    await expect(banner).toContainText('Failed to Fetch from the Server');
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  });

  test('an app config without a region shows which property is wrong', async ({ page }) => {
    await page.route('**/appConfig.json', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as Record<string, unknown>;
      delete body.awsRegion;
      await route.fulfill({ response: real, json: body });
    });
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText('Missing or Invalid AWS Region Property');
  });
});
