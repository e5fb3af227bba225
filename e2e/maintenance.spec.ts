import { DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { apiAs } from './support/api.ts';
import { spawnOwnStack } from './support/own-stack.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite } from './support/sites.ts';

/**
 * Issue 12, the maintenance worklist, against the real server, broker and simulator: a radio
 * silenced with the simulator's fault command and a radio whose battery the simulator runs low
 * come first in their area's group, the csv download holds them, and the print layout drops the
 * console's chrome. Overdue takes 1.5 report intervals, so this spec starts its own `npm start`
 * stack whose demo devices report every 20 s (DEMO_REPORT_INTERVAL_SECONDS) with the simulator's
 * fault server on a known port, leaving the shared e2e stack's 10-minute intervals alone.
 */
// E2E_PORT + 2 is the shared stack's simulator control port (playwright.config.ts).
const port = Number(process.env.E2E_PORT ?? 8190) + 3;
const controlPort = port + 1;
const BASE_URL = `http://127.0.0.1:${port}`;
const SIMULATOR_URL = `http://127.0.0.1:${controlPort}`;
const REPORT_SECONDS = 20;

let stack: ChildProcess | undefined;

test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = spawnOwnStack({
    port,
    name: 'maintenance',
    env: {
      SIMULATOR_CONTROL_PORT: String(controlPort),
      DEMO_REPORT_INTERVAL_SECONDS: String(REPORT_SECONDS),
      // No past: the 90 days `npm start` loads would keep the machine busy for minutes.
      PADDOCK_DEMO_HISTORY: '0',
      STATUS_SUMMARY_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE_URL}/appConfig.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the maintenance stack did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (!stack || stack.exitCode !== null) return;
  const exited = new Promise((resolve) => stack?.once('exit', resolve));
  stack.kill('SIGTERM');
  await exited;
});

/**
 * The simulator takes each device's config from the server once the stack is up, a device at a
 * time: a fault for a radio it has not taken yet is refused as no such device, so wait for both.
 */
async function simulatorHas(serialnos: string[]) {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${SIMULATOR_URL}/devices`).catch(() => null);
        if (!response?.ok) return [];
        const { devices } = (await response.json()) as { devices: { serialno: string }[] };
        return serialnos.filter((serialno) => devices.some((d) => d.serialno === serialno));
      },
      { timeout: 60_000 },
    )
    .toEqual(serialnos);
}

async function injectFault(kind: 'silence' | 'lowBattery', serialno: string) {
  const response = await fetch(`${SIMULATOR_URL}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, serialno }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

interface RadioInfo {
  id: number;
  serialno: string;
  config: { repeater?: boolean; coordinator?: boolean };
}
interface Worklist {
  areas: {
    area: { id: number; label: string } | null;
    items: { serialno: string; urgency: number; reasons: string[] }[];
  }[];
}

test('the worklist lists a silenced radio and a low-battery radio first', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite(api, 'Te Awa Vineyard');
  // An area with two plain radios (not repeaters or coordinators, whose children would go quiet
  // with them).
  let chosen: { areaId: number; areaLabel: string; radios: RadioInfo[] } | undefined;
  for (const area of site.areas ?? []) {
    const radios = (await api.get<RadioInfo[]>(`/radios?area=${area.id}`)).filter(
      (radio) => !radio.config.repeater && !radio.config.coordinator,
    );
    if (radios.length >= 2) {
      chosen = { areaId: area.id, areaLabel: area.label, radios };
      break;
    }
  }
  if (!chosen) throw new Error('no area with two plain radios');
  const [silent, drained] = chosen.radios as [RadioInfo, RadioInfo];

  await simulatorHas([silent.serialno, drained.serialno]);
  await injectFault('silence', silent.serialno);
  await injectFault('lowBattery', drained.serialno);

  // Overdue after 1.5 intervals, found by the next 10 s sweep; the low battery at the next status.
  await expect
    .poll(
      async () => {
        const list = await api.get<Worklist>(`/sites/${site.id}/maintenance`);
        const group = list.areas.find((g) => g.area?.id === chosen.areaId);
        return group?.items.slice(0, 2).map((item) => `${item.serialno} ${item.reasons[0]}`);
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toEqual([`${silent.serialno} overdue`, `${drained.serialno} lowBattery`]);
  // Nothing anywhere on the site is more urgent than the overdue radio.
  const list = await api.get<Worklist>(`/sites/${site.id}/maintenance`);
  const top = Math.max(...list.areas.flatMap((g) => g.items.map((item) => item.urgency)));
  expect(top).toBe(100);

  await signIn(page, DEMO_LOGINS.admin);
  // The site summary links to the worklist.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/${site.id}/summary`);
  await page.getByRole('link', { name: 'Maintenance worklist' }).click();
  await expect(page).toHaveURL(new RegExp(`/${site.id}/maintenance$`));
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/${site.id}/maintenance`);
    await expect(page.getByRole('heading', { name: 'Maintenance worklist' })).toBeVisible();
    const group = page.getByRole('region', { name: chosen.areaLabel });
    const names = group.getByRole('link', { name: /^(WVC|WMR|LRA|U)-\d+$/ });
    await expect(names.first()).toBeVisible();
    const visible = await names.evaluateAll((links) =>
      links
        .filter((link) => (link as HTMLElement).offsetParent !== null)
        .map((link) => link.textContent),
    );
    expect(visible.slice(0, 2)).toEqual([silent.serialno, drained.serialno]);
    // Each radio's row (a card on a phone) says why it is there. Another radio of the area may
    // be low on its own (the simulator's batteries wear): the reasons are read off the two rows.
    const rowOf = (serialno: string) =>
      group
        .getByTestId(/^worklist-(row|card)$/)
        .filter({ visible: true })
        .filter({ hasText: serialno });
    await expect(rowOf(silent.serialno).getByText('Overdue', { exact: true })).toBeVisible();
    await expect(rowOf(drained.serialno).getByText('Low battery', { exact: true })).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`maintenance-${width}.png`),
      fullPage: true,
    });
  }

  // The csv: a byte-order mark, CRLF line ends, and the two radios first in their area's rows.
  await page.setViewportSize({ width: 1440, height: 900 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download csv' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  const lines = file.slice(1).split('\r\n');
  expect(lines[0]).toMatch(/^Area,Kind,Device,Type,Zone,Reasons,Urgency,Battery,/);
  const ofArea = lines.filter((line) => line.startsWith(`${chosen.areaLabel},`));
  expect(ofArea[0]).toContain(`,${silent.serialno},`);
  expect(ofArea[0]).toContain('Overdue');
  expect(ofArea[1]).toContain(`,${drained.serialno},`);
  expect(ofArea[1]).toContain('Low battery');

  // Printed: no header, sidebar or buttons; the list itself stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download csv' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('region', { name: chosen.areaLabel })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('maintenance-print.png'), fullPage: true });
});
