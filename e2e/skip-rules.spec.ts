import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { clientStatus, programDisplay, type ProgramInfo } from './support/irrigation.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite } from './support/sites.ts';

/**
 * Skip rules and the why of a run (issue 30), against the real server and its runner: a seasonal
 * 0 % set in the console's skip rules editor skips the next start, the program stays stopped, and
 * the program page says why in its decisions and in "If started now". It drives Dunsandel Dairy's
 * Pivot 1 rotation, a program no other spec drives, and takes its rules off again at the end.
 */
const ACCOUNTS = DEMO_LOGINS;
type Program = ProgramInfo & { schedule: Record<string, unknown> };

test('a seasonal 0 % skips the start, and the program page says why', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(3 * 60_000);
  const api = await apiAs(request, ACCOUNTS.admin);
  const site = await demoSite<{
    id: number;
    label: string;
    areas: { id: number; label: string }[];
  }>(api, 'Dunsandel Dairy');
  const area = site.areas.find((candidate) => candidate.label === 'Pivot 1');
  if (!area) throw new Error('Dunsandel Dairy has its Pivot 1');
  const program = async () => {
    const [found] = await api.get<Program[]>(`/programs?area=${area.id}`);
    if (!found) throw new Error('Pivot 1 has its program');
    return found;
  };
  const before = await program();
  expect(before.status.activity).toBe('stopped');

  try {
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/${site.id}/irrigation/${area.id}`);
    await expect(page.getByRole('heading', { name: before.name })).toBeVisible();

    // The rules: a seasonal adjustment of 0 % in every month.
    await page.getByRole('button', { name: 'Skip rules' }).click();
    const form = page.getByRole('dialog', { name: 'Skip rules' });
    // Mantine's switch input sits under its track: checked as a user's click on it would.
    const seasonal = form.getByRole('switch', {
      name: 'Seasonal adjustment, % of the run by month',
    });
    await seasonal.check({ force: true });
    await expect(seasonal).toBeChecked();
    for (const month of ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']) {
      await form.getByLabel(month, { exact: true }).fill('0');
    }
    for (const month of ['Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']) {
      await form.getByLabel(month, { exact: true }).fill('0');
    }
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(clientStatus(page)).toHaveText('Applied');

    // The start is decided as it begins: skipped, nothing opened, the program stays stopped.
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect
      .poll(async () => (await program()).status.requestActive, { timeout: 30_000 })
      .toBe(false);
    expect((await program()).status.activity).toBe('stopped');
    await expect(programDisplay(page)).not.toHaveAttribute('data-display', /^(starting|running)$/);

    const card = page.getByRole('region', { name: 'Decisions' });
    await card.getByRole('button', { name: 'Show', exact: true }).click();
    const decisions = card.getByRole('list', { name: 'Decisions' });
    await expect(decisions.getByRole('listitem').first()).toContainText(
      /Skipped \d\d:\d\d — seasonal adjustment 0 % for \w+/,
    );
    await expect(card.getByTestId('decision-now')).toContainText(
      /If started now: Skipped \d\d:\d\d — seasonal adjustment 0 %/,
    );
    await page.screenshot({ path: testInfo.outputPath('skip-rules-decisions.png') });
  } finally {
    // Pivot 1 as it was: no skip rules.
    const schedule = { ...(await program()).schedule };
    delete schedule.skipRules;
    await api.put(`/programs/${before.id}`, { schedule });
  }
});
