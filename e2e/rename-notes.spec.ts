import { DEMO_ACCOUNTS, DEMO_LOGINS } from '@paddock/domain/demo';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, type ApiSession } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { demoSite, siteArea } from './support/sites.ts';

/**
 * Renaming and notes (§3 Note; §7 PUT sections/{id}): the demo admin renames a zone of Rapaura
 * Vineyard's drip irrigation on its page, and the new name shows at once in the header, on the
 * map and then in the irrigation report's csv; a note left on the zone page is listed after a
 * reload with its author. The zone is one of the report's zones other than the area's first
 * (the phone spec reads the first by name), and it gets its name back at the end.
 */
const SITE = 'Rapaura Vineyard';
const ADMIN = DEMO_ACCOUNTS.find((account) => account.key === 'admin');
const DAY_MS = 86_400_000;

interface Section {
  id: number;
  label: string;
}
interface ExportInfo {
  id: number;
  status: string;
}

/** The site's irrigation report of the last 60 days as csv, made by the worker. */
async function irrigationReportCsv(
  request: APIRequestContext,
  api: ApiSession,
  siteId: number,
): Promise<string> {
  const headers = { authorization: `Bearer ${api.token}` };
  const to = new Date();
  const asked = await request.post('/api/exports', {
    headers,
    data: {
      report: 'irrigationReport',
      format: 'csv',
      site: siteId,
      from: new Date(to.getTime() - 60 * DAY_MS).toISOString(),
      to: to.toISOString(),
    },
  });
  expect(asked.status(), 'POST /exports').toBe(202);
  const { id } = (await asked.json()) as ExportInfo;
  await expect
    .poll(async () => (await api.get<ExportInfo>(`/exports/${id}`)).status, { timeout: 60_000 })
    .toBe('done');
  const file = await request.get(`/api/exports/${id}/file`, { headers });
  expect(file.ok(), 'GET the report file').toBe(true);
  return file.text();
}

/**
 * The zone's shape on the map names it: its tooltip, shown while the pointer is on it (the
 * pointer's arrival is sent to the shape itself, which valves' markers may cover).
 */
async function expectMapNames(page: Page, zoneId: number, label: string): Promise<void> {
  const shape = page.locator(`path.paddock-zone-${zoneId}`);
  await shape.dispatchEvent('mouseover');
  await expect(page.locator('.leaflet-tooltip')).toHaveText(label);
  await shape.dispatchEvent('mouseout');
  await expect(page.locator('.leaflet-tooltip')).toHaveCount(0);
}

test('a zone renamed on its page is named so on the map and in the report; a note stays with its author', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  if (!ADMIN) throw new Error('the demo farm has an admin');
  const api = await apiAs(request, DEMO_LOGINS.admin);
  const site = await demoSite(api, SITE);
  const area = siteArea(site, 'irrigation');
  const sections = await api.get<Section[]>(`/sections?area=${area.id}`);
  const before = await irrigationReportCsv(request, api, site.id);
  const zone = sections.slice(1).find((section) => before.includes(section.label));
  if (!zone) throw new Error(`${SITE}'s irrigation report names none of its later zones`);
  const renamed = `${zone.label} renamed ${Date.now().toString(36)}`;

  try {
    await signIn(page, DEMO_LOGINS.admin);
    await page.goto(`/${site.id}/irrigation/${area.id}/zone/${zone.id}`);
    const header = page.getByRole('banner');
    // The first page of the run loads the site (slow while the stack is busy).
    await expect(header.getByRole('heading', { name: `Zone ${zone.label}` })).toBeVisible({
      timeout: 30_000,
    });

    // Rename on the zone page.
    await page.getByRole('button', { name: `Rename zone ${zone.label}` }).click();
    const form = page.getByRole('dialog', { name: `Rename zone ${zone.label}` });
    await form.getByLabel('Name').fill(`  ${renamed} `);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden({ timeout: 15_000 });

    // Everywhere on screen without a reload: the header, the zone's card, the map.
    await expect(header.getByRole('heading', { name: `Zone ${renamed}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
    await expectMapNames(page, zone.id, renamed);
    // The area page's map names it too.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/${site.id}/irrigation/${area.id}$`));
    await expectMapNames(page, zone.id, renamed);

    // And the irrigation report names it so.
    const after = await irrigationReportCsv(request, api, site.id);
    expect(after).toContain(renamed);

    // A note on the zone page, listed after a reload with its author.
    await page.goto(`/${site.id}/irrigation/${area.id}/zone/${zone.id}`);
    const notes = page.getByRole('region', { name: 'Notes' });
    const text = `Dripper line checked ${Date.now().toString(36)}`;
    await notes.getByLabel('New note').fill(text);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('listitem', { name: text })).toBeVisible();
    await expect(notes.getByLabel('New note')).toHaveValue('');
    await page.screenshot({ path: '/tmp/renotes.png', fullPage: true });

    await page.reload();
    const note = page.getByRole('region', { name: 'Notes' }).getByRole('listitem', { name: text });
    // A reload loads the site again (slow while the stack is busy).
    await expect(note).toBeVisible({ timeout: 30_000 });
    await expect(note).toContainText(`${ADMIN.firstName} ${ADMIN.lastName}`);

    // Its author deletes it.
    await note.getByRole('button', { name: `Delete note: ${text}` }).click();
    await expect(note).toBeHidden();
  } finally {
    await api.put(`/sections/${zone.id}`, { label: zone.label });
  }
});
