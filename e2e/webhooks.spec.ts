import {
  ALARM_TEMPLATES,
  alarmRuleFromTemplate,
  formatSiteDateTime,
  siteTimeZone,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { apiAs, stackRequest, type ApiSession } from './support/api.ts';
import { signedInPage } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 32, webhooks out, against the shared stack: a site admin adds an endpoint on the Users
 * page's Webhooks card, pointed at the devstack's local receiver and subscribed to "Alarm
 * raised", and reads its secret from the dialog that shows it once. An alarm is then raised on
 * the site for real (a rule on a soil probe that its ordinary readings already break, the probe
 * reporting every 15 s meanwhile); the receiver gets the `alarm.raised` event, signed by the
 * Standard Webhooks convention with that secret, and the card shows its delivery delivered.
 * Red Cliffs Citrus: no other spec counts its alarms (playwright.config.ts says why the lane).
 */
/** Two cores shared with other runs: pages and the field take their time. */
const expect = baseExpect.configure({ timeout: 30_000 });
const SITE = 'Red Cliffs Citrus';
/** The devstack's webhook receiver (playwright.config.ts); it accepts any path under /webhooks. */
const RECEIVER_URL = process.env.E2E_WEBHOOK_STANDIN_URL ?? 'http://127.0.0.1:8197';
const stamp = Date.now();
/** This run's own path, so the endpoint is told from the demo's and from another run's. */
const ENDPOINT_URL = `${RECEIVER_URL}/webhooks/e2e-${stamp}`;
const ALARM_NAME = `Webhook test ${stamp}`;
/** The probe reports this often while the test waits for its reading (the demo's is minutes). */
const TEST_INTERVAL_SECONDS = 15;
/** A cold stack replays the farm's past before its devices report live: the first raise waits. */
const FIELD_TIMEOUT_MS = 240_000;

interface SensorInfo {
  id: number;
  radio: number | null;
  topics: { metric: string; lastValue: number | null }[];
}
interface RadioInfo {
  id: number;
  type: string;
  overdue: boolean;
  lastUpdate: string | null;
  reportIntervalSeconds?: number;
  config: { repeater: boolean; coordinator: boolean };
}
interface SiteInfo {
  id: number;
  label: string;
  config?: { timezone?: string | null } | null;
  tags?: { country?: string | null };
  areas?: { id: number; type: string; label: string }[];
}
/** What the receiver took: each request's headers and its body as it came. */
interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status: number;
}
interface AlarmRaised {
  type: string;
  timestamp: string;
  data: {
    site: number;
    area: number | null;
    alarm: { id: number; label: string; severity: string };
    value: number | null;
  };
}

/**
 * Red Cliffs Citrus's irrigation area and the soil probe whose radio reported last (a radio in
 * one of its silent spells would keep the test waiting), with that radio's own interval.
 */
async function redCliffs(api: ApiSession) {
  const site = await demoSite<SiteInfo>(api, SITE);
  const area = siteArea(site, 'irrigation');
  const sensors = await api.get<SensorInfo[]>(`/sensors?area=${area.id}`);
  const radios = await api.get<RadioInfo[]>(`/areas/${area.id}/radios`);
  const candidates = sensors.flatMap((sensor) => {
    const radio = radios.find(
      (candidate) =>
        candidate.id === sensor.radio &&
        candidate.type === 'LoRa' &&
        !candidate.overdue &&
        !candidate.config.repeater &&
        !candidate.config.coordinator,
    );
    const moisture = sensor.topics.find((topic) => topic.metric === 'soil.moisture');
    return radio && moisture?.lastValue != null ? [{ sensor, radio }] : [];
  });
  const probe = candidates.sort((a, b) =>
    (b.radio.lastUpdate ?? '').localeCompare(a.radio.lastUpdate ?? ''),
  )[0];
  if (!probe) throw new Error(`${SITE} has no soil probe reporting on a radio`);
  return {
    siteId: site.id,
    areaId: area.id,
    timeZone: siteTimeZone(site.config, site.tags?.country, 'UTC'),
    probe: probe.sensor,
    radio: probe.radio,
  };
}

