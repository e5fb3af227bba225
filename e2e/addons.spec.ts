import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, type ApiSession } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 14, the Add-ons page against the real server and the simulated farm: the demo farm's
 * soil probes, meters and tank show with the values the field last reported; a tank's level probe
 * failed through the simulator's control server turns its card to fault, and back when mended;
 * a pump tripped through the same server pauses the program it feeds once the program has
 * autoProgramPause (ticked on the page), and its recovery resumes it (autoProgramResume).
 *
 * Huon Valley Orchard's program is the one started and paused: no other spec drives it.
 */
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
/** A report, a batch, a followup, the runner's commands and a page poll on a busy machine. */
const FIELD_TIMEOUT_MS = 90_000;

interface SensorInfo {
  id: number;
  type: string;
  label: string;
  topics: { metric: string; lastValue: number | null; timestamp: string | null }[];
}
interface ControlInfo {
  id: number;
  type: string;
  label: string;
}
interface ProgramInfo {
  id: number;
  status: { activity: string; requestActive: boolean };
  schedule: { attachments: number[]; pumpActions?: string[] };
}

async function siteAreas(api: ApiSession, label: string) {
  const site = await demoSite(api, label);
  const area = (type: string) => siteArea(site, type).id;
  return { siteId: site.id, area };
}

