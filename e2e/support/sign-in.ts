import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@paddock/domain/demo';

/** Signs a demo user in through the login screen and waits until the console has moved on. */
export async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Account name').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  // A stack that has just started (loading the demo farm's past) can take a while to answer.
  await expect(page).not.toHaveURL(/\/(login|redirect)$/, { timeout: 20_000 });
}
