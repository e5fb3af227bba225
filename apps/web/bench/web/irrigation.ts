/**
 * bench:web's irrigation area page (issue 6) of Big Block: LCP cold and warm, the time until it is
 * interactive, and Start clicked to the first zone in the running colour.
 */
import { type Browser, type Page } from 'playwright-core';
import { newPage, readLcp } from './page-tools.ts';
import { apiGet, signedInContext, signIn, type SiteInfo } from './session.ts';
import {
  BIG_BLOCK_LABEL,
  BIG_BLOCK_ZONES,
  LIVE_ACTIVITIES,
  type Profile,
  RUN_END_TIMEOUT_MS,
  RUN_ZONE_SECONDS,
  RUNNING_COLOUR,
} from './settings.ts';

export interface BigArea {
  readonly siteId: number;
  readonly areaId: number;
}

interface ProgramInfo {
  id: number;
  status: { activity: string; requestActive: boolean };
  zones: { id: number; setting: { depth: number; variation: number } }[];
}

async function bigAreaProgram(base: string, token: string, areaId: number): Promise<ProgramInfo> {
  const [program] = await apiGet<ProgramInfo[]>(base, token, `/programs?area=${areaId}`);
  if (!program) throw new Error(`area ${areaId} has no program`);
  return program;
}

/**
 * Big Block's site and area, its program's zones set to water RUN_ZONE_SECONDS each (depth ÷
 * application rate, §3 runtime) so a run ends soon. Only the rate changes: depth, sequences and
 * everything the page shows stay as seeded.
 */