async function openAddons(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('addons-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('addon-card').first()).toBeVisible({ timeout: 30_000 });
}

/** Picks a choice of the §9 things filter. */
const filterTo = (page: Page, choice: string) =>
  page.getByTestId('things-filter').getByText(choice, { exact: true }).click();

const card = (page: Page, type: string) =>
  page.locator(`[data-testid="addon-card"][data-type="${type}"]`);

async function programOf(api: ApiSession, areaId: number) {
  const [program] = await api.get<ProgramInfo[]>(`/programs?area=${areaId}`);
  if (!program) throw new Error(`area ${areaId} has no program`);
  return program;
}

async function post(request: APIRequestContext, api: ApiSession, path: string) {
  const response = await request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${api.token}` },
    data: {},
  });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
}

test.describe('the Add-ons page', () => {
  test.beforeEach(async ({ page }) => {
    // The first page of a cold stack on a shared machine takes a while.
    test.setTimeout(180_000);
    await signIn(page, DEMO_LOGINS.admin);
  });

  test('lists the soil, water and tank things with the values the field reported', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, DEMO_LOGINS.admin);
    const teAwa = await siteAreas(api, 'Te Awa Vineyard');
    const irrigation = teAwa.area('irrigation');
    await openAddons(page, `/${teAwa.siteId}/addons/${irrigation}`);
    for (const type of ['soilMoisture', 'waterMeter', 'pressure', 'power', 'pump']) {
      await expect(card(page, type)).toBeVisible();
    }
    // A multi-layer probe shows each depth.
    await expect(card(page, 'soilMoisture').getByText('60 cm').first()).toBeVisible();
    await expect(card(page, 'soilMoisture').getByTestId('thing-value').first()).toHaveText(
      /\d+(\.\d)? %/,
    );
    const meter = (await api.get<SensorInfo[]>(`/areas/${irrigation}/sensors`)).find(
      (sensor) => sensor.type === 'watermeter',
    );
    if (!meter) throw new Error('Te Awa has no water meter');
    await expect(card(page, 'waterMeter')).toContainText(meter.label);
    await expect(card(page, 'waterMeter')).toContainText('m³');

    // The things filter (§9) keeps the soil probes alone, and is remembered.
    await filterTo(page, 'Soil moisture');
    await expect(card(page, 'waterMeter')).toHaveCount(0);
    await page.reload();
    await expect(card(page, 'soilMoisture')).toBeVisible({ timeout: 30_000 });
    await expect(card(page, 'waterMeter')).toHaveCount(0);
    await filterTo(page, 'All');

    // The water area: the tank's level in % and m³, as last reported.
    const water = teAwa.area('water');
    await openAddons(page, `/${teAwa.siteId}/things/${water}`);
    const tank = (await api.get<SensorInfo[]>(`/areas/${water}/sensors`)).find(
      (sensor) => sensor.type === 'level',
    );
    const level = tank?.topics.find((topic) => topic.metric === 'level');
    if (!tank || !level || level.lastValue === null) throw new Error('Te Awa has no tank level');
    await expect(card(page, 'level')).toContainText(tank.label);
    await expect(card(page, 'level')).toContainText('%');
    await expect(card(page, 'level')).toContainText('m³');

    // Selecting a thing opens its detail with charts, and the URL carries it (§2 thing, type).
    await card(page, 'level').getByTestId('addon-thing').first().click();
    await expect(page).toHaveURL(new RegExp(`thing=${tank.id}&type=level`));
    await expect(page.getByTestId('thing-detail')).toContainText(tank.label);
  });

  test('a tank level fault injected by the simulator shows as a fault, and clears', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, DEMO_LOGINS.admin);
    const teAwa = await siteAreas(api, 'Te Awa Vineyard');
    const water = teAwa.area('water');
    const tank = (await api.get<SensorInfo[]>(`/areas/${water}/sensors`)).find(
      (sensor) => sensor.type === 'level',
    );
    if (!tank) throw new Error('Te Awa has no tank level');
    await openAddons(page, `/${teAwa.siteId}/addons/${water}?thing=${tank.id}&type=level`);
    const thing = card(page, 'level').getByTestId('addon-thing').filter({ hasText: tank.label });
    await expect(thing).not.toHaveAttribute('data-condition', 'fault');

    const injected = await request.post(`${CONTROL_URL}/faults`, {
      data: { kind: 'tankLevelFault', sensorId: tank.id },
    });
    expect(injected.ok(), await injected.text()).toBe(true);
    try {
      await expect(thing).toHaveAttribute('data-condition', 'fault', { timeout: FIELD_TIMEOUT_MS });
      await expect(thing.getByText('Fault')).toBeVisible();
      await expect(page.getByTestId('thing-detail').getByText('Fault')).toBeVisible();
      await filterTo(page, 'Fault');
      await expect(thing).toBeVisible();
      await filterTo(page, 'All');
    } finally {
      await request.delete(`${CONTROL_URL}/faults?kind=tankLevelFault`);
    }
    await expect(thing).not.toHaveAttribute('data-condition', 'fault', {
      timeout: FIELD_TIMEOUT_MS,
    });
  });

  test('a pump fault pauses its program when autoProgramPause is set, and recovery resumes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const api = await apiAs(request, DEMO_LOGINS.admin);
    const huon = await siteAreas(api, 'Huon Valley Orchard');
    const areaId = huon.area('irrigation');
    const program = await programOf(api, areaId);
    const pump = (await api.get<ControlInfo[]>(`/controls?area=${areaId}`)).find(
      (control) => control.type === 'pump' && program.schedule.attachments.includes(control.id),
    );
    if (!pump) throw new Error('Huon Valley has no attached pump');

    // The pump actions, ticked on the pump's detail.
    await openAddons(page, `/${huon.siteId}/addons/${areaId}?thing=${pump.id}&type=pump`);
    const actions = page.getByTestId('pump-actions');
    for (const name of [
      'Pause the program when the pump faults',
      'Resume the program when the pump recovers',
    ]) {
      const box = actions.getByRole('checkbox', { name });
      await box.click();
      await expect(box).toBeChecked();
      await expect(box).toBeEnabled();
    }
    await expect
      .poll(async () => (await programOf(api, areaId)).schedule.pumpActions ?? [])
      .toEqual(expect.arrayContaining(['autoPumpStart', 'autoProgramPause', 'autoProgramResume']));

    await post(request, api, `/programs/${program.id}/start`);
    const activity = () =>
      expect.poll(async () => (await programOf(api, areaId)).status.activity, {
        timeout: FIELD_TIMEOUT_MS,
        intervals: [1_000],
      });
    await activity().toBe('running');

    const injected = await request.post(`${CONTROL_URL}/faults`, {
      data: { kind: 'pumpFault', controlId: pump.id },
    });
    expect(injected.ok(), await injected.text()).toBe(true);
    try {
      await activity().toBe('paused');
      const pumpThing = page
        .locator('[data-testid="addon-thing"][data-type="pump"]')
        .filter({ has: page.getByText(pump.label, { exact: true }) });
      await expect(pumpThing).toHaveAttribute('data-condition', 'fault', {
        timeout: FIELD_TIMEOUT_MS,
      });
    } finally {
      await request.delete(`${CONTROL_URL}/faults?kind=pumpFault`);
    }
    // The pump recovers: the program it paused resumes.
    await activity().toBe('running');
    // Leave the farm quiet for the other specs.
    await post(request, api, `/programs/${program.id}/pause`);
    await activity().toBe('paused');
  });
});
