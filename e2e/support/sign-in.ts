import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@paddock/domain/demo';

/** Signs a demo user in through the login screen and waits until the console has moved on. */
export async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Account name').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/(login|redirect)$/);
}
