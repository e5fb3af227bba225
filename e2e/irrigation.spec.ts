import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, type ApiSession } from './support/api.ts';
import { clientStatus, programDisplay, type ProgramInfo } from './support/irrigation.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 6, the irrigation workspace, against the real server, its program runner and the
 * simulated farm: the area map and the program panel, an edit that survives a reload, a monitor
 * without controls, actions from pending to the field's answer, a whole run followed on the map,
 * Colours are the spec's §9 values.
 */
const ACCOUNTS = DEMO_LOGINS;
const COLOURS = { running: '#448AFF', irrigated: '#4CAF50' } as const;

interface SectionInfo {
  id: number;
  label: string;
}

/** The demo site's irrigation area, its program and its sections, as `user` sees them. */
async function irrigationArea(api: ApiSession, siteLabel: string) {
  const site = await demoSite(api, siteLabel);
  const area = siteArea(site, 'irrigation');
  const [program] = await api.get<ProgramInfo[]>(`/programs?area=${area.id}`);
  if (!program) throw new Error(`${siteLabel} has no program`);
  const sections = await api.get<SectionInfo[]>(`/sections?area=${area.id}`);
  return { siteId: site.id, areaId: area.id, areaLabel: area.label, program, sections };
}

const zonePath = (page: Page, sectionId: number) => page.locator(`path.paddock-zone-${sectionId}`);
const CONTROL_BUTTONS =
  /^(Start|Pause|Resume|Test|Settings|Edit sequences|Start zone|Stop|Skip|Zone settings)$/;

