import type { HeardDevice, NetworkLink } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fieldKey, NETWORK_SERVER_USERNAME } from '../apps/server/src/field/credentials.ts';
import { apiAs, stackRequest, type ApiSession } from './support/api.ts';
import { signedInPage } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 32, a LoRaWAN network server link set up in the console, against the shared stack. The
 * demo's simulated ChirpStack (Red Cliffs Citrus's application, on the embedded broker as its
 * `network-server` user) also has a temperature-humidity sensor no radio has. A site admin of
 * Huon Valley Orchard links the site to that application on the Users page's Network servers
 * card, with the network server's key as an operator derives it (`npm run field:keys`), sees the
 * link connect and the sensor listed as heard, gives one of the site's soil probe radios its
 * devEUI on the Telemetry page, and sees the radio report through the link: the simulator is
 * told to silence the radio's own field-protocol reports first, so what arrives came through
 * the network server.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const SITE = 'Huon Valley Orchard';
const NETWORK_SITE = 'Red Cliffs Citrus';
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
const FIELD_SECRET = process.env.E2E_FIELD_SECRET ?? '';
/** The unprovisioned sensor reports every minute; the link polls its settings every few seconds. */
const FIELD_TIMEOUT_MS = 180_000;

interface RadioInfo {
  id: number;
  type: string;
  serialno: string;
  lastUpdate: string | null;
  signalValue: number | null;
  devEui: string | null;
  config: { repeater: boolean; coordinator: boolean };
}
interface SensorInfo {
  id: number;
  type: string;
  radio: number | null;
}

/** Huon's irrigation area and a soil probe radio of it with no devEUI yet. */
async function huon(api: ApiSession) {
  const site = await demoSite(api, SITE);
  const area = siteArea(site, 'irrigation');
  const sensors = await api.get<SensorInfo[]>(`/sensors?area=${area.id}`);
  const radios = await api.get<RadioInfo[]>(`/areas/${area.id}/radios`);
  const probe = radios.find(
    (radio) =>
      radio.type === 'LoRa' &&
      radio.devEui === null &&
      !radio.config.repeater &&
      !radio.config.coordinator &&
      sensors.some((sensor) => sensor.radio === radio.id && sensor.type === 'soilMoisture'),
  );
  if (!probe) throw new Error(`${SITE} has no soil probe radio`);
  return { siteId: site.id, areaId: area.id, probe };
}

