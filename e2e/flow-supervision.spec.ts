import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, stackRequest, type ApiSession } from './support/api.ts';
import type { ProgramInfo } from './support/irrigation.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Flow supervision (issue 30), against the real server, its runner and the simulator: a burst
 * lateral on the zone a test of Rapaura's program is watering is closed by the flow watch within
 * settle + delay + 30 s, "High flow" is raised with both flows, the program's next zone runs and
 * the program page says why; then a leak while nothing runs stops the pump and raises
 * "Unscheduled flow". Rapaura's program is stopped when this lane reaches it (the irrigation
 * spec starts it later in the same lane), and a test run ends by itself, so it is left stopped.
 * The limits are made short (10 s settle and delay) and the meter's radio reports every 10 s.
 */
const CONTROL_URL = process.env.E2E_SIMULATOR_CONTROL_URL ?? 'http://127.0.0.1:8192';
const ZONE_LIMITS = { settleSeconds: 10, highDelaySeconds: 10, lowDelaySeconds: 10 };
/**
 * A burst passes 1.6 times a zone's 150 L/min; the mainline's default 150 % of the largest zone
 * flow would call that a mainline break on a farm of one-valve zones: here it is 300 %.
 */
const METER_LIMITS = { mainlinePercent: 300, unscheduledDelaySeconds: 20 };
const REPORT_SECONDS = 10;

type Sensor = { id: number; type: string; label: string; radio: number | null };
type Radio = { id: number; reportIntervalSeconds?: number };
type Alarm = { id: number; label: string; state?: { status: string; raisedValue: number | null } };
type Decision = { kind: string; sentence: string; at: string };
type MeterFlow = { now: { readingAt: string | null } | null };

async function send(
  request: APIRequestContext,
  api: ApiSession,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
) {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
}

