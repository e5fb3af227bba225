import { expect, type Browser, type Page } from '@playwright/test';
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

/**
 * As signIn, waiting longer for the console to move on: the first sign-in of a cold stack may take
 * longer than signIn waits.
 */
async function signInPatiently(page: Page, user: string): Promise<void> {
  try {
    await signIn(page, user);
  } catch {
    await expect(page).not.toHaveURL(/\/(login|redirect)$/, { timeout: 60_000 });
  }
}

/**
 * A page in a browser context of its own, `width` px wide (a phone's height below 700 px, a
 * desktop's above), with the demo user signed in patiently. Close it with its context.
 */
export async function signedInPage(browser: Browser, user: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 700 ? 812 : 900 },
  });
  const page = await context.newPage();
  await signInPatiently(page, user);
  return page;
}
