import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseString } from '@fast-csv/parse';
import { ALARM_TEMPLATES, isWorkingHours } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, type ApiSession } from './support/api.ts';
import { mailText, outboxMails, standinSms } from './support/mail.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea, type DemoSite } from './support/sites.ts';

/**
 * Issue 31, seeing the frost coming, against the real server and the simulated farm: a
 * compressed frost night on Rapaura Vineyard; once the air has cooled, "Forecast now" on the
 * frost page makes tonight's forecast from the latest readings and sends the early warning, the
 * site's grower getting one email and one sms; pressed again, nothing more goes out. The page
 * shows the forecast, the explorer the expected curve beside the readings; a fan started from
 * the console shows its RPM, and its run is in the night's compliance report with the trigger
 * "remote". Screenshots at 375 and 1440 px go to test-results.
 */
const SITE = 'Rapaura Vineyard';
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const TWILIO_URL = process.env.E2E_TWILIO_URL ?? null;
const NIGHT_MINUTES = 1;
/** The grower of Rapaura Vineyard (the demo farm's contacts): told by email and by sms. */
const GROWER = { email: 'tom@rapaura.example.nz', sms: '+64215550166' };

interface AlarmInfo {
  id: number;
  rule: { template: number };
  state?: { status: string; raisedAt: string | null };
}
interface ForecastInfo {
  tonight: { sunset: string; warning: { sent: boolean } } | null;
}

/** The early warnings (emails, sms) the grower has been sent so far. */
async function warningsToGrower(request: APIRequestContext) {
  // Read decoded: a warning told with another alarm is one email of both, its body
  // quoted-printable, where a soft line break may fall inside "Frost forecast".
  const emails = outboxMails(OUTBOX).filter(
    (mail) => mail.to.includes(GROWER.email) && mailText(mail.raw).includes('Frost forecast'),
  );
  const sms = (await standinSms(request, TWILIO_URL)).filter(
    (message) => message.to === GROWER.sms && (message.body ?? '').includes('Frost forecast'),
  );
  return { emails: emails.length, sms: sms.length };
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `test-results/frost-forecast-1440-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `test-results/frost-forecast-375-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The canopy's coldest reading now on the summary bar (°C), null before it shows one. */
async function coldestCanopy(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('frost-summary-coldest').textContent()) ?? '';
  const match = /(-?\d+(?:[.,]\d+)?) °C/.exec(text);
  return match?.[1] ? Number(match[1].replace(',', '.')) : null;
}

