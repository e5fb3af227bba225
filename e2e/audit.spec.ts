import { ALARM_TEMPLATES } from '@paddock/domain';
import { DEMO_ACCOUNTS, DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiAs } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 33 item 3, done when "a site admin changes a fan's start temperature and finds the
 * change, in words, on the audit page and in the fan's history": the admin edits a frost fan's
 * "should be running" alarm in its form and saves; the audit page, opened from the sidebar, lists
 * the change in words with the log intact; the fan's detail pane shows the same words in its
 * History, whose link opens the audit page narrowed to the fan. The page's "Download csv" gives
 * the change as a line of the file the export worker made. Huon Valley Orchard's fan alarms
 * are changed by no other spec (Te Awa's and Rapaura's frost nights read theirs), and each run
 * starts a fresh stack, so nothing is put back. Screenshots: /tmp/audit-page.png and
 * /tmp/audit-history.png, and the page at 375 px in test-results.
 */
const SITE = 'Huon Valley Orchard';

interface AlarmInfo {
  id: number;
  rule: { template: number; target: number; startTemperature?: number };
}

interface SensorInfo {
  id: number;
  label: string;
}

const admin = DEMO_ACCOUNTS.find((account) => account.key === 'admin');

test('a fan start temperature changed by a site admin is on the audit page and in the fan history, in words', async ({
  page,
  request,
}, testInfo) => {
  if (!admin) throw new Error('the demo admin');
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite(api, SITE);
  const area = siteArea(site, 'frost');
  const alarms = () => api.get<AlarmInfo[]>(`/areas/${area.id}/alarms`);
  const alarm = (await alarms()).find(
    (each) => each.rule.template === ALARM_TEMPLATES.fanShouldRun,
  );
  if (!alarm) throw new Error(`${SITE} has no fan "should be running" alarm`);
  const fanId = alarm.rule.target;
  const fan = (await api.get<SensorInfo[]>(`/areas/${area.id}/sensors`)).find(
    (sensor) => sensor.id === fanId,
  );
  if (!fan) throw new Error(`the fan ${fanId} of ${SITE}`);
  const before = alarm.rule.startTemperature ?? 0;
  const after = before === 0.7 ? 0.6 : 0.7;
  // The row's words as the server writes them (domain audit/words.ts): numbers as they are.
  const words = `${admin.firstName} ${admin.lastName} changed the start temperature of ${fan.label} from ${before} °C to ${after} °C`;

  // The admin changes the start temperature in the alarm's form.
  await signIn(page, DEMO_LOGINS.admin);
  await page.goto(`/${site.id}/${area.id}/alarms/${alarm.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Edit alarm' });
  await form.getByLabel('Start temperature').fill(String(after));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const saved = async () =>
    (await alarms()).find((each) => each.id === alarm.id)?.rule.startTemperature;
  await expect.poll(saved).toBe(after);

  // The audit page, from the sidebar: the change in words, newest first, and the log intact.
  // An alarm's page has a back arrow where the menu is (§2): the sidebar is opened from the summary.
  await page.goto(`/${site.id}/summary`);
  await page.getByRole('button', { name: 'Toggle the sidebar' }).click();
  const link = page.getByRole('navigation', { name: 'Site navigation' }).getByRole('link', {
    name: 'Audit log',
  });
  await expect(link).toHaveAttribute('href', `/${site.id}/audit`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/audit$`));
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const row = page.getByTestId('audit-row').filter({ hasText: words });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('audit-person')).toHaveText(`${admin.firstName} ${admin.lastName}`);
  await expect(page.getByTestId('audit-verdict')).toHaveText(/^Log intact: \d+ rows?$/);

  // The page's rows as a csv file, made by the export worker: the change is a line of it.
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Download csv' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').split(/\r?\n/);
  expect(lines.filter((line) => line.includes(words))).toHaveLength(1);
  await expect(page.getByTestId('audit-download-error')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/audit-page.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('audit-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The fan's detail pane: the same words in its History.
  await page.goto(`/${site.id}/frost/${area.id}/fan/${fanId}`);
  const detail = page.locator(`[data-testid="fan-detail"][data-fan="${fanId}"]`);
  const history = detail.getByRole('region', { name: 'History' });
  await expect(history.getByTestId('history-row').first()).toContainText(words);
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/audit-history.png' });

  // Its link opens the audit page narrowed to the fan.
  await history.getByRole('link', { name: 'All of its history in the audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/audit\\?type=sensor&target=${fanId}$`));
  await expect(page.getByTestId('audit-object-filter')).toContainText(`Only Sensor ${fanId}`);
  await expect(page.getByTestId('audit-row').filter({ hasText: words })).toHaveCount(1);
});
