import { DEMO_LOGINS } from '@paddock/domain/demo';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Spec §2 Header and sidebar, Top tab bar and the layout's modals, against the real server and
 * demo farm.
 */
const ACCOUNTS = DEMO_LOGINS;
const EN = JSON.parse(
  readFileSync(new URL('../apps/web/public/locales/en/translations.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const text = (key: string): string => {
  const value = EN[key];
  if (value === undefined) throw new Error(`No English text for ${key}`);
  return value;
};

interface SiteInfo {
  id: number;
  label: string;
  config: Record<string, unknown>;
  areas?: { id: number; type: string }[];
}

async function openSidebar(page: Page) {
  await page.getByRole('button', { name: 'Toggle the sidebar' }).click();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
}

/** Everything the offline cache holds (IndexedDB 'paddock-offline-cache', store 'users'), as JSON. */
function cachedText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('paddock-offline-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('users')) return resolve('');
          const all = db.transaction('users').objectStore('users').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test.describe('layout (§2 header, sidebar, tab bar, modals)', () => {
  test('the sidebar search picks the first match with Enter', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const sites = await api.get<SiteInfo[]>('/sites');
    const loxton = sites.find((site) => site.label === 'Loxton Almonds');
    expect(loxton).toBeDefined();

    await signIn(page, ACCOUNTS.admin);
    await page.goto('/dashboard');
    await openSidebar(page);
    const search = page.getByRole('combobox', { name: 'Site' });
    await search.click();
    await search.fill('loxt');
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${loxton?.id}(/|$)`));
    // It closes on navigation.
    await expect(page.getByRole('button', { name: 'Toggle the sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('the season dialog saves and the dates survive a reload', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const site = (await api.get<SiteInfo[]>('/sites')).find((s) => s.label === 'Dunsandel Dairy');
    if (!site) throw new Error('Dunsandel Dairy is missing from the demo farm');
    const original = site.config;

    try {
      await signIn(page, ACCOUNTS.admin);
      await page.goto(`/${site.id}/summary`);
      await openSidebar(page);
      await page.getByRole('button', { name: 'Season' }).click();
      const dialog = page.getByRole('dialog', { name: 'Season' });
      await expect(dialog).toBeVisible();

      const start = dialog.getByRole('button', { name: 'Season start', exact: true });
      const end = dialog.getByRole('button', { name: 'Season end', exact: true });
      const startMonth = (await start.textContent())?.split(' ')[1];
      const endMonth = (await end.textContent())?.split(' ')[1];
      await start.click();
      await page.getByRole('button', { name: /^15 \w+ \d{4}$/ }).click();
      await end.click();
      await page.getByRole('button', { name: /^20 \w+ \d{4}$/ }).click();
      await expect(start).toHaveText(`15 ${startMonth}`);
      await expect(end).toHaveText(`20 ${endMonth}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();

      // The site is served from the offline cache after a reload; its writes are debounced by
      // CACHE_WRITE_DEBOUNCE_MS (1 s, §9), so wait until the saved season has reached it.
      const saved = (await api.get<SiteInfo>(`/sites/${site.id}`)).config.season as {
        start: string;
        end: string;
      };
      await expect
        .poll(() => cachedText(page))
        .toMatch(
          new RegExp(
            `"season":\\{("start":"${saved.start}","end":"${saved.end}"|"end":"${saved.end}","start":"${saved.start}")\\}`,
          ),
        );
      await page.reload();
      await openSidebar(page);
      await page.getByRole('button', { name: 'Season' }).click();
      const reopened = page.getByRole('dialog', { name: 'Season' });
      await expect(reopened.getByRole('button', { name: 'Season start', exact: true })).toHaveText(
        `15 ${startMonth}`,
      );
      await expect(reopened.getByRole('button', { name: 'Season end', exact: true })).toHaveText(
        `20 ${endMonth}`,
      );
    } finally {
      await api.put(`/sites/${site.id}`, { config: original });
    }
  });

  test('My Profile shows the validation messages once touched', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const site = (await api.get<SiteInfo[]>('/sites')).find((s) => s.label === 'Te Awa Vineyard');
    const contact = await api.get<{ name: string }>(`/user/contact?site=${site?.id}`);

    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/${site?.id}/summary`);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: contact.name }).click();
    const dialog = page.getByRole('dialog', { name: 'My Profile' });
    const name = dialog.getByLabel('Name');
    await expect(name).toHaveValue(contact.name);
    await expect(dialog.getByText(text('Contact.NameFeedback'))).toHaveCount(0);

    await name.fill('');
    await expect(dialog.getByText(text('Contact.NameFeedback'))).toBeVisible();
    const sms = dialog.getByLabel('Mobile (text messages)');
    await sms.fill('+44 7700 900123');
    await sms.blur();
    await expect(dialog.getByText(text('Contact.MobileFeedback'))).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Switch User is not offered to monitor; staff switches and becomes that user', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.monitor);
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Switch User' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, ACCOUNTS.staff);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Switch User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch User' });
    const submit = dialog.getByRole('button', { name: 'Switch User' });
    await dialog.getByLabel('Email address').fill('monitor@demo');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Email address').fill(ACCOUNTS.monitor);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect
      .poll(() =>
        // The page reloads as the new user: a read during the reload is retried.
        page
          .evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null')?.loginId as string)
          .catch(() => null),
      )
      .toBe(ACCOUNTS.monitor);
    await expect(page).not.toHaveURL(/\/login$/);
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Switch User' })).toHaveCount(0);
  });

  test('the tab bar shows on an area page and hides on /dashboard', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const site = (await api.get<SiteInfo[]>('/sites')).find((s) => s.label === 'Te Awa Vineyard');
    const full = await api.get<SiteInfo>(`/sites/${site?.id}`);
    const irrigation = full.areas?.find((area) => area.type === 'irrigation');

    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/${full.id}/irrigation/${irrigation?.id}`);
    const tabs = page.getByRole('tablist', { name: 'Area pages' });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('tab', { name: /Irrigation/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(tabs.getByRole('tab', { name: /Telemetry/ })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
  });
});
