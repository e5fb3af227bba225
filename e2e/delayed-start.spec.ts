import { siteDateTimeInputValue, siteTimeZone } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { clientStatus, programDisplay, type ProgramInfo } from './support/irrigation.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite } from './support/sites.ts';

/**
 * A program started at a later time (§7 programs: startTime), against the real server, its
 * program runner and the simulated farm: the console says when it will start and offers to call
 * it off, the runner starts it at that time and not before. It drives Dunsandel Dairy's K-line
 * paddocks, a program no other spec drives, so it runs beside the specs of Te Awa's field.
 */
const ACCOUNTS = DEMO_LOGINS;

test('a start two minutes ahead shows when it will start, waits, and starts then', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(5 * 60_000);
  // Dunsandel Dairy's K-line paddocks: no other spec drives this program.
  const api = await apiAs(request, ACCOUNTS.admin);
  const site = await demoSite<{
    id: number;
    label: string;
    areas: { id: number; type: string; label: string }[];
    config: { timezone?: string };
    tags: { country?: string };
  }>(api, 'Dunsandel Dairy');
  const area = site.areas.find((candidate) => candidate.label === 'K-line paddocks');
  if (!area) throw new Error('Dunsandel Dairy has its K-line paddocks');
  const programs = () => api.get<ProgramInfo[]>(`/programs?area=${area.id}`);
  expect((await programs())[0]?.status.activity).toBe('stopped');
  const timeZone = siteTimeZone(site.config, site.tags.country);
  // Two minutes ahead, on the whole minute the form takes, as the site's clock reads it.
  const startAt = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const wallTime = siteDateTimeInputValue(startAt, timeZone);
  const hhmm = wallTime.slice(11);

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${site.id}/irrigation/${area.id}`);
  await page.getByRole('button', { name: 'Start now or at a time' }).click();
  const form = page.getByRole('dialog', { name: 'Start now or at a time' });
  await expect(form.getByText(`Site time (${timeZone})`)).toBeVisible();
  await form.getByLabel('Start time').fill(wallTime);
  await page.screenshot({ path: testInfo.outputPath('delayed-start-form.png') });
  await form.getByRole('button', { name: `Start at ${hhmm}` }).click();

  // Waiting: the time it starts at, on the site's clock, and a way to call it off.
  await expect(page.getByTestId('pending-start')).toHaveText(`Starts at ${hhmm}`);
  await expect(page.getByRole('button', { name: 'Cancel start' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(clientStatus(page)).toHaveText('Pending');
  const waiting = (await programs())[0];
  expect(waiting?.status).toMatchObject({ activity: 'starting', requestActive: true });
  expect(waiting?.zones.every((zone) => zone.application.status !== 'running')).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('delayed-start-waiting.png') });

  // Then it starts, at that time and not before: the field opened its first zone.
  await expect(clientStatus(page)).toHaveText('Started', { timeout: 3.5 * 60_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(startAt.getTime());
  await expect(page.getByTestId('pending-start')).toHaveCount(0);
  await expect(programDisplay(page)).toHaveAttribute('data-display', 'running');
  const started = (await programs())[0];
  const zoneStarts = (started?.zones ?? [])
    .map((zone) => zone.application.startTime)
    .filter((time): time is string => time !== null)
    .map((time) => Date.parse(time));
  expect(zoneStarts.length).toBeGreaterThan(0);
  expect(Math.min(...zoneStarts)).toBeGreaterThanOrEqual(startAt.getTime());

  // Paused (the spec's stop), so the program waters no more.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(programDisplay(page)).toHaveAttribute('data-display', 'paused', {
    timeout: 30_000,
  });
});
