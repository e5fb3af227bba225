import { ROLES } from '@paddock/domain';
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import { catchingSmtpServer, type CaughtMail } from '../apps/server/test/helpers/smtp-catcher.ts';
import { linkPath, splitMail } from './support/mail.ts';
import { spawnOwnStack } from './support/own-stack.ts';

/**
 * Issue 16, the Users page against a real SMTP server: the `smtp-server` package listens on a free
 * port in this test, and a Paddock server of its own (the demo farm, no simulator) sends its mail
 * there through SMTP_URL, so this spec cannot share the run's server (that one writes to its
 * outbox). An admin invites a monitor; the email arrives and its link completes sign-up; the new
 * user sees the site read-only; made manager, their next refresh shows the controls; a manager
 * cannot grant admin; resending says 'User invitation resent'; removal ends access in one refresh.
 */
/** Two servers share two cores with other runs: first loads of a page take their time. */
const expect = baseExpect.configure({ timeout: 20_000 });
const SIGNUP_PASSWORD = 'Paddock#Users16';
const CONTROL_BUTTONS =
  /^(Start|Pause|Resume|Test|Settings|Edit sequences|Start zone|Stop|Skip|Zone settings)$/;
const stamp = Date.now();
const invitee = { first: 'Pat', last: 'Newcomer', email: `pat-${stamp}@e2e.paddock.example` };
const second = { first: 'Robin', last: 'Later', email: `robin-${stamp}@e2e.paddock.example` };