/** The csv compliance report of tonight, asked for and downloaded in the frost report console. */
async function complianceCsv(page: Page): Promise<Record<string, string>[]> {
  await page.getByRole('button', { name: 'Reports' }).click();
  const panel = page.getByTestId('frost-report-console');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  // The list is all the user's exports, and other lanes export as the same user meanwhile: ours
  // is the one the CSV button's request made.
  const [created] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/exports',
    ),
    panel.getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  expect(created.status()).toBe(202);
  const { id } = (await created.json()) as { id: number };
  const row = panel.getByTestId(`export-${id}`);
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  const csv = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  await page.keyboard.press('Escape');
  return new Promise((resolve, reject) => {
    const out: Record<string, string>[] = [];
    parseString(csv, { headers: true })
      .on('data', (row: Record<string, string>) => out.push(row))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
}

/**
 * Starts or stops the selected fan with its buttons on the fan detail, confirming; a start the
 * frost rules refuse (the canopy still warm at dusk) is overridden, as the console offers.
 */
async function commandFan(page: Page, action: 'start' | 'stop') {
  const commands = page.getByTestId('fan-commands');
  await commands.getByTestId(`fan-${action}`).click();
  const dialog = page.getByTestId('fan-command-confirm');
  await dialog.getByTestId('fan-command-ok').click();
  const override = dialog.getByTestId('fan-command-override');
  const status = commands.getByTestId('fan-command-status');
  await expect(override.or(status).first()).toBeVisible();
  if (await override.isVisible()) await override.click();
  await expect(status).toHaveAttribute('data-outcome', action === 'start' ? 'running' : 'stopped', {
    timeout: 60_000,
  });
}

test('a frost night: the early warning once, the forecast and its curve, a fan started from the console in the report', async ({
  page,
  request,
}) => {
  test.setTimeout((NIGHT_MINUTES + 5) * 60_000);
  const api: ApiSession = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite<DemoSite & { config: { timezone: string } }>(api, SITE);
  const area = siteArea(site, 'frost');
  const forecastAlarm = async () =>
    (await api.get<AlarmInfo[]>(`/areas/${area.id}/alarms`)).find(
      (alarm) => alarm.rule.template === ALARM_TEMPLATES.frostForecast,
    );
  const warnedBefore = await warningsToGrower(request);
  const tonightBefore = await api.get<ForecastInfo>(`/areas/${area.id}/frost-forecast`);

  await signIn(page, DEMO_LOGINS.admin);
  await page.goto(`/${site.id}/frost/${area.id}/list`);
  const forecast = page.getByTestId('frost-forecast');
  const views = page.getByRole('radiogroup', { name: 'Frost views' });
  await expect(forecast.getByTestId('frost-forecast-fit')).toBeVisible();

  const started = await request.post(`${CONTROL_URL}/frost-night`, {
    data: { siteId: site.id, minutes: NIGHT_MINUTES, reportSeconds: 3 },
  });
  expect(started.status(), await started.text()).toBe(201);

  // At dusk, before the fans start on their own, one is started from the console: its RPM shows.
  const fanRow = page.locator('[data-testid="fan-row"][aria-selected="true"]');
  const fanLabel = ((await fanRow.locator('td').first().textContent()) ?? '').trim();
  await test.step('a fan started from the console shows its RPM', async () => {
    await commandFan(page, 'start');
    await expect
      .poll(
        async () => Number((await fanRow.getByTestId('fan-rpm').textContent())?.replace(/\D/g, '')),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    await screenshots(page, 'fan-started');
  });

  const expected = await test.step('Forecast now at dusk: the early warning once', async () => {
    // Once the air has cooled, tonight's forecast is made from the latest readings.
    await expect
      .poll(() => coldestCanopy(page), { timeout: NIGHT_MINUTES * 60_000, intervals: [2_000] })
      .toBeLessThan(4);
    const forecastNow = forecast.getByRole('button', { name: 'Forecast now' });
    // Before two hours after sunset (the compressed night runs by day) the console asks first.
    const sunset = tonightBefore.tonight?.sunset;
    const early = () => sunset !== undefined && Date.now() < Date.parse(sunset) + 2 * 3_600_000;
    const pressForecastNow = async () => {
      const posted = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          response.url().endsWith(`/areas/${area.id}/frost-forecast`),
      );
      await forecastNow.click();
      if (early()) {
        const confirm = page.getByRole('dialog', {
          name: 'Forecast before two hours after sunset?',
        });
        await confirm.getByRole('button', { name: 'Forecast now' }).click();
      }
      await posted;
    };
    await pressForecastNow();
    await expect(forecast.getByTestId('frost-forecast-minimum')).toContainText('°C');
    await expect(forecast.getByTestId('frost-forecast-start')).toContainText(/\d{2}:\d{2}|--/);
    await expect(forecast.getByTestId('frost-forecast-warning')).toContainText(/sent \d{2}:\d{2}/);
    const raisedAt = (await forecastAlarm())?.state?.raisedAt ?? null;
    expect(raisedAt).not.toBeNull();
    // The early warning by sms through the provider's stand-in, and by email over SMTP when it
    // is raised in the site's working hours: the grower's email is not used after hours (the
    // demo contact's), so at night it is held until six, listed as pending. Up to 90 s: in CI
    // a message went out more than 30 s after the raise, the machine full with the suites.
    const working = isWorkingHours(new Date(raisedAt ?? Date.now()), site.config.timezone);
    const expected = tonightBefore.tonight?.warning.sent
      ? warnedBefore
      : {
          emails: warnedBefore.emails + (working ? 1 : 0),
          sms: warnedBefore.sms + (TWILIO_URL ? 1 : 0),
        };
    await expect.poll(() => warningsToGrower(request), { timeout: 90_000 }).toEqual(expected);
    if (!working && !tonightBefore.tonight?.warning.sent) {
      const alarm = await forecastAlarm();
      const held = (
        await api.get<{ method: string; address: string; status: string }[]>(
          `/areas/${area.id}/alarms/${alarm?.id}/notifications`,
        )
      ).filter((message) => message.method === 'email' && message.address === GROWER.email);
      expect(held.map((message) => message.status)).toEqual(['pending']);
    }
    await screenshots(page, 'page');

    // Pressed again: the forecast is made again, the warning is not (the alarm is not raised anew).
    await pressForecastNow();
    expect((await forecastAlarm())?.state?.raisedAt).toBe(raisedAt);
    return expected;
  });

  await test.step("the explorer draws tonight's expected curve", async () => {
    // The explorer: tonight's expected curve beside the live readings, its start time marked.
    await views.locator('label', { hasText: 'Explorer' }).click();
    const explorer = page.getByTestId('frost-explorer');
    await expect(explorer.getByTestId('chart-plot')).toBeVisible();
    await expect(explorer).toHaveAttribute('data-forecast-curve', 'shown');
    await expect(explorer.getByTestId('frost-explorer-forecast')).toContainText(
      "tonight's expected curve",
    );
    await explorer.locator('label', { hasText: 'Whole night' }).click();
    await screenshots(page, 'explorer');
  });

  await test.step("the season's forecast against observed", async () => {
    // The season's forecast against observed.
    await views.locator('label', { hasText: 'Forecast' }).click();
    const season = page.getByTestId('frost-forecast-season');
    await expect(season.getByTestId('frost-season-count')).toBeVisible();
    await screenshots(page, 'season');
  });

  await test.step('the run in the compliance report, triggered remotely', async () => {
    // The fan stopped from the console; its run is in the night's compliance report, "remote".
    await views.locator('label', { hasText: 'Fans' }).click();
    await commandFan(page, 'stop');
    const records = await complianceCsv(page);
    expect(
      records.some((record) => record.Fan === fanLabel && record.Trigger === 'remote'),
      JSON.stringify(records),
    ).toBe(true);
  });

  // Still one warning of each kind for the night.
  expect(await warningsToGrower(request)).toEqual(expected);
  await request.delete(`${CONTROL_URL}/frost-night?siteId=${site.id}`);
});