/** The demo's ChirpStack link (its broker and application) and the device it heard. */
async function demoNetwork(api: ApiSession) {
  const site = await demoSite(api, NETWORK_SITE);
  const [link] = await api.get<NetworkLink[]>(`/sites/${site.id}/network-links`);
  if (!link) throw new Error(`${NETWORK_SITE} has no network server link`);
  let heard: HeardDevice[] = [];
  await expect
    .poll(
      async () => {
        heard = await api.get<HeardDevice[]>(`/network-links/${link.id}/heard`);
        return heard.length;
      },
      { timeout: FIELD_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const [device] = heard;
  if (!device) throw new Error('nothing heard');
  return { url: link.url, applicationId: link.applicationId, devEui: device.devEui };
}

async function simulatorFaults(
  request: APIRequestContext,
  method: 'post' | 'delete',
  serialno: string,
) {
  const response =
    method === 'post'
      ? await request.post(`${CONTROL_URL}/faults`, { data: { kind: 'silence', serialno } })
      : await request.delete(`${CONTROL_URL}/faults?serialno=${encodeURIComponent(serialno)}`);
  expect(response.ok(), `${method} silence on ${serialno}`).toBe(true);
}

const linksCard = (page: Page) => page.getByRole('region', { name: 'Network servers' });

test.describe('Network server links (issue 32)', () => {
  test.describe.configure({ mode: 'serial' });
  let api: ApiSession;
  let apiContext: APIRequestContext;
  let farm: Awaited<ReturnType<typeof huon>>;
  let network: Awaited<ReturnType<typeof demoNetwork>>;
  let page: Page;

  test.beforeAll(async ({ playwright, browser }, testInfo) => {
    test.setTimeout(FIELD_TIMEOUT_MS + 60_000);
    expect(FIELD_SECRET, 'playwright.config.ts gives the stack its field secret').not.toBe('');
    apiContext = await stackRequest(playwright, testInfo);
    api = await apiAs(apiContext, DEMO_LOGINS.admin);
    farm = await huon(api);
    network = await demoNetwork(api);
    page = await signedInPage(browser, DEMO_LOGINS.admin);
  });

  test.afterAll(async ({ request }) => {
    // What this spec made goes, so the site is as the other specs expect it.
    const headers = { authorization: `Bearer ${api.token}` };
    await api.put(`/radios/${farm.probe.id}`, { devEui: null });
    await simulatorFaults(request, 'delete', farm.probe.serialno);
    for (const link of await api.get<NetworkLink[]>(`/sites/${farm.siteId}/network-links`)) {
      await apiContext.delete(`/api/network-links/${link.id}`, { headers });
    }
    await page.context().close();
    await apiContext.dispose();
  });

  test('a site admin links the site to a ChirpStack application and sees what it hears', async () => {
    test.setTimeout(FIELD_TIMEOUT_MS + 60_000);
    await page.goto(`/${farm.siteId}/users`);
    const card = linksCard(page);
    await card.getByRole('button', { name: 'Add network server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a network server' });
    await dialog.getByLabel('Kind').selectOption('chirpstack');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(network.url);
    await dialog.getByRole('textbox', { name: 'User name' }).fill(NETWORK_SERVER_USERNAME);
    await dialog
      .getByLabel('Password', { exact: true })
      .fill(fieldKey(FIELD_SECRET, NETWORK_SERVER_USERNAME));
    await dialog.getByRole('textbox', { name: 'Application id' }).fill(network.applicationId);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = card.getByRole('row', { name: network.url });
    await expect(row).toContainText('ChirpStack v4 (MQTT)');
    await expect(row.getByText('connected', { exact: true })).toBeVisible({ timeout: 60_000 });
    await row.getByRole('button', { name: 'Heard' }).click();
    const heard = card.getByRole('table', { name: 'Heard, not provisioned' });
    await expect(heard.getByText(network.devEui, { exact: true })).toBeVisible({
      timeout: FIELD_TIMEOUT_MS,
    });
    await page.screenshot({ path: 'test-results/network-links-heard-1440.png' });
  });

  test('a radio given the heard devEUI reports through the link on the Telemetry page', async ({
    request,
  }) => {
    test.setTimeout(FIELD_TIMEOUT_MS + 60_000);
    // The radio's own reports stop: from now on it is heard only through the network server.
    await simulatorFaults(request, 'post', farm.probe.serialno);
    const attachedAt = Date.now();
    await page.goto(`/${farm.siteId}/telemetry/${farm.areaId}/radio/${farm.probe.id}`);
    const detail = page.getByRole('region', { name: `Details of ${farm.probe.serialno}` });
    await detail.getByRole('button', { name: 'Change' }).click();
    await detail.getByRole('textbox', { name: 'devEUI' }).fill(network.devEui.toLowerCase());
    await detail.getByRole('button', { name: 'Save' }).click();
    await expect(detail.getByTestId('dev-eui')).toHaveText(
      network.devEui.replace(/(.{4})(?=.)/g, '$1 '),
    );

    let radio: RadioInfo | null = null;
    await expect
      .poll(
        async () => {
          radio = await api.get<RadioInfo>(`/radios/${farm.probe.id}`);
          return radio.lastUpdate === null ? 0 : Date.parse(radio.lastUpdate);
        },
        { timeout: FIELD_TIMEOUT_MS, intervals: [2_000] },
      )
      .toBeGreaterThan(attachedAt);
    const reported = radio as RadioInfo | null;
    await page
      .getByRole('tablist', { name: 'Panes' })
      .getByRole('tab', { name: 'Telemetry' })
      .click();
    const latest = page
      .getByRole('table', { name: 'Latest telemetry' })
      .locator(`tr[data-kind="radio"][data-id="${farm.probe.id}"]`);
    // The signal is the best gateway's rssi of the network server's uplink.
    await expect(latest.getByRole('cell').nth(2)).toHaveText(
      reported?.signalValue?.toFixed(0) ?? '--',
    );
    await page.screenshot({ path: 'test-results/network-links-telemetry-1440.png' });
    await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Detail' }).click();

    // Attached: no longer heard.
    const [link] = await api.get<NetworkLink[]>(`/sites/${farm.siteId}/network-links`);
    const heard = await api.get<HeardDevice[]>(`/network-links/${link?.id ?? 0}/heard`);
    expect(heard.map((device) => device.devEui)).not.toContain(network.devEui);
  });
});