const mails: CaughtMail[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
let baseURL: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Sign-up links (path and query) in the emails the SMTP server received for `to`, oldest first. */
function signupLinks(to: string): string[] {
  return mails
    .filter((mail) => mail.to.includes(to))
    .flatMap((mail) => {
      const link = linkPath(splitMail(mail.raw).body, '/signup');
      return link ? [link] : [];
    });
}

async function startSmtp(): Promise<number> {
  const port = await freePort();
  smtp = catchingSmtpServer((mail) => mails.push(mail));
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return port;
}

async function startPaddock(smtpPort: number): Promise<void> {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawnOwnStack({
    port,
    name: 'users',
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PADDOCK_SIMULATOR: 'false',
      SIMULATOR_CONTROL_PORT: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseURL,
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/appConfig.json`)).ok;
        } catch {
          return false;
        }
      },
      // Its own stack migrates and seeds a database; beside the other lanes and the vitest runs
      // on two cores that took over 2 minutes once.
      { timeout: 300_000, intervals: [500] },
    )
    .toBe(true);
}

async function apiToken(request: APIRequestContext, user: string, password = DEMO_PASSWORD) {
  const config = (await (await request.get(`${baseURL}/appConfig.json`)).json()) as {
    awsRegion: string;
  };
  const login = await request.post(`${baseURL}/api/user/login`, {
    data: { user, password, region: config.awsRegion },
  });
  expect(login.ok(), `login of ${user}`).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

async function signIn(page: Page, user: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Account name').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !['/login', '/redirect'].includes(url.pathname));
}

async function newContext(browser: Browser, width: number): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width, height: width < 600 ? 812 : 900 } });
}

const row = (page: Page, login: string) => page.getByTestId(`user-row-${login}`);
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('the Users page with invitations over SMTP (issue 16)', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let teAwa: { siteId: number; areaId: number; areaLabel: string; programName: string };
  let admin: BrowserContext;
  let adminPage: Page;
  /** The invited user's browser, kept open: each later step is their next refresh. */
  let newcomer: BrowserContext;
  let mine: Page;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(360_000);
    await startPaddock(await startSmtp());
    const token = await apiToken(request, DEMO_LOGINS.admin);
    const headers = { authorization: `Bearer ${token}` };
    const sites = (await (await request.get(`${baseURL}/api/sites`, { headers })).json()) as {
      id: number;
      label: string;
    }[];
    const site = sites.find((candidate) => candidate.label === 'Te Awa Vineyard');
    if (!site) throw new Error('no Te Awa Vineyard');
    const full = (await (
      await request.get(`${baseURL}/api/sites/${site.id}`, { headers })
    ).json()) as {
      areas: { id: number; type: string; label: string }[];
    };
    const area = full.areas.find((candidate) => candidate.type === 'irrigation');
    if (!area) throw new Error('Te Awa has no irrigation area');
    const programs = (await (
      await request.get(`${baseURL}/api/programs?area=${area.id}`, { headers })
    ).json()) as { name: string }[];
    teAwa = {
      siteId: site.id,
      areaId: area.id,
      areaLabel: area.label,
      programName: programs[0]?.name ?? '',
    };
    admin = await newContext(browser, 1440);
    adminPage = await admin.newPage();
    await signIn(adminPage, DEMO_LOGINS.admin);
  });

  test.afterAll(async () => {
    await admin?.close();
    await newcomer?.close();
    server?.kill();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  test('an admin invites a monitor; the email arrives over SMTP and its link completes sign-up; they see the site read-only', async ({
    browser,
  }, testInfo) => {
    const page = adminPage;
    await page.goto(`/${teAwa.siteId}/users`);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(row(page, DEMO_LOGINS.monitor)).toBeVisible();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    // An admin grants manage and monitor; nobody grants admin (§5).
    await expect(dialog.getByRole('checkbox', { name: 'Manage' })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Admin' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Choose at least one role: manage or monitor')).toBeVisible();
    await dialog.getByLabel('First name').fill(invitee.first);
    await dialog.getByLabel('Last name').fill(invitee.last);
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByRole('checkbox', { name: 'Monitor' }).check();
    await page.screenshot({ path: testInfo.outputPath('invite-1440.png') });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, `Invitation sent to ${invitee.email}`)).toBeVisible();
    await expect(row(page, invitee.email)).toContainText('Invitation sent');
    await expect(page.getByRole('combobox', { name: `Role of ${invitee.email}` })).toHaveValue(
      'Monitor',
    );

    // The email arrives at the SMTP server; its link opens sign-up.
    await expect.poll(() => signupLinks(invitee.email).length, { timeout: 15_000 }).toBe(1);
    const [link] = signupLinks(invitee.email);
    newcomer = await newContext(browser, 1440);
    mine = await newcomer.newPage();
    await mine.goto(link ?? '');
    await expect(mine.getByLabel('Full name')).toHaveValue(`${invitee.first} ${invitee.last}`);
    await mine.getByLabel('New password', { exact: true }).fill(SIGNUP_PASSWORD);
    await mine.getByLabel('Confirm new password', { exact: true }).fill(SIGNUP_PASSWORD);
    await mine.getByRole('button', { name: 'Sign up' }).click();
    await expect(mine.getByRole('status').filter({ hasText: 'SignUp Completed' })).toBeVisible();
    await mine.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });

    await signIn(mine, invitee.email, SIGNUP_PASSWORD);
    await mine.goto(`/${teAwa.siteId}/irrigation/${teAwa.areaId}`);
    await expect(mine.getByRole('heading', { name: teAwa.programName })).toBeVisible();
    await expect(mine.getByRole('button', { name: CONTROL_BUTTONS })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: /^Settings of / })).toHaveCount(0);
    // A monitor has no viewUsers: no Users link.
    await expect(mine.getByRole('link', { name: 'Users' })).toHaveCount(0);

    await page.reload();
    await expect(row(page, invitee.email)).toContainText('Signed up');
    await expect(
      row(page, invitee.email).getByRole('button', { name: 'Resend invitation' }),
    ).toHaveCount(0);
  });

  test('the admin makes them a manager: after their next refresh the controls appear', async ({
    request: _request,
  }) => {
    const page = adminPage;
    await page.goto(`/${teAwa.siteId}/users`);
    await page.getByRole('combobox', { name: `Role of ${invitee.email}` }).click();
    // Admin is not among the choices: only roles below the admin's own (§5).
    await expect(page.getByRole('option', { name: 'Admin' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Manage' }).click();
    await expect(toast(page, 'Permissions updated')).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Role of ${invitee.email}` })).toHaveValue(
      'Manage',
    );

    // Their open page is unchanged until they refresh it.
    await mine.reload();
    await expect(mine.getByRole('heading', { name: teAwa.programName })).toBeVisible();
    await expect(mine.getByRole('button', { name: CONTROL_BUTTONS }).first()).toBeVisible();
  });

  test('a manager cannot grant admin: the page does not offer it and the server refuses it', async ({
    browser,
    request,
  }) => {
    const manager = await newContext(browser, 1440);
    const page = await manager.newPage();
    await signIn(page, DEMO_LOGINS.manager);
    await page.goto(`/${teAwa.siteId}/users`);
    await expect(row(page, invitee.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
    await manager.close();

    const token = await apiToken(request, DEMO_LOGINS.manager);
    const headers = { authorization: `Bearer ${token}` };
    const users = (await (
      await request.get(`${baseURL}/api/sites/${teAwa.siteId}/users`, { headers })
    ).json()) as { id: number; login: string }[];
    const target = users.find((user) => user.login === invitee.email);
    const grant = await request.put(`${baseURL}/api/permissions`, {
      headers,
      data: {
        privilege: {
          actions: ROLES.admin.actions,
          target: { type: 'site', ids: [teAwa.siteId] },
          allowed: true,
        },
        owners: [{ id: target?.id, type: 'user' }],
      },
    });
    expect(grant.status()).toBe(403);
    const invite = await request.post(`${baseURL}/api/users`, {
      headers,
      data: {
        siteId: teAwa.siteId,
        firstName: 'Would',
        lastName: 'Be',
        locale: 'en',
        email: `admin-${stamp}@e2e.paddock.example`,
        privileges: ROLES.admin.actions,
      },
    });
    expect(invite.status()).toBe(403);
  });

  test("resending an invitation shows 'User invitation resent' and mails a new link", async ({
    page: _unused,
  }, testInfo) => {
    const page = adminPage;
    await page.goto(`/${teAwa.siteId}/users`);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel('First name').fill(second.first);
    await dialog.getByLabel('Last name').fill(second.last);
    await dialog.getByLabel('Email').fill(second.email);
    await dialog.getByRole('checkbox', { name: 'Manage' }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(row(page, second.email)).toContainText('Invitation sent');
    await expect.poll(() => signupLinks(second.email).length, { timeout: 15_000 }).toBe(1);

    await row(page, second.email).getByRole('button', { name: 'Resend invitation' }).click();
    await expect(toast(page, 'User invitation resent')).toBeVisible();
    await expect(row(page, second.email)).toContainText('Invitation resent');
    await expect.poll(() => signupLinks(second.email).length, { timeout: 15_000 }).toBe(2);
    await page.screenshot({ path: testInfo.outputPath('users-1440.png'), fullPage: true });
  });

  test('removing the user ends their access within one refresh', async ({ request: _request }) => {
    const page = adminPage;
    await page.goto(`/${teAwa.siteId}/users`);
    await row(page, invitee.email).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove user' });
    await expect(dialog).toContainText(invitee.email);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(row(page, invitee.email)).toHaveCount(0);

    await mine.reload();
    await mine.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
  });

  test('staff switch to a user from their row; admins see the switch in the audit trail', async ({
    browser,
  }) => {
    const staff = await newContext(browser, 1440);
    const page = await staff.newPage();
    await signIn(page, DEMO_LOGINS.staff);
    await page.goto(`/${teAwa.siteId}/users`);
    await row(page, DEMO_LOGINS.monitor).getByRole('button', { name: 'Switch User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch User' });
    await expect(dialog.getByLabel('Email address')).toHaveValue(DEMO_LOGINS.monitor);
    await dialog.getByRole('button', { name: 'Switch User' }).click();
    // The console starts again as the monitor, who has no Users page.
    await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await staff.close();

    await adminPage.goto(`/${teAwa.siteId}/users`);
    const trail = adminPage.getByRole('region', { name: 'Switch User audit trail' });
    await expect(trail.getByRole('row').filter({ hasText: DEMO_LOGINS.monitor })).toContainText(
      DEMO_LOGINS.staff,
    );
  });

  test('an admin raises a monitor to manage in one area (per-area roles)', async ({ request }) => {
    const page = adminPage;
    await page.goto(`/${teAwa.siteId}/users`);
    await row(page, DEMO_LOGINS.monitor).getByRole('button', { name: 'Area roles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roles of Priya Nair per area' });
    const select = dialog.getByRole('combobox', {
      name: `Role of Priya Nair in ${teAwa.areaLabel}`,
    });
    await expect(select).toHaveValue('As on the site (Monitor)');
    await select.click();
    await expect(page.getByRole('option', { name: 'Admin' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Manage' }).click();
    await expect(toast(page, 'Permissions updated')).toBeVisible();
    await expect(select).toHaveValue('Manage');

    const token = await apiToken(request, DEMO_LOGINS.admin);
    const users = (await (
      await request.get(`${baseURL}/api/sites/${teAwa.siteId}/users`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { login: string; privileges: string[]; areas: Record<string, string[]> }[];
    const priya = users.find((user) => user.login === DEMO_LOGINS.monitor);
    expect(priya?.privileges).toEqual(['view']);
    expect(priya?.areas[String(teAwa.areaId)]).toEqual(
      expect.arrayContaining(['edit', 'program', 'control']),
    );
  });

  test('screenshots of the Users page at 375 and 1440 px', async ({ browser }, testInfo) => {
    for (const width of [375, 1440]) {
      const context = await newContext(browser, width);
      const page = await context.newPage();
      await signIn(page, DEMO_LOGINS.admin);
      await page.goto(`/${teAwa.siteId}/users`);
      await expect(row(page, second.email)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Switch User audit trail' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`users-${width}.png`), fullPage: true });
      if (width === 375) {
        await page.getByRole('button', { name: 'Invite user' }).click();
        await page.screenshot({ path: testInfo.outputPath('invite-375.png') });
        await page.getByRole('button', { name: 'Cancel' }).click();
      }
      await row(page, DEMO_LOGINS.monitor).getByRole('button', { name: 'Area roles' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Roles of Priya Nair per area' }),
      ).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`area-roles-${width}.png`) });
      await context.close();
    }
  });
});