export async function prepareBigArea(base: string): Promise<BigArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  const site = sites.find((candidate) => candidate.label === BIG_BLOCK_LABEL);
  if (!site) throw new Error(`no ${BIG_BLOCK_LABEL} site: was the seed run?`);
  const full = await apiGet<{ areas?: { id: number; type: string }[] }>(
    base,
    token,
    `/sites/${site.id}`,
  );
  const area = full.areas?.find((candidate) => candidate.type === 'irrigation');
  if (!area) throw new Error(`${BIG_BLOCK_LABEL} has no irrigation area`);
  const program = await bigAreaProgram(base, token, area.id);
  if (program.zones.length !== BIG_BLOCK_ZONES) {
    throw new Error(`${BIG_BLOCK_LABEL} has ${program.zones.length} zones`);
  }
  const response = await fetch(`${base}/api/programs/${program.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      zones: program.zones.map((zone) => {
        const depth = zone.setting.depth * (1 + zone.setting.variation / 100);
        return {
          ...zone,
          setting: { ...zone.setting, applicationRate: (depth * 3600) / RUN_ZONE_SECONDS },
        };
      }),
    }),
  });
  if (!response.ok) throw new Error(`PUT programs/${program.id}: ${response.status}`);
  return { siteId: site.id, areaId: area.id };
}

/** Until the program run a measurement started has ended, so Start is offered again (§4). */
export async function waitProgramStopped(base: string, areaId: number): Promise<void> {
  const { token } = await signIn(base);
  const deadline = Date.now() + RUN_END_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { status } = await bigAreaProgram(base, token, areaId);
    if (!status.requestActive && !LIVE_ACTIVITIES.has(status.activity)) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the program run did not end in time');
}

interface AreaMarks {
  /** Every zone path drawn. */
  drawn: number | null;
  /** Every zone drawn and Start enabled. */
  interactive: number | null;
  click: number | null;
  running: number | null;
}

/**
 * Times taken in the page (performance.now(), from navigation start): when every zone is drawn,
 * when Start is enabled too, when Start is clicked (a capturing listener sees the click before
 * the console does), and the first zone path whose fill turns the running colour after it.
 */
async function watchAreaPage(page: Page): Promise<void> {
  // tsx compiles this file keeping function names, which wraps the named functions below in
  // calls to its __name helper; the page has no such helper unless it is given one.
  await page.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await page.addInitScript(
    ({ zones, running }) => {
      const marks: AreaMarks = { drawn: null, interactive: null, click: null, running: null };
      (window as unknown as { __area: AreaMarks }).__area = marks;
      const isStart = (element: Element | null) =>
        element?.tagName === 'BUTTON' && element.textContent?.trim() === 'Start';
      const check = () => {
        const now = performance.now();
        if (marks.drawn === null && document.querySelectorAll('path.paddock-zone').length >= zones)
          marks.drawn = now;
        if (marks.drawn !== null && marks.interactive === null) {
          const start = Array.from(document.querySelectorAll('button')).find(isStart);
          if (start && !start.disabled) marks.interactive = now;
        }
        if (marks.click !== null && marks.running === null) {
          const paths = Array.from(document.querySelectorAll('path.paddock-zone'));
          if (paths.some((path) => path.getAttribute('fill')?.toUpperCase() === running))
            marks.running = now;
        }
      };
      document.addEventListener(
        'click',
        (event) => {
          const target = event.target instanceof Element ? event.target.closest('button') : null;
          if (isStart(target) && marks.click === null) {
            marks.click = performance.now();
            check();
          }
        },
        true,
      );
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['fill', 'disabled'],
      });
    },
    { zones: BIG_BLOCK_ZONES, running: RUNNING_COLOUR },
  );
}

const areaMarks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __area: AreaMarks }).__area);

async function waitInteractive(page: Page): Promise<number> {
  await page.waitForFunction(
    () => (window as unknown as { __area: AreaMarks }).__area.interactive !== null,
    undefined,
    { timeout: 90_000, polling: 100 },
  );
  return (await areaMarks(page)).interactive ?? Number.NaN;
}

export interface IrrigationRun {
  readonly cold: number;
  readonly warm: number;
  readonly interactiveCold: number;
  readonly interactiveWarm: number;
  readonly startToRunning: number;
}

/**
 * Big Block's area page, cold then warm as the summary; on the warm page Start is clicked and the
 * first zone in the running colour awaited. The run it starts is still going when this returns.
 */
export async function measureIrrigation(
  browser: Browser,
  base: string,
  profile: Profile,
  area: BigArea,
): Promise<IrrigationRun> {
  const tokens = await signIn(base);
  const context = await signedInContext(browser, base, tokens);
  try {
    const url = `/${area.siteId}/irrigation/${area.areaId}`;
    const cold = await newPage(context, profile);
    await watchAreaPage(cold);
    await cold.goto(url);
    const interactiveCold = await waitInteractive(cold);
    const coldLcp = await readLcp(cold);
    // Let the debounced offline-cache write land before the next visit.
    await cold.waitForTimeout(1_500);
    await cold.close();

    const warm = await newPage(context, profile);
    await watchAreaPage(warm);
    await warm.goto(url);
    const interactiveWarm = await waitInteractive(warm);
    const warmLcp = await readLcp(warm);

    const runningBefore = await warm
      .locator('path.paddock-zone')
      .evaluateAll(
        (paths, running) =>
          paths.filter((path) => path.getAttribute('fill')?.toUpperCase() === running).length,
        RUNNING_COLOUR,
      );
    if (runningBefore > 0) throw new Error(`${runningBefore} zones run before Start`);
    await warm.getByRole('button', { name: 'Start', exact: true }).click();
    await warm.waitForFunction(
      () => (window as unknown as { __area: AreaMarks }).__area.running !== null,
      undefined,
      { timeout: 90_000, polling: 250 },
    );
    const marks = await areaMarks(warm);
    return {
      cold: coldLcp,
      warm: warmLcp,
      interactiveCold,
      interactiveWarm,
      startToRunning: (marks.running ?? Number.NaN) - (marks.click ?? Number.NaN),
    };
  } finally {
    await context.close();
  }
}