test.describe('irrigation workspace (issue 6)', () => {
  test('a manager opens the demo irrigation area: zones on the map and the program panel', async ({
    page,
    request,
  }, testInfo) => {
    const api = await apiAs(request, ACCOUNTS.manager);
    const teAwa = await irrigationArea(api, 'Te Awa Vineyard');
    const running = teAwa.program.zones.find((zone) => zone.application.status === 'running');
    const stopped = teAwa.program.zones.find((zone) => zone.application.status === 'stopped');
    if (!running || !stopped) throw new Error('Te Awa runs some zones and not others');

    await signIn(page, ACCOUNTS.manager);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${teAwa.siteId}/irrigation/${teAwa.areaId}`);
    await expect(page.getByRole('region', { name: `Map of ${teAwa.areaLabel}` })).toBeVisible();
    // Every zone is drawn, in its §4 irrigation colour, with no map tiles needed.
    await expect(page.locator('path.paddock-zone')).toHaveCount(teAwa.sections.length);
    await expect(zonePath(page, running.id)).toHaveAttribute('fill', COLOURS.running);
    await expect(zonePath(page, stopped.id)).not.toHaveAttribute('fill', COLOURS.running);
    await expect(page.locator('path.paddock-valve').first()).toBeVisible();

    // The program panel: name, §4 display state, the buttons a running program allows.
    await expect(page.getByRole('heading', { name: teAwa.program.name })).toBeVisible();
    await expect(programDisplay(page)).toHaveAttribute('data-display', 'running');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
    const zones = page.getByRole('region', { name: 'Zones' });
    await expect(zones.getByRole('listitem')).toHaveCount(teAwa.sections.length);
    await page.screenshot({ path: testInfo.outputPath('area-1440.png') });

    // A zone on the map opens its zone page.
    const section = teAwa.sections.find((candidate) => candidate.id === running.id);
    // Click inside the zone away from its markers (valves sit in a corner, a probe in the middle).
    const box = await zonePath(page, running.id).boundingBox();
    if (!box) throw new Error('the zone is drawn');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 6);
    await page.getByRole('link', { name: 'Open the zone page' }).click();
    await expect(page).toHaveURL(new RegExp(`/irrigation/${teAwa.areaId}/zone/${running.id}$`));
    await expect(page.getByRole('heading', { name: section?.label, exact: true })).toBeVisible();
    await expect(page.getByTestId('zone-run-state')).toHaveAttribute('data-run-state', 'running');
    await expect(page.getByRole('tab', { name: /^Active/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('zone-1440.png') });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByTestId('zone-run-state')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('zone-375.png'), fullPage: true });
    await page.goto(`/${teAwa.siteId}/irrigation/${teAwa.areaId}`);
    await expect(page.locator('path.paddock-zone')).toHaveCount(teAwa.sections.length);
    await page.screenshot({ path: testInfo.outputPath('area-375.png'), fullPage: true });
  });

  test('a depth edit is saved and survives a reload', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.manager);
    const loxton = await irrigationArea(api, 'Loxton Almonds');
    const section = loxton.sections[2];
    if (!section) throw new Error('Loxton has a third block');
    const depth =
      (loxton.program.zones.find((zone) => zone.id === section.id)?.setting.depth ?? 0) + 3.5;

    await signIn(page, ACCOUNTS.manager);
    await page.goto(`/${loxton.siteId}/irrigation/${loxton.areaId}`);
    await page.getByRole('button', { name: `Settings of ${section.label}` }).click();
    const input = page.getByLabel('Depth (mm)');
    await input.fill(String(depth));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(clientStatus(page)).toHaveText('Applied');
    await expect(page.getByLabel('Depth (mm)')).toHaveCount(0);

    await page.reload();
    const row = page
      .getByRole('region', { name: 'Zones' })
      .locator(`li[data-zone="${section.id}"]`);
    await expect(row).toContainText(`${depth} mm`);
    const [saved] = await api.get<ProgramInfo[]>(`/programs?area=${loxton.areaId}`);
    expect(saved?.zones.find((zone) => zone.id === section.id)?.setting.depth).toBe(depth);
  });

  test('a monitor sees no control buttons', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.monitor);
    const teAwa = await irrigationArea(api, 'Te Awa Vineyard');
    const zone = teAwa.program.zones.find(
      (candidate) => candidate.application.status === 'stopped',
    );
    if (!zone) throw new Error('Te Awa has a stopped zone');

    await signIn(page, ACCOUNTS.monitor);
    await page.goto(`/${teAwa.siteId}/irrigation/${teAwa.areaId}`);
    await expect(page.getByRole('heading', { name: teAwa.program.name })).toBeVisible();
    await expect(page.locator('path.paddock-zone')).toHaveCount(teAwa.sections.length);
    await expect(page.getByRole('button', { name: CONTROL_BUTTONS })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Settings of / })).toHaveCount(0);

    await page.goto(`/${teAwa.siteId}/irrigation/${teAwa.areaId}/zone/${zone.id}`);
    await expect(page.getByTestId('zone-run-state')).toBeVisible();
    await expect(page.getByRole('button', { name: CONTROL_BUTTONS })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Test|Configure) / })).toHaveCount(0);
  });

  test('start shows pending, then the status the field answers with', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.manager);
    const loxton = await irrigationArea(api, 'Loxton Almonds');
    expect(loxton.program.status.activity).toBe('stopped');

    await signIn(page, ACCOUNTS.manager);
    await page.goto(`/${loxton.siteId}/irrigation/${loxton.areaId}`);
    await expect(programDisplay(page)).toHaveAttribute('data-display', 'irrigated');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(clientStatus(page)).toHaveText('Pending');
    // Starting (in the running colour) while the request is carried out, then running.
    await expect(programDisplay(page)).toHaveAttribute('data-display', /^(starting|running)$/);
    await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
    await expect(clientStatus(page)).toHaveText('Started', { timeout: 30_000 });
    await expect(programDisplay(page)).toHaveAttribute('data-display', 'running');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  test('a zone test is requested from the zone page and runs', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.manager);
    const teAwa = await irrigationArea(api, 'Te Awa Vineyard');
    const zone = teAwa.program.zones.find(
      (candidate) => candidate.application.status === 'stopped',
    );
    if (!zone) throw new Error('Te Awa has a stopped zone');

    await signIn(page, ACCOUNTS.manager);
    await page.goto(`/${teAwa.siteId}/irrigation/${teAwa.areaId}/zone/${zone.id}`);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(clientStatus(page)).toHaveText('Pending');
    await expect(clientStatus(page)).toHaveText('Test started', { timeout: 30_000 });
    // The zone under test waters: its page follows the field.
    await expect(page.getByTestId('zone-run-state')).toHaveAttribute('data-run-state', 'running');
  });

  test('start → the first zone turns running → pause and resume → the program finishes irrigated', async ({
    page,
    request,
  }) => {
    test.setTimeout(4 * 60_000);
    const api = await apiAs(request, ACCOUNTS.admin);
    const rapaura = await irrigationArea(api, 'Rapaura Vineyard');
    const first = rapaura.program.schedule.sequences[0]?.[0];
    if (first === undefined) throw new Error('Rapaura has a sequence');
    expect(rapaura.program.status.activity).toBe('stopped');
    // Fast emitters (1800 mm/h) so each zone of the real run lasts seconds, not an hour.
    await api.put(`/programs/${rapaura.program.id}`, {
      zones: rapaura.program.zones.map((zone) => ({
        ...zone,
        setting: { ...zone.setting, applicationRate: 1800 },
      })),
    });

    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/${rapaura.siteId}/irrigation/${rapaura.areaId}`);
    await expect(zonePath(page, first)).not.toHaveAttribute('fill', COLOURS.running);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(clientStatus(page)).toHaveText('Pending');
    await expect(zonePath(page, first)).toHaveAttribute('fill', COLOURS.running);
    await expect(clientStatus(page)).toHaveText('Started');
    await expect(programDisplay(page)).toHaveAttribute('data-display', 'running');

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(programDisplay(page)).toHaveAttribute('data-display', 'paused');
    await expect(clientStatus(page)).toHaveText('Stopped');
    // §4: a zone paused without faults is outlined in the irrigated colour.
    await expect(zonePath(page, first)).toHaveAttribute('stroke', COLOURS.irrigated);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(clientStatus(page)).toHaveText('Started');
    await expect(programDisplay(page)).toHaveAttribute('data-display', 'running');

    await expect(programDisplay(page)).toHaveAttribute('data-display', 'irrigated', {
      timeout: 2 * 60_000,
    });
    await expect(zonePath(page, first)).toHaveAttribute('fill', COLOURS.irrigated);
  });
});
