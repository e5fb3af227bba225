/**
 * bench:web's Telemetry page (issue 12) of a scale area: LCP cold and warm, and a filter or sort
 * change to the next painted frame.
 */
import { type Browser, type Page } from 'playwright-core';
import { newPage, readLcp, timeline } from './page-tools.ts';
import { apiGet, signedInContext, signIn, type SiteInfo } from './session.ts';
import { type Profile, TELEMETRY_RADIOS, TELEMETRY_SITE_LABEL } from './settings.ts';

export interface TelemetryArea {
  readonly siteId: number;
  readonly areaId: number;
}

/** The scale site's area of 200 radios, as the demo admin (a member of the scale sites) sees it. */
export async function telemetryArea(base: string): Promise<TelemetryArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  const site = sites.find((candidate) => candidate.label === TELEMETRY_SITE_LABEL);
  if (!site) throw new Error(`no ${TELEMETRY_SITE_LABEL} site: was the scale seed run?`);
  const full = await apiGet<{ areas?: { id: number }[] }>(base, token, `/sites/${site.id}`);
  const area = full.areas?.[0];
  if (!area) throw new Error(`${TELEMETRY_SITE_LABEL} has no area`);
  return { siteId: site.id, areaId: area.id };
}

export interface TelemetryRun {
  readonly cold: number;
  readonly warm: number;
  readonly filter: number;
  readonly sort: number;
}

/** The list of every radio is drawn (a long list draws only the rows in view). */
async function telemetryShown(page: Page): Promise<void> {
  await page.waitForFunction(
    (radios) =>
      Number(document.querySelector<HTMLElement>('table[data-row-count]')?.dataset.rowCount) >=
        radios && document.querySelector('tr[data-kind="radio"]') !== null,
    TELEMETRY_RADIOS,
    { timeout: 90_000, polling: 100 },
  );
}

/**
 * Milliseconds from clicking `selector` to the second animation frame after the list's DOM
 * changed: the frame that shows the change has then been painted.
 */
async function changeToPaint(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (target) =>
      new Promise<number>((resolve, reject) => {
        const element = document.querySelector<HTMLElement>(target);
        const table = document.querySelector('table');
        if (!element || !table) {
          reject(new Error(`nothing to click at ${target}`));
          return;
        }
        let start = 0;
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(performance.now() - start)),
          );
        });
        observer.observe(table, { childList: true, subtree: true, attributes: true });
        start = performance.now();
        element.click();
      }),
    selector,
  );
}

/** The Telemetry page of 200 radios: LCP cold and warm; on the warm page filter and sort. */
export async function measureTelemetry(
  browser: Browser,
  base: string,
  profile: Profile,
  area: TelemetryArea,
): Promise<TelemetryRun> {
  const tokens = await signIn(base);
  const context = await signedInContext(browser, base, tokens);
  try {
    const url = `/${area.siteId}/telemetry/${area.areaId}`;
    const cold = await newPage(context, profile);
    await cold.goto(url);
    await telemetryShown(cold);
    const coldLcp = await readLcp(cold);
    if (process.env.BENCH_TRACE) console.log(await timeline(cold));
    await cold.waitForTimeout(1_500);
    await cold.close();

    const warm = await newPage(context, profile);
    await warm.goto(url);
    await telemetryShown(warm);
    const warmLcp = await readLcp(warm);
    // The filter's choices are radio inputs (All 0, Warning -1, Fault -2: §9 codes).
    const toWarning = await changeToPaint(warm, 'input[type="radio"][value="-1"]');
    const toAll = await changeToPaint(warm, 'input[type="radio"][value="0"]');
    const sort = await changeToPaint(warm, 'th[aria-sort] button');
    await warm.close();
    return { cold: coldLcp, warm: warmLcp, filter: Math.max(toWarning, toAll), sort };
  } finally {
    await context.close();
  }
}