async function fault(request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.post(`${CONTROL_URL}/faults`, { data });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a burst closes its zone and the next runs; a leak with nothing running stops the pump', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.setTimeout(6 * 60_000);
  const api = await apiAs(request, DEMO_LOGINS.admin);
  // A radio's report interval needs the install privilege: support staff hold it. A context of
  // its own, so the two sessions' cookies do not meet.
  const staffContext = await stackRequest(playwright, testInfo);
  const staff = await apiAs(staffContext, DEMO_LOGINS.staff);
  const site = await demoSite<{
    id: number;
    label: string;
    areas: { id: number; type: string; label: string }[];
  }>(api, 'Rapaura Vineyard');
  const area = siteArea(site, 'irrigation');
  const program = async () => {
    const [found] = await api.get<ProgramInfo[]>(`/programs?area=${area.id}`);
    if (!found) throw new Error('Rapaura has its program');
    return found;
  };
  const before = await program();
  expect(before.status.activity, 'Rapaura is stopped when the flow spec runs').toBe('stopped');
  const [first, second] = before.schedule.sequences[0] ?? [];
  if (first === undefined || second === undefined) throw new Error('Rapaura has a sequence of two');
  const meter = (await api.get<Sensor[]>(`/areas/${area.id}/sensors`)).find(
    (sensor) => sensor.type === 'watermeter',
  );
  if (!meter?.radio) throw new Error('Rapaura has a water meter on a radio');
  const radio = await api.get<Radio>(`/radios/${meter.radio}`);
  const sections = await api.get<{ id: number; label: string }[]>(`/sections?area=${area.id}`);
  const label = (id: number) => sections.find((section) => section.id === id)?.label ?? '';
  const alarms = () => api.get<Alarm[]>(`/areas/${area.id}/alarms`);
  const alarmNamed = async (name: string) => (await alarms()).find((alarm) => alarm.label === name);

  try {
    for (const zone of [first, second]) {
      await send(request, api, 'PUT', `/sections/${zone}/flow`, {
        limits: ZONE_LIMITS,
        designedFlow: 150,
      });
    }
    await send(request, api, 'PUT', `/sensors/${meter.id}/flow`, { limits: METER_LIMITS });
    await send(staffContext, staff, 'PUT', `/radios/${radio.id}`, {
      reportIntervalSeconds: REPORT_SECONDS,
    });
    // The radio takes its new interval at the next overdue sweep: the watch then hears the meter
    // every 10 s.
    let lastReading = '';
    await expect
      .poll(
        async () => {
          const now = (await api.get<MeterFlow>(`/sensors/${meter.id}/flow`)).now?.readingAt ?? '';
          const fresh = now !== '' && lastReading !== '' && now !== lastReading;
          const gap = fresh ? Date.parse(now) - Date.parse(lastReading) : Infinity;
          lastReading = now;
          return gap <= 2 * REPORT_SECONDS * 1000;
        },
        { timeout: 90_000, intervals: [REPORT_SECONDS * 1000] },
      )
      .toBe(true);

    // The burst, then a test of the two zones: one at a time, 60 s each.
    await fault(request, { kind: 'burst', sectionId: first });
    await send(request, api, 'POST', `/programs/${before.id}/test`, { zones: [first, second] });
    await expect
      .poll(async () => (await program()).zones.find((z) => z.id === first)?.application.status, {
        timeout: 60_000,
      })
      .toBe('running');
    const opened = Date.now();

    const highFlow = `High flow: ${label(first)}`;
    await expect
      .poll(async () => (await alarmNamed(highFlow))?.state?.status, { timeout: 90_000 })
      .toBe('raised');
    // Settle and delay 10 s each, and 30 s for the meter's report and the watch.
    expect(Date.now() - opened).toBeLessThan((10 + 10 + 30) * 1000 + REPORT_SECONDS * 1000);
    const raised = await alarmNamed(highFlow);
    expect(raised?.state?.raisedValue).toBeGreaterThan(150 * 1.3);
    await expect
      .poll(async () => (await program()).zones.find((z) => z.id === second)?.application.status, {
        timeout: 60_000,
      })
      .toBe('running');
    const firstZone = (await program()).zones.find((z) => z.id === first);
    expect(firstZone?.application.status).not.toBe('running');

    // The why, on the program page.
    const [decision] = (
      await api.get<{ decisions: Decision[] }>(`/programs/${before.id}/decisions`)
    ).decisions;
    expect(decision).toMatchObject({ kind: 'shutOff' });
    expect(decision?.sentence).toMatch(
      new RegExp(
        `^${label(first)} closed \\d\\d:\\d\\d — \\d+ L/min against a designed 150 L/min \\(\\+\\d+ %\\) for \\d+ s$`,
      ),
    );
    await signIn(page, DEMO_LOGINS.admin);
    await page.goto(`/${site.id}/irrigation/${area.id}`);
    const card = page.getByRole('region', { name: 'Decisions' });
    await card.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(
      card.getByRole('list', { name: 'Decisions' }).getByRole('listitem').first(),
    ).toContainText(`${label(first)} closed`);
    await page.screenshot({ path: testInfo.outputPath('flow-shut-off-decision.png') });

    // The test ends by itself: the program is stopped again.
    await expect
      .poll(async () => (await program()).status.activity, { timeout: 120_000 })
      .toBe('stopped');
    await request.delete(`${CONTROL_URL}/faults?kind=burst`);

    // A leak of 20 L/min on the meter with every valve closed: the pump is told to stop.
    await fault(request, { kind: 'leak', sensorId: meter.id, flow: 20 });
    const unscheduled = `Unscheduled flow: ${meter.label}`;
    await expect
      .poll(async () => (await alarmNamed(unscheduled))?.state?.status, { timeout: 90_000 })
      .toBe('raised');
    expect((await alarmNamed(unscheduled))?.state?.raisedValue).toBeGreaterThan(5);
    await page.goto(`/${site.id}/${area.id}/alarms`);
    await expect(page.getByText(unscheduled).first()).toBeVisible();
    await expect(page.getByText(highFlow).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('flow-alarms.png') });
  } finally {
    await request.delete(`${CONTROL_URL}/faults?kind=burst`);
    await request.delete(`${CONTROL_URL}/faults?kind=leak`);
    await send(staffContext, staff, 'PUT', `/radios/${radio.id}`, {
      reportIntervalSeconds: radio.reportIntervalSeconds ?? 600,
    });
    await staffContext.dispose();
    for (const zone of [first, second]) {
      await send(request, api, 'PUT', `/sections/${zone}/flow`, { limits: {}, designedFlow: 150 });
    }
    await send(request, api, 'PUT', `/sensors/${meter.id}/flow`, { limits: {} });
  }
});
