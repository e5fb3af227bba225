import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { expect, test, type Page } from '@playwright/test';

/** Spec §2 Login and "After login, redirect", against the real server and demo farm. */
const PASSWORD = DEMO_PASSWORD;
const ACCOUNTS = DEMO_LOGINS;

async function signIn(page: Page, user: string, password = PASSWORD) {
  await page.getByLabel('Account name').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Every path the console shows, in order (client-side navigations included). */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/** The Logout control: in the header today, possibly behind a user menu later. */
async function logOut(page: Page) {
  const userMenu = page.getByRole('button', { name: /user menu/i });
  const logout = page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }));
  // The header shows the user menu (or, on a narrow page, Logout itself) once the user's
  // privileges and contact have loaded: wait for either before choosing.
  await expect(userMenu.or(logout).first()).toBeVisible();
  if (await userMenu.isVisible()) await userMenu.click();
  await logout.click();
}

test.describe('login (§2, §8)', () => {
  for (const [role, user] of Object.entries(ACCOUNTS)) {
    test(`${role} signs in and lands on / through /redirect`, async ({ page }) => {
      const paths = recordPaths(page);
      await page.goto('/login');
      await signIn(page, user);
      await expect
        .poll(() => paths.slice(paths.indexOf('/redirect')))
        .toEqual(expect.arrayContaining(['/redirect', '/']));
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
      expect(stored).toMatchObject({ loginId: user, uid: expect.any(String) });
    });
  }

  test('a previous dashboard path with one site goes to that site summary', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/appConfig.json')).json()) as { awsRegion: string };
    const login = await request.post('/api/user/login', {
      data: { user: ACCOUNTS.monitor, password: PASSWORD, region: config.awsRegion },
    });
    const tokens = (await login.json()) as { token: string };
    const sites = (await (
      await request.get('/api/sites', { headers: { authorization: `Bearer ${tokens.token}` } })
    ).json()) as { id: number }[];
    expect(sites).toHaveLength(1);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.monitor);
    await expect(page).toHaveURL(new RegExp(`/${sites[0]?.id}/summary$`));
  });

  test('a deep link is kept through sign-in', async ({ page }) => {
    await page.goto('/dashboard?country=NZ');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard\?country=NZ$/);
  });

  test('a wrong password shows the 401 message in a danger alert', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.manager, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The account name or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown account shows the wrong-password message: sign-in names no accounts', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, 'nobody@demo.paddock.example');
    await expect(page.getByRole('alert')).toHaveText('The account name or password is incorrect.');
  });

  test('empty fields are required and nothing is sent', async ({ page }) => {
    await page.goto('/login');
    let sent = false;
    page.on('request', (req) => {
      if (req.url().includes('/api/user/login')) sent = true;
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Account name is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('a reload keeps the session; logout returns to /login and ends it', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL((url) => !['/login', '/redirect'].includes(url.pathname));
    await page.goto('/notfound');
    await page.reload();
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

    await logOut(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await page.goto('/notfound');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('remember me prefills the account name next time', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Remember me').check();
    await signIn(page, ACCOUNTS.monitor);
    await page.waitForURL((url) => !['/login', '/redirect'].includes(url.pathname));
    await logOut(page);
    await expect(page.getByLabel('Account name')).toHaveValue(ACCOUNTS.monitor);
    await expect(page.getByLabel('Remember me')).toBeChecked();
  });

  test('forgot password asks to check the inbox alike for an unknown and a known email', async ({
    page,
  }) => {
    for (const email of ['nobody@demo.paddock.example', ACCOUNTS.manager]) {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forgot password' });
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('status')).toContainText('Check your inbox');
      await expect(dialog.getByRole('button', { name: 'Send' })).toHaveCount(0);
    }
  });

  test('the login page reads in German when the browser asks for it', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await context.close();
  });
});
