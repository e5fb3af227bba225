import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { apiAs, stackRequest, type ApiSession } from './support/api.ts';
import { mailText, outboxMails, standinSms } from './support/mail.ts';
import { signedInPage } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Issue 13, alarms in the console against the shared stack: the real server evaluating rules on
 * the simulated farm's readings, the real SMTP server of playwright.config.ts (its messages land
 * in the outbox folder) and the sms provider's stand-in. A contact is added with §5's checks and
 * its email tested; an alarm is made from the set-point template in the console; a spike the
 * simulator injects raises it, the email and the sms arrive within 10 s of the raise, the event
 * shows and the open count rises; acknowledging in the console stops the escalation (the
 * roster's next contact gets nothing); the value back past the clear value for reset-after
 * clears it; silencing a radio raises 'Any radio overdue' (warning) and silencing the
 * coordinator a critical alarm.
 */
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
/** The sms provider's stand-in the server sends through (null: not configured for this run). */
const TWILIO_URL = process.env.E2E_TWILIO_URL ?? null;
/** The radios under test report this often (the demo's ten minutes would be too slow). */
const TEST_INTERVAL_SECONDS = 15;
const FIELD_TIMEOUT_MS = 150_000;
const stamp = Date.now();
const first = {
  name: `Aroha Ngata ${stamp}`,
  email: `aroha-${stamp}@e2e.paddock.example`,
  sms: '+64 21 555 0142',
};
const second = { name: `Ben Tait ${stamp}`, email: `ben-${stamp}@e2e.paddock.example` };
const ALARM_NAME = `Soil too wet ${stamp}`;
/** The roster's first step waits this long for an acknowledgement before the second is told. */
const ROSTER_WAIT_MINUTES = 2;

interface SensorInfo {
  id: number;
  label: string;
  serialno: string;
  radio: number | null;
  topics: { metric: string; lastValue: number | null }[];
}
interface RadioInfo {
  id: number;
  type: string;
  serialno: string;
  overdue: boolean;
  config: { repeater: boolean; coordinator: boolean };
}
interface AlarmInfo {
  id: number;
  label: string;
  rule: { template: number; severity: string };
  state?: { status: string; raisedAt: string | null };
}

const mailsTo = (address: string) =>
  outboxMails(OUTBOX).filter((mail) => mail.to.includes(address));

async function smsTo(request: APIRequestContext, number: string) {
  return (await standinSms(request, TWILIO_URL)).filter((record) => record.to === number);
}

async function teAwa(api: ApiSession) {
  const site = await demoSite(api, 'Te Awa Vineyard');
  const area = siteArea(site, 'irrigation');
  const sensors = await api.get<SensorInfo[]>(`/sensors?area=${area.id}`);
  const probe = sensors.find(
    (sensor) => sensor.radio !== null && sensor.topics.some((t) => t.metric === 'soil.moisture'),
  );
  if (!probe?.radio) throw new Error('Te Awa Vineyard has no soil probe on a radio');
  const radios = await api.get<RadioInfo[]>(`/areas/${area.id}/radios`);
  const probeRadio = radios.find((radio) => radio.id === probe.radio);
  // A LoRa sensor radio other than the probe's: no valve hangs on it.
  const silenced = radios.find(
    (radio) =>
      radio.type === 'LoRa' &&
      radio.id !== probe.radio &&
      !radio.config.repeater &&
      !radio.config.coordinator,
  );
  const coordinator = radios.find((radio) => radio.config.coordinator);
  if (!probeRadio || !silenced || !coordinator) throw new Error('Te Awa Vineyard lacks radios');
  return { siteId: site.id, areaId: area.id, probe, probeRadio, silenced, coordinator };
}

async function fault(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post(`${CONTROL_URL}/faults`, { data: body });
  expect(response.ok(), `inject ${JSON.stringify(body)}`).toBe(true);
}

async function clearFaults(request: APIRequestContext, query: string) {
  await request.delete(`${CONTROL_URL}/faults?${query}`);
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const alarmRow = (page: Page, name: string) =>
  page.getByTestId('alarm-row').filter({ hasText: name });

test.describe('Alarms (issue 13)', () => {
  test.describe.configure({ mode: 'serial' });
  let api: ApiSession;
  let apiContext: APIRequestContext;
  let farm: Awaited<ReturnType<typeof teAwa>>;
  let page: Page;

  test.beforeAll(async ({ playwright, browser }, testInfo) => {
    // A cold stack on a busy machine: the first calls and the first sign-in take their time.
    test.setTimeout(180_000);
    apiContext = await stackRequest(playwright, testInfo);
    api = await apiAs(apiContext, DEMO_LOGINS.staff);
    farm = await teAwa(api);
    for (const radio of [farm.probeRadio, farm.silenced, farm.coordinator]) {
      await api.put(`/radios/${radio.id}`, { reportIntervalSeconds: TEST_INTERVAL_SECONDS });
    }
    page = await signedInPage(browser, DEMO_LOGINS.staff);
  });

  test.afterAll(async () => {
    // What this spec made goes, so the specs after it see the demo farm's alarms only.
    const headers = { authorization: `Bearer ${api.token}` };
    await apiContext.put(`/api/sites/${farm.siteId}/roster`, {
      headers,
      data: { steps: [], repeat: 0, repeatMinutes: 30 },
    });
    for (const alarm of await api.get<AlarmInfo[]>(`/areas/${farm.areaId}/alarms`)) {
      if (alarm.label.endsWith(String(stamp))) {
        await apiContext.delete(`/api/areas/${farm.areaId}/alarms/${alarm.id}`, { headers });
      }
    }
    await clearFaults(apiContext, 'kind=spike');
    for (const radio of [farm.probeRadio, farm.silenced, farm.coordinator]) {
      await clearFaults(apiContext, `serialno=${encodeURIComponent(radio.serialno)}`);
      await api.put(`/radios/${radio.id}`, { reportIntervalSeconds: 600 });
    }
    await page.context().close();
    await apiContext.dispose();
  });

  test('contacts: added with §5 checks, their email tested for real, and the escalation roster', async ({
    browserName: _browser,
  }, testInfo) => {
    await page.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
    await page.getByRole('tab', { name: 'Contacts' }).click();

    for (const person of [first, second]) {
      await page.getByRole('button', { name: 'Add contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'New contact' });
      await dialog.getByLabel('Name').fill(person.name);
      const address = dialog.getByRole('textbox', { name: 'Address' }).first();
      await address.fill('not-an-email');
      await address.blur();
      await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
      await address.fill(person.email);
      if (person === first) {
        await dialog.getByRole('button', { name: 'SMS' }).click();
        const phone = dialog.getByRole('textbox', { name: 'Address' }).nth(1);
        await phone.fill('09 300 1234'); // a landline: no sms
        await phone.blur();
        await expect(
          dialog.getByText('Please enter a valid New Zealand or Australian mobile number.'),
        ).toBeVisible();
        await phone.fill(first.sms);
      }
      // Alarms reach them at any hour: without this, a run in the site's quiet hours (after
      // 20:00 in New Zealand) holds the messages until morning, as it should.
      for (const afterHours of await dialog
        .getByRole('checkbox', { name: 'Also after hours' })
        .all()) {
        await afterHours.check();
      }
      if (person === first)
        await page.screenshot({ path: testInfo.outputPath('contact-1440.png') });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, `${person.name} saved`)).toBeVisible();
    }
    const card = page.getByTestId('contact-card').filter({ hasText: first.name });
    // Stored in E.164 (§5: phones are normalised).
    await expect(card).toContainText('+64215550142');

    // The email test goes through the real SMTP server; the row says so once the poll ends.
    const before = mailsTo(first.email).length;
    await card.getByRole('button', { name: `Test Email ${first.email}` }).click();
    await expect(card.getByText('Test sent')).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => mailsTo(first.email).length, { timeout: 15_000 })
      .toBeGreaterThan(before);

    // The roster: the first contact by sms at once, then the second by email two minutes later.
    await page.getByRole('tab', { name: 'Escalation' }).click();
    const roster = page.getByRole('region', { name: 'Escalation roster' });
    // The editor shows once the saved roster has loaded; the demo farm's steps go first.
    await expect(roster.getByRole('button', { name: 'Add step' })).toBeVisible();
    while ((await roster.getByRole('button', { name: 'Remove step' }).count()) > 0) {
      await roster.getByRole('button', { name: 'Remove step' }).first().click();
    }
    await roster.getByRole('button', { name: 'Add step' }).click();
    await roster.getByRole('button', { name: 'Add step' }).click();
    const steps = roster.getByTestId('roster-step');
    await choose(page, steps.nth(0), 'Contact', first.name);
    await choose(page, steps.nth(0), 'Method', 'SMS');
    await steps.nth(0).getByRole('textbox', { name: 'Wait' }).fill(String(ROSTER_WAIT_MINUTES));
    await choose(page, steps.nth(1), 'Contact', second.name);
    await choose(page, steps.nth(1), 'Method', 'Email');
    await roster.getByRole('button', { name: 'Save roster' }).click();
    await expect(toast(page, 'Escalation roster saved')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('roster-1440.png'), fullPage: true });
  });

  test('an alarm made from the set-point template in the console', async ({
    browserName: _browser,
  }, testInfo) => {
    await page.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
    await page.getByRole('button', { name: 'New alarm' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alarm' });
    await dialog.getByLabel('Name').fill(ALARM_NAME);
    // §5: nothing is sent without a target and a set point.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Pick the sensor to watch')).toBeVisible();
    await expect(dialog.getByText('Enter the set point')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Sensor' }).click();
    await page.getByRole('option', { name: new RegExp(farm.probe.serialno) }).click();
    await dialog.getByRole('combobox', { name: 'Reading' }).click();
    await page.getByRole('option', { name: 'soil.moisture', exact: true }).click();
    await dialog.getByLabel('Set point').fill('90');
    // The set point's unit comes with the reading.
    await expect(dialog.getByText('%', { exact: true }).first()).toBeVisible();
    await dialog.getByLabel('Clear value').fill('80');
    await dialog.getByLabel('Reset after').fill('00:00:10');
    await dialog.getByRole('checkbox', { name: new RegExp(`${first.name} · Email`) }).check();
    await dialog.getByRole('checkbox', { name: new RegExp(`${first.name} · SMS`) }).check();
    await page.screenshot({ path: testInfo.outputPath('alarm-form-1440.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${ALARM_NAME} saved`)).toBeVisible();
    const row = alarmRow(page, ALARM_NAME);
    await expect(row).toContainText('soil.moisture > 90 %');
    await expect(row).toContainText('Warning');
    await expect(row).toContainText('Normal');
  });

  test('a spike over the set point raises it, email and sms within 10 s, the event and the open count; acknowledging stops the escalation; back below the clear value it clears', async ({
    request,
  }, testInfo) => {
    test.setTimeout(8 * 60_000);
    const alarms = await api.get<AlarmInfo[]>(`/areas/${farm.areaId}/alarms`);
    const alarm = alarms.find((candidate) => candidate.label === ALARM_NAME);
    if (!alarm) throw new Error('the alarm was not saved');
    const firstMailsBefore = mailsTo(first.email).length;
    const secondMailsBefore = mailsTo(second.email).length;

    await fault(request, {
      kind: 'spike',
      sensorId: farm.probe.id,
      metric: 'soil.moisture',
      value: 97,
      reports: 1000,
    });
    await page.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
    await expect(alarmRow(page, ALARM_NAME)).toContainText('Raised', { timeout: FIELD_TIMEOUT_MS });
    const raised = (await api.get<AlarmInfo[]>(`/areas/${farm.areaId}/alarms`)).find(
      (candidate) => candidate.id === alarm.id,
    );
    const raisedAt = Date.parse(raised?.state?.raisedAt ?? '');
    expect(Number.isFinite(raisedAt)).toBe(true);

    // The email over SMTP within 10 s of the raise.
    await expect
      .poll(() => mailsTo(first.email).length, { timeout: 15_000 })
      .toBeGreaterThan(firstMailsBefore);
    const mail = mailsTo(first.email).at(-1);
    expect(mailText(mail?.raw ?? '')).toContain(ALARM_NAME);
    expect((mail?.at ?? Infinity) - raisedAt).toBeLessThanOrEqual(10_000);
    // The sms through the provider's protocol within 10 s too.
    if (TWILIO_URL) {
      await expect
        .poll(async () => (await smsTo(request, '+64215550142')).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
      const sms = (await smsTo(request, '+64215550142')).at(-1);
      expect(Date.parse(sms?.dateCreated ?? '') - raisedAt).toBeLessThanOrEqual(10_000);
    }

    // The event with its severity in the Events pane, and the open count up.
    await page.goto(`/${farm.siteId}/telemetry/${farm.areaId}`);
    await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Events' }).click();
    const event = page.getByTestId('event-row').filter({ hasText: ALARM_NAME }).first();
    await expect(event).toBeVisible({ timeout: 30_000 });
    await expect(event).toContainText('Warning');
    await expect(event).toContainText('Open');
    // Its raise is an open event of the area, counted on the Irrigation tab. The demo farm's
    // other events open and close meanwhile, so the tab is compared with a count read alongside.
    const openEvents = async () =>
      (await (
        await apiContext.post(`/api/areas/${farm.areaId}/events`, {
          headers: { authorization: `Bearer ${api.token}` },
          data: { open: true },
        })
      ).json()) as { events: { alarm?: number | null; open: boolean }[]; stats: { open: number } };
    const open = await openEvents();
    expect(open.events.some((candidate) => candidate.alarm === alarm.id && candidate.open)).toBe(
      true,
    );
    expect(open.stats.open).toBeGreaterThan(0);
    await page.goto(`/${farm.siteId}/irrigation/${farm.areaId}`);
    const badge = page.getByRole('tab', { name: /Irrigation/ }).getByLabel(/^Open events: /);
    await expect
      .poll(
        async () => {
          const count = (await openEvents()).stats.open;
          return (
            (await badge.getAttribute('aria-label')) === `Open events: ${count > 9 ? '9+' : count}`
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // Acknowledged in the console: the roster's second step (a minute later) never goes out.
    await page.goto(`/${farm.siteId}/${farm.areaId}/alarms/${alarm.id}`);
    await expect(page.getByRole('heading', { name: ALARM_NAME })).toBeVisible();
    await expect(page.getByText(/^Raised \d{4}-/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('alarm-raised-1440.png'), fullPage: true });
    await page.getByLabel('Comment (optional)').fill('Checked the probe, irrigation off');
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(toast(page, 'Alarm acknowledged: its messages stop.')).toBeVisible();
    await expect(page.getByText(/^Acknowledged .* by /).first()).toBeVisible();
    // Past the first step's wait (and a sender round): the second step would have gone by now.
    const escalationAt = raisedAt + ROSTER_WAIT_MINUTES * 60_000 + 15_000;
    await page.waitForTimeout(Math.max(0, escalationAt - Date.now()));
    expect(mailsTo(second.email).length).toBe(secondMailsBefore);

    // Back below the clear value for reset-after (10 s): cleared, normal again.
    await clearFaults(request, 'kind=spike');
    await page.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
    await expect(alarmRow(page, ALARM_NAME)).toContainText('Normal', { timeout: FIELD_TIMEOUT_MS });
  });

  test("silencing a radio raises 'Any radio overdue' (warning), silencing the coordinator a critical alarm", async ({
    request,
  }) => {
    test.setTimeout(8 * 60_000);
    // Both alarms made from their templates in the console: the template gives the severity.
    await page.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
    for (const [template, severity] of [
      ['Any radio overdue', 'Warning'],
      ['Any coordinator overdue', 'Critical'],
    ] as const) {
      await page.getByRole('button', { name: 'New alarm' }).click();
      const dialog = page.getByRole('dialog', { name: 'New alarm' });
      await dialog.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: template, exact: true }).click();
      await expect(dialog.getByLabel('Name')).toHaveValue(template);
      await expect(dialog.getByText(/Watches \d+ devices? of this area/)).toBeVisible();
      await dialog.getByLabel('Name').fill(`${template} ${stamp}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, `${template} ${stamp} saved`)).toBeVisible();
      await expect(alarmRow(page, `${template} ${stamp}`)).toContainText(severity);
    }

    await fault(request, { kind: 'silence', serialno: farm.silenced.serialno });
    const radioRow = alarmRow(page, `Any radio overdue ${stamp}`);
    await expect(radioRow).toContainText('Raised', { timeout: FIELD_TIMEOUT_MS });
    await expect(radioRow).toContainText('Warning');

    await fault(request, { kind: 'silence', serialno: farm.coordinator.serialno });
    const coordinatorRow = alarmRow(page, `Any coordinator overdue ${stamp}`);
    await expect(coordinatorRow).toContainText('Raised', { timeout: FIELD_TIMEOUT_MS });
    await expect(coordinatorRow).toContainText('Critical');
  });

  test('screenshots of the alarms pages at 375 and 1440 px', async ({ browser }, testInfo) => {
    test.setTimeout(4 * 60_000);
    for (const width of [375, 1440]) {
      const shot = await signedInPage(browser, DEMO_LOGINS.staff, width);
      await shot.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
      await expect(alarmRow(shot, ALARM_NAME)).toBeVisible();
      await shot.screenshot({ path: testInfo.outputPath(`alarms-${width}.png`), fullPage: true });
      await alarmRow(shot, ALARM_NAME).getByRole('link', { name: ALARM_NAME }).click();
      await expect(shot.getByRole('heading', { name: ALARM_NAME })).toBeVisible();
      await shot.screenshot({ path: testInfo.outputPath(`alarm-${width}.png`), fullPage: true });
      await shot.goto(`/${farm.siteId}/${farm.areaId}/alarms`);
      await shot.getByRole('tab', { name: 'Contacts' }).click();
      await expect(shot.getByTestId('contact-card').first()).toBeVisible();
      await shot.screenshot({ path: testInfo.outputPath(`contacts-${width}.png`), fullPage: true });
      if (width === 375) {
        await shot.getByRole('tab', { name: 'Alarms', exact: true }).click();
        await shot.getByRole('button', { name: 'New alarm' }).click();
        await expect(shot.getByRole('dialog', { name: 'New alarm' })).toBeVisible();
        await shot.screenshot({ path: testInfo.outputPath('alarm-form-375.png') });
      }
      await shot.context().close();
    }
  });
});