/** The `alarm.raised` events of `alarmId` the receiver took, each with what came with it. */
async function raisesReceived(request: APIRequestContext, alarmId: number) {
  const response = await request.get(`${RECEIVER_URL}/standin/webhooks`);
  expect(response.ok(), 'GET /standin/webhooks').toBe(true);
  return ((await response.json()) as ReceivedWebhook[]).flatMap((received) => {
    const event = JSON.parse(received.body) as AlarmRaised;
    return event.type === 'alarm.raised' && event.data.alarm.id === alarmId
      ? [{ received, event }]
      : [];
  });
}

/** The three Standard Webhooks headers as the receiver recorded them. */
function signatureHeaders(received: ReceivedWebhook): Record<string, string> {
  return Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(received.headers[name] ?? ''),
    ]),
  );
}

const adminPage = (browser: Browser, width: number) =>
  signedInPage(browser, DEMO_LOGINS.admin, width);

const webhooksCard = (page: Page) => page.getByRole('region', { name: 'Webhooks' });
const endpointRow = (page: Page) => webhooksCard(page).getByLabel(ENDPOINT_URL, { exact: true });

test.describe('Webhooks out (issue 32)', () => {
  test.describe.configure({ mode: 'serial' });
  let api: ApiSession;
  let apiContext: APIRequestContext;
  let farm: Awaited<ReturnType<typeof redCliffs>>;
  let page: Page;
  /** Read from the dialog that shows it once. */
  let secret = '';
  let alarmId = 0;
  /** The `webhook-id` of the raise the receiver took: its delivery's event id. */
  let eventId = '';

  test.beforeAll(async ({ playwright, browser }, testInfo) => {
    // A cold stack on a busy machine: the first calls and the first sign-in take their time.
    test.setTimeout(180_000);
    apiContext = await stackRequest(playwright, testInfo);
    // Staff: a reporting interval is the installer's to change; the rest an admin's.
    api = await apiAs(apiContext, DEMO_LOGINS.staff);
    farm = await redCliffs(api);
    page = await adminPage(browser, 1440);
  });

  test.afterAll(async () => {
    // What this spec made goes, so the site is as the other specs expect it.
    const headers = { authorization: `Bearer ${api.token}` };
    for (const webhook of await api.get<WebhookEndpoint[]>(`/sites/${farm.siteId}/webhooks`)) {
      if (webhook.url === ENDPOINT_URL) {
        await apiContext.delete(`/api/webhooks/${webhook.id}`, { headers });
      }
    }
    if (alarmId) {
      await apiContext.delete(`/api/areas/${farm.areaId}/alarms/${alarmId}`, { headers });
    }
    await api.put(`/radios/${farm.radio.id}`, {
      reportIntervalSeconds: farm.radio.reportIntervalSeconds ?? 600,
    });
    await page.context().close();
    await apiContext.dispose();
  });

  test('a site admin adds an endpoint for raised alarms on the Users page and is shown its secret once', async () => {
    await page.goto(`/${farm.siteId}/users`);
    const card = webhooksCard(page);
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    // The domain's checks, before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter an http or https URL')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'URL' }).fill(ENDPOINT_URL);
    await dialog.getByRole('checkbox', { name: 'Alarm raised' }).check();
    await page.screenshot({ path: 'test-results/webhooks-form-1440.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The form gives way to the secret's own dialog.
    await expect(dialog).toBeHidden();

    const shown = page.getByRole('dialog', { name: "The endpoint's secret" });
    await expect(shown.getByText('it is shown this once')).toBeVisible();
    const code = shown.getByLabel('Secret', { exact: true });
    await expect(code).toHaveText(/^whsec_[A-Za-z0-9+/]+=*$/);
    secret = (await code.textContent()) ?? '';
    await page.screenshot({ path: 'test-results/webhooks-secret-1440.png' });
    await shown.getByRole('button', { name: 'I have kept it' }).click();
    await expect(shown).toBeHidden();

    const row = endpointRow(page);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Alarm raised');
    await expect(row).toContainText('Nothing sent yet');
    // Shown once: the list never carries it.
    const listed = await api.get<WebhookEndpoint[]>(`/sites/${farm.siteId}/webhooks`);
    expect(listed.find((webhook) => webhook.url === ENDPOINT_URL)?.events).toEqual([
      'alarm.raised',
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  test("an alarm raised on the site reaches the receiver, signed with the endpoint's secret", async ({
    request,
  }) => {
    test.setTimeout(FIELD_TIMEOUT_MS + 60_000);
    expect(secret, 'the secret was read in the first test').toMatch(/^whsec_/);
    // Any reading of soil moisture (a percentage) is below 1000: the probe's next report raises it.
    const rule = alarmRuleFromTemplate(ALARM_TEMPLATES.simpleSetPoint, {
      target: farm.probe.id,
      targetType: 'sensor',
      path: 'soil.moisture',
      operator: 'lessThan',
      threshold: 1000,
      name: ALARM_NAME,
      // The least severe, so it ranks below everything the fleet view and the dashboard show.
      severity: 'info',
    });
    const created = await apiContext.post(`/api/areas/${farm.areaId}/alarms`, {
      headers: { authorization: `Bearer ${api.token}` },
      data: { active: true, rule, notifications: [] },
    });
    expect(created.status(), 'POST alarm').toBe(201);
    alarmId = ((await created.json()) as { id: number }).id;
    await api.put(`/radios/${farm.radio.id}`, { reportIntervalSeconds: TEST_INTERVAL_SECONDS });

    await expect
      .poll(async () => (await raisesReceived(request, alarmId)).length, {
        timeout: FIELD_TIMEOUT_MS,
        intervals: [2_000],
      })
      .toBeGreaterThan(0);
    const [raise] = await raisesReceived(request, alarmId);
    if (!raise) throw new Error('the raise was not received');
    const { received, event } = raise;
    expect(received.status).toBe(204);
    expect(event.data).toMatchObject({
      site: farm.siteId,
      area: farm.areaId,
      alarm: { id: alarmId, label: ALARM_NAME, severity: rule.severity },
    });
    expect(typeof event.data.value).toBe('number');

    // Verified as a receiver would, with the convention's library and the secret from the dialog;
    // the same body changed by a byte is refused.
    const headers = signatureHeaders(received);
    const webhook = new Webhook(secret);
    expect(webhook.verify(received.body, headers)).toEqual(event);
    expect(() =>
      webhook.verify(received.body.replace(ALARM_NAME, `${ALARM_NAME}!`), headers),
    ).toThrow();
    eventId = headers['webhook-id'] ?? '';
  });

  test('the card shows the delivery delivered, at 1440 and 375 px', async ({ browser }) => {
    test.setTimeout(4 * 60_000);
    expect(eventId, 'the raise was received in the test before').not.toBe('');
    const [webhook] = (await api.get<WebhookEndpoint[]>(`/sites/${farm.siteId}/webhooks`)).filter(
      (candidate) => candidate.url === ENDPOINT_URL,
    );
    if (!webhook) throw new Error('the endpoint is gone');
    // The attempt is written once the receiver has answered: a moment after it took the event.
    const delivery = async () =>
      (await api.get<WebhookDelivery[]>(`/webhooks/${webhook.id}/deliveries`)).find(
        (candidate) => candidate.event.id === eventId,
      );
    await expect.poll(async () => (await delivery())?.status).toBe('delivered');
    const delivered = await delivery();
    if (!delivered) throw new Error('the delivery is gone');
    expect(delivered.attempts[0]).toMatchObject({ attempt: 1, statusCode: 204 });
    const eventTime = formatSiteDateTime(new Date(delivered.event.timestamp), farm.timeZone);

    for (const width of [1440, 375]) {
      const shot = width === 1440 ? page : await adminPage(browser, width);
      await shot.goto(`/${farm.siteId}/users`);
      const row = endpointRow(shot);
      await expect(row).toContainText(/Delivered \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(204\)/);
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const deliveryRow = row
        .getByRole('table', { name: 'Deliveries' })
        .getByRole('row')
        .filter({ hasText: 'Alarm raised' })
        .filter({ hasText: eventTime });
      await expect(deliveryRow.first()).toContainText('Delivered');
      await expect(deliveryRow.first()).toContainText('204 at');
      // The card is below the site's users: the screen as a person scrolled down to it sees it.
      await webhooksCard(shot).scrollIntoViewIfNeeded();
      await shot.screenshot({ path: `test-results/webhooks-${width}.png` });
      if (shot !== page) await shot.context().close();
    }
  });
});
