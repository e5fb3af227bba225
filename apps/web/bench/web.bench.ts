/**
 * `npm run bench:web`: what a user waits for. Against the real server (a free port of 127.0.0.1,
 * a fresh data folder with the demo farm) and the built console (`npm run build` is run first
 * when apps/web/dist is missing), with playwright-core and Debian's Chromium:
 *
 * - initial JavaScript of the login page, gzip: every JS response the page loads until the login
 *   form shows (the index.html module graph — entry script and its modulepreloads — plus the lazy
 *   route chunks of /login). Sizes come from the Performance API's resource entries
 *   (encodedBodySize: the bytes on the wire); the server sends JS uncompressed, so the gzip size
 *   is computed here (zlib, default level) from the same files in the dist folder. The index.html
 *   module graph is the part the target applies to; the rest arrives with the route.
 * - largest contentful paint (PerformanceObserver 'largest-contentful-paint', buffered) of the
 *   login page, and of /{siteId}/summary signed in as the demo admin: cold (new browser profile:
 *   no HTTP cache, no offline cache) and warm (the same profile again: the offline cache serves
 *   the summary first).
 *
 * - the irrigation area page (issue 6) of "Big Block", 60 zones and 200 valves on 66 radios
 *   (`npm run db:seed -- --big-irrigation-area`, seeded with the demo farm before the server
 *   starts, so the devstack's simulator runs its valves): LCP cold and warm as the summary, the
 *   time until it is interactive (every zone drawn and Start enabled, from navigation start), and
 *   the time from clicking Start in the program panel to the first zone polygon in the §9 running
 *   colour — the whole loop: request, program runner, valve commands over MQTT to the simulator
 *   (its valves take 1 s to open), the console's request and live polls, the map redrawn. Both
 *   ends are taken in the page (a capturing click listener and a MutationObserver on the zones'
 *   fill, performance.now()). Before the runs the program's zones get an application rate that
 *   waters each zone RUN_ZONE_SECONDS, so each run ends in about a minute and the next one finds
 *   the program stopped (it waits for that).
 *
 * - the Telemetry page (issue 12) of an area with 200 radios and 200 units (a scale site,
 *   `npm run db:seed -- --sites 1 --radios-per-site 200`): LCP cold and warm, and the time from
 *   a filter change (All → Warning → All) or a sort change (a column header clicked) to the
 *   next painted frame (the click taken in a capturing listener, the end two animation frames
 *   after the table's DOM changed, performance.now()). Targets: LCP < 1.5 s, < 100 ms.
 *
 * Each measure runs --runs times (default 3) and the median is printed, on localhost as is and
 * under a mobile profile (150 ms round trip, 1.6 Mbit/s down, CPU 4× slower, as Lighthouse's
 * mobile run). Targets (issue): initial JS ≤ 170 KB gzip, LCP < 1.5 s.
 *
 * - the Add-ons page (issue 14) of the demo farm's largest area by add-ons (the area with the most
 *   add-on sensors and controls, found through the API): LCP cold and warm, the page shown once
 *   its cards have their values. Target LCP < 1.5 s.
 *
 * - the Weather page (issue 14) of the largest demo area with weather (the most sensors): LCP
 *   cold and warm, the page shown once its value markers are drawn. Target: LCP < 1.5 s.
 *
 * Options: --runs N  --profiles localhost,mobile
 *          --pages login,summary,irrigation,telemetry,chart,addons,weather
 */
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium.ts';
import { chartRows, measureChart, seedChartHistory, type ChartRun } from './chart.bench.ts';

const HOST = '127.0.0.1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
const ADMIN = DEMO_LOGINS.admin;
const PASSWORD = DEMO_PASSWORD;
const TARGET_JS_GZIP_KB = 170;
const TARGET_LCP_MS = 1_500;
/** A filter or sort change of the Telemetry list is painted within this (issue 12). */
const TARGET_CHANGE_MS = 100;
/** The scale site the Telemetry page is measured on (apps/server/src/seed/scale.ts). */
const TELEMETRY_SITE_LABEL = 'Bench Farm 0001';
const TELEMETRY_RADIOS = 200;
/** Seeding the demo farm into a new embedded database takes a while on a small machine. */
const READY_TIMEOUT_MS = 180_000;
/** After the page shows its content, LCP may still be updated by late images or fonts. */
const LCP_SETTLE_MS = 1_000;

/** The §9 running colour, as Leaflet writes it into a zone path's fill. */
const RUNNING_COLOUR = '#448AFF';
/** The big area (apps/server/src/seed/scale.ts seedBigIrrigationArea). */
const BIG_BLOCK_LABEL = 'Big Block';
const BIG_BLOCK_ZONES = 60;
/** How long each zone of the measured program run waters. */
const RUN_ZONE_SECONDS = 2;
/** A run of 15 zones per sequence ends in about a minute and a half; give it ample time. */
const RUN_END_TIMEOUT_MS = 6 * 60_000;
/** Program activities during which Start is not offered (§4). */
const LIVE_ACTIVITIES = new Set(['starting', 'running', 'resuming', 'pausing', 'paused']);

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    profiles: { type: 'string', default: 'localhost,mobile' },
    pages: { type: 'string', default: 'login,summary,irrigation,telemetry,chart,addons,weather' },
  },
});

type Profile = 'localhost' | 'mobile';
type BenchPage = 'login' | 'summary' | 'irrigation' | 'telemetry' | 'chart' | 'addons' | 'weather';
const PAGES: readonly BenchPage[] = [
  'login',
  'summary',
  'irrigation',
  'telemetry',
  'chart',
  'addons',
  'weather',
];

interface TokenSet {
  loginId: string;
  identityId: string;
  identityPoolId: string;
  token: string;
  refreshToken: string;
  expiresAt: number;
}

interface JsResource {
  readonly url: string;
  readonly encoded: number;
  readonly gzip: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function ensureBuilt(): void {
  if (existsSync(path.join(DIST, 'index.html'))) return;
  console.log('apps/web/dist is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST,
    LOG_LEVEL: 'warn',
    // As `npm start` runs (apps/devstack): no error reporting (it would call out to Bugsnag),
    // embedded database, embedded broker and simulator, here on free ports so a running server
    // does not clash.
    PADDOCK_ENVIRONMENT: 'development',
    PADDOCK_DATA_DIR: dataDir,
    DATABASE_URL: '',
    MQTT_URL: '',
    MQTT_PORT: '0',
    SIMULATOR_CONTROL_PORT: '0',
    WEB_DIST: DIST,
  };
}

/**
 * The demo farm, and Big Block when the irrigation page is measured, seeded into the new data
 * folder before the devstack starts: it only seeds an empty database, and its simulator takes
 * the sites that exist when it starts.
 */
function seed(dataDir: string, bigArea: boolean, scaleSite: boolean): void {
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/devstack/src/seed-cli.ts',
      ...(bigArea ? ['--big-irrigation-area'] : []),
      ...(scaleSite ? ['--sites', '1', '--radios-per-site', String(TELEMETRY_RADIOS)] : []),
    ],
    { cwd: ROOT, env: serverEnv(dataDir), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error(`the seed failed with code ${seeded.status}`);
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/devstack/src/main.ts'], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir), PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://${HOST}:${port}/appConfig.json`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server was not ready in time');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

/** The files index.html loads before anything runs: the entry script and its modulepreloads. */
function indexModuleGraph(): Set<string> {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.js)"/g)) {
    if (match[1]) files.add(match[1]);
  }
  return files;
}

const gzipCache = new Map<string, number>();
function gzipSize(urlPath: string): number {
  let size = gzipCache.get(urlPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, urlPath))).byteLength;
    gzipCache.set(urlPath, size);
  }
  return size;
}

async function newPage(context: BrowserContext, profile: Profile): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const record = window as unknown as { __lcp: number };
    record.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await emulateProfile(page, profile);
  return page;
}

/** The mobile profile's network and CPU on the page (nothing on localhost). */
async function emulateProfile(page: Page, profile: Profile): Promise<void> {
  if (profile === 'mobile') {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
}

async function readLcp(page: Page): Promise<number> {
  await page.waitForTimeout(LCP_SETTLE_MS);
  return page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
}

async function jsResources(page: Page, origin: string): Promise<JsResource[]> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({
        name: entry.name,
        encoded: (entry as PerformanceResourceTiming).encodedBodySize,
      }))
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js')),
  );
  return entries
    .filter((entry) => entry.name.startsWith(origin))
    .map((entry) => {
      const url = new URL(entry.name).pathname;
      return { url, encoded: entry.encoded, gzip: gzipSize(url) };
    });
}

interface LoginRun {
  readonly lcp: number;
  readonly graphGzip: number;
  readonly graphEncoded: number;
  readonly allGzip: number;
  readonly allEncoded: number;
  readonly files: number;
}

async function measureLogin(browser: Browser, base: string, profile: Profile): Promise<LoginRun> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = await newPage(context, profile);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const lcp = await readLcp(page);
    const graph = indexModuleGraph();
    const js = await jsResources(page, base);
    const inGraph = js.filter((file) => graph.has(file.url));
    const sum = (files: JsResource[], key: 'gzip' | 'encoded') =>
      files.reduce((total, file) => total + file[key], 0);
    return {
      lcp,
      graphGzip: sum(inGraph, 'gzip'),
      graphEncoded: sum(inGraph, 'encoded'),
      allGzip: sum(js, 'gzip'),
      allEncoded: sum(js, 'encoded'),
      files: js.length,
    };
  } finally {
    await context.close();
  }
}

async function signIn(base: string): Promise<TokenSet> {
  const config = (await (await fetch(`${base}/appConfig.json`)).json()) as { awsRegion: string };
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: ADMIN, password: PASSWORD, region: config.awsRegion }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return (await response.json()) as TokenSet;
}

interface SiteInfo {
  id: number;
  label: string;
}

async function apiGet<T>(base: string, token: string, url: string): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The first demo site (not Big Block, so the summary measures what it always did). */
async function firstSiteId(base: string, token: string): Promise<number> {
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  const site = sites.find((candidate) => candidate.label !== BIG_BLOCK_LABEL);
  if (!site) throw new Error('the admin has no site');
  return site.id;
}

/** Opens pages signed in as the console stores a session (lib/auth-storage.ts): tokens plus uid. */
async function signedInContext(browser: Browser, base: string, tokens: TokenSet) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript(
    (auth) => {
      if (!localStorage.getItem('auth')) localStorage.setItem('auth', auth);
    },
    JSON.stringify({ ...tokens, uid: tokens.identityId }),
  );
  return context;
}

/**
 * LCP of `url` signed in, cold (a new page of a fresh profile) and warm (the same profile again:
 * HTTP and offline caches filled), each once `shown` says the page's content is there.
 */
async function coldAndWarmLcp(
  browser: Browser,
  base: string,
  profile: Profile,
  url: string | ((token: string) => Promise<string>),
  shown: (page: Page) => Promise<unknown>,
): Promise<{ cold: number; warm: number }> {
  const tokens = await signIn(base);
  const path = typeof url === 'string' ? url : await url(tokens.token);
  const context = await signedInContext(browser, base, tokens);
  try {
    const cold = await newPage(context, profile);
    await cold.goto(path);
    await shown(cold);
    const coldLcp = await readLcp(cold);
    if (process.env.BENCH_TRACE) console.log(await timeline(cold));
    // Let the debounced offline-cache write land before the next visit.
    await cold.waitForTimeout(1_500);
    await cold.close();

    const warm = await newPage(context, profile);
    await warm.goto(path);
    await shown(warm);
    const warmLcp = await readLcp(warm);
    await warm.close();
    return { cold: coldLcp, warm: warmLcp };
  } finally {
    await context.close();
  }
}

/** LCP of the summary page, cold (new profile) then warm (same profile, offline cache filled). */
async function measureSummary(
  browser: Browser,
  base: string,
  profile: Profile,
): Promise<{ cold: number; warm: number }> {
  return coldAndWarmLcp(
    browser,
    base,
    profile,
    async (token) => `/${await firstSiteId(base, token)}/summary`,
    (page) => page.getByRole('heading', { level: 2, name: 'Summary' }).waitFor({ timeout: 60_000 }),
  );
}

interface BigArea {
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
async function prepareBigArea(base: string): Promise<BigArea> {
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
async function waitProgramStopped(base: string, areaId: number): Promise<void> {
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

interface IrrigationRun {
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
async function measureIrrigation(
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

interface TelemetryArea {
  readonly siteId: number;
  readonly areaId: number;
}

/** The scale site's area of 200 radios, as the demo admin (a member of the scale sites) sees it. */
async function telemetryArea(base: string): Promise<TelemetryArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  const site = sites.find((candidate) => candidate.label === TELEMETRY_SITE_LABEL);
  if (!site) throw new Error(`no ${TELEMETRY_SITE_LABEL} site: was the scale seed run?`);
  const full = await apiGet<{ areas?: { id: number }[] }>(base, token, `/sites/${site.id}`);
  const area = full.areas?.[0];
  if (!area) throw new Error(`${TELEMETRY_SITE_LABEL} has no area`);
  return { siteId: site.id, areaId: area.id };
}

interface TelemetryRun {
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
async function measureTelemetry(
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

/**
 * BENCH_TRACE=1: where a cold page's time went (Telemetry, and the summary, add-ons and weather
 * pages), for finding what holds its LCP back: when the document was parsed, each script and API
 * call started and ended (resource timing, ms from navigation start), and what the LCP element
 * was.
 */
async function timeline(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const lcp = entries.at(-1) as (PerformanceEntry & { element?: Element }) | undefined;
          const [navigation] = performance.getEntriesByType(
            'navigation',
          ) as PerformanceNavigationTiming[];
          const lines = [
            `  DOMContentLoaded ${Math.round(navigation?.domContentLoadedEventEnd ?? 0)} ms`,
            ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => /\/api\/|\.js$|\.json$/.test(entry.name))
              .map(
                (entry) =>
                  `  ${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms ${new URL(entry.name).pathname}`,
              ),
            `  LCP ${Math.round(lcp?.startTime ?? 0)} ms: <${lcp?.element?.tagName.toLowerCase() ?? '?'}> ${lcp?.element?.textContent?.slice(0, 40) ?? ''}`,
          ];
          resolve(lines.join('\n'));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

interface AddonsArea {
  readonly siteId: number;
  readonly areaId: number;
  readonly label: string;
  readonly things: number;
}

/** Sensor and control types the Add-ons page lists (the domain's add-on types). */
const ADDON_SENSOR_TYPES = new Set([
  'soilMoisture',
  'pump',
  'external',
  'combine',
  'watermeter',
  'rainbucket',
  'power',
  'pressure',
  'level',
]);
const ADDON_CONTROL_TYPES = new Set(['pump', 'valveAddon', 'pivot']);

/** The demo farm's area with the most add-ons (scale sites left out: they are not the demo's). */
async function largestAddonsArea(base: string): Promise<AddonsArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  let best: AddonsArea | null = null;
  for (const site of sites.filter((candidate) => !candidate.label.startsWith('Bench Farm'))) {
    const full = await apiGet<{ areas?: { id: number; label: string }[] }>(
      base,
      token,
      `/sites/${site.id}`,
    );
    for (const area of full.areas ?? []) {
      const sensors = await apiGet<{ type: string }[]>(base, token, `/sensors?area=${area.id}`);
      const controls = await apiGet<{ type: string }[]>(base, token, `/controls?area=${area.id}`);
      const things =
        sensors.filter((sensor) => ADDON_SENSOR_TYPES.has(sensor.type)).length +
        controls.filter((control) => ADDON_CONTROL_TYPES.has(control.type)).length;
      if (!best || things > best.things) {
        best = { siteId: site.id, areaId: area.id, label: area.label, things };
      }
    }
  }
  if (!best) throw new Error('the demo farm has no area');
  return best;
}

/** The add-on cards are drawn with their values. */
async function addonsShown(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="addon-card"] [data-testid="thing-value"]', {
    timeout: 90_000,
  });
}

/** The Add-ons page of the largest area: LCP cold and warm. */
async function measureAddons(
  browser: Browser,
  base: string,
  profile: Profile,
  area: AddonsArea,
): Promise<{ cold: number; warm: number }> {
  return coldAndWarmLcp(
    browser,
    base,
    profile,
    `/${area.siteId}/addons/${area.areaId}`,
    addonsShown,
  );
}

interface WeatherArea {
  readonly siteId: number;
  readonly areaId: number;
  readonly label: string;
  readonly sensors: number;
}

/** The demo area with weather that has the most sensors: the weather page's heaviest map. */
async function weatherArea(base: string): Promise<WeatherArea> {
  const { token } = await signIn(base);
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  let largest: WeatherArea | null = null;
  for (const site of sites) {
    const full = await apiGet<{ areas?: { id: number; label: string; capabilities: string[] }[] }>(
      base,
      token,
      `/sites/${site.id}`,
    );
    for (const area of full.areas ?? []) {
      if (!area.capabilities.includes('weather')) continue;
      const sensors = await apiGet<unknown[]>(base, token, `/sensors?area=${area.id}`);
      if (!largest || sensors.length > largest.sensors) {
        largest = { siteId: site.id, areaId: area.id, label: area.label, sensors: sensors.length };
      }
    }
  }
  if (!largest) throw new Error('no demo area has weather');
  return largest;
}

/** The Weather page of the largest weather area: LCP cold, then warm (cached). */
async function measureWeather(
  browser: Browser,
  base: string,
  profile: Profile,
  area: WeatherArea,
): Promise<{ cold: number; warm: number }> {
  return coldAndWarmLcp(browser, base, profile, `/${area.siteId}/weather/${area.areaId}`, (page) =>
    page.waitForSelector('.paddock-weather-marker', { timeout: 90_000 }),
  );
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function printTable(rows: string[][]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

type Results = {
  login: LoginRun[];
  cold: number[];
  warm: number[];
  irrigation: IrrigationRun[];
  telemetry: TelemetryRun[];
  chart: ChartRun[];
  addons: { cold: number; warm: number }[];
  weather: { cold: number; warm: number }[];
};

async function main(): Promise<void> {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  const profiles = (args.profiles ?? '').split(',').filter(Boolean) as Profile[];
  for (const profile of profiles) {
    if (profile !== 'localhost' && profile !== 'mobile')
      throw new Error(`unknown profile ${profile}`);
  }
  const pages = (args.pages ?? '').split(',').filter(Boolean) as BenchPage[];
  for (const page of pages) {
    if (!PAGES.includes(page)) throw new Error(`unknown page ${page} (${PAGES.join(', ')})`);
  }
  const measures = (page: BenchPage) => pages.includes(page);

  ensureBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-web-'));
  const base = `http://${HOST}:${port}`;
  console.log(
    `seeding the demo farm${measures('irrigation') ? ` and ${BIG_BLOCK_LABEL}` : ''} into ${dataDir} …`,
  );
  seed(dataDir, measures('irrigation'), measures('telemetry'));
  const chartHistory = measures('chart') ? seedChartHistory(serverEnv(dataDir)) : null;
  console.log(`starting the server on ${base} …`);
  const server = await startServer(port, dataDir);
  // A browser that cannot start (not installed: scripts/ensure-browser.sh) must not leave the
  // server running with its simulator.
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const bigArea = measures('irrigation') ? await prepareBigArea(base) : null;
    const scaleArea = measures('telemetry') ? await telemetryArea(base) : null;
    const addonsArea = measures('addons') ? await largestAddonsArea(base) : null;
    const stationArea = measures('weather') ? await weatherArea(base) : null;
    /** A program run the last measurement started, still going. */
    let runGoing = false;
    const results = new Map<Profile, Results>();
    for (const profile of profiles) {
      const result: Results = {
        login: [],
        cold: [],
        warm: [],
        irrigation: [],
        telemetry: [],
        chart: [],
        addons: [],
        weather: [],
      };
      for (let run = 0; run < runs; run++) {
        // Each measure finds the server as quiet as the first did: no program run going.
        if (runGoing && bigArea) {
          console.log('  (waiting for the program run to end)');
          await waitProgramStopped(base, bigArea.areaId);
          runGoing = false;
        }
        console.log(`  ${profile} run ${run + 1}/${runs}`);
        if (measures('login')) result.login.push(await measureLogin(browser, base, profile));
        if (measures('summary')) {
          const summary = await measureSummary(browser, base, profile);
          result.cold.push(summary.cold);
          result.warm.push(summary.warm);
        }
        if (scaleArea) {
          result.telemetry.push(await measureTelemetry(browser, base, profile, scaleArea));
        }
        if (addonsArea) {
          result.addons.push(await measureAddons(browser, base, profile, addonsArea));
        }
        if (stationArea) {
          result.weather.push(await measureWeather(browser, base, profile, stationArea));
        }
        if (bigArea) {
          runGoing = true;
          result.irrigation.push(await measureIrrigation(browser, base, profile, bigArea));
        }
        if (chartHistory) {
          const account = { user: ADMIN, password: PASSWORD };
          const emulate = (page: Page) => emulateProfile(page, profile);
          result.chart.push(await measureChart(browser, base, chartHistory, account, emulate));
        }
      }
      results.set(profile, result);
    }
    const pick = (select: (result: Results) => number[]) =>
      profiles.map((profile) => {
        const result = results.get(profile);
        return result ? median(select(result)) : Number.NaN;
      });
    const worst = (values: number[]) => Math.max(...values);
    const met = (ok: boolean) => (ok ? 'yes' : 'NO');
    /** A time against its upper bound: the median per profile, the target, met by the worst. */
    const timed = (label: string, values: number[], target: number) => [
      label,
      ...values.map(ms),
      `< ${target} ms`,
      met(worst(values) < target),
    ];
    const rows: string[][] = [['measure', ...profiles, 'target', 'met']];

    if (measures('login')) {
      const graphGzip = pick((r) => r.login.map((run) => run.graphGzip));
      const graphEncoded = pick((r) => r.login.map((run) => run.graphEncoded));
      const allGzip = pick((r) => r.login.map((run) => run.allGzip));
      const allEncoded = pick((r) => r.login.map((run) => run.allEncoded));
      const files = pick((r) => r.login.map((run) => run.files));
      const loginLcp = pick((r) => r.login.map((run) => run.lcp));
      rows.push([
        'initial JS, index.html module graph (gzip)',
        ...graphGzip.map(kb),
        `≤ ${TARGET_JS_GZIP_KB} KB`,
        met(worst(graphGzip) <= TARGET_JS_GZIP_KB * 1024),
      ]);
      rows.push(['  same, as transferred (uncompressed)', ...graphEncoded.map(kb), '', '']);
      rows.push([
        `login page JS until the form shows (gzip; ${files[0] ?? 0} files)`,
        ...allGzip.map(kb),
        '',
        '',
      ]);
      rows.push(['  same, as transferred (uncompressed)', ...allEncoded.map(kb), '', '']);
      rows.push(timed('LCP /login', loginLcp, TARGET_LCP_MS));
    }
    if (measures('summary')) {
      const coldLcp = pick((r) => r.cold);
      const warmLcp = pick((r) => r.warm);
      rows.push(timed('LCP /{siteId}/summary, admin, cold', coldLcp, TARGET_LCP_MS));
      rows.push(timed('LCP /{siteId}/summary, admin, warm (cached)', warmLcp, TARGET_LCP_MS));
    }
    if (bigArea) {
      const irrigation = (key: keyof IrrigationRun) =>
        pick((r) => r.irrigation.map((run) => run[key]));
      const coldLcp = irrigation('cold');
      const warmLcp = irrigation('warm');
      rows.push(
        timed(
          'LCP /{siteId}/irrigation/{areaId}, 60 zones, 200 valves, cold',
          coldLcp,
          TARGET_LCP_MS,
        ),
      );
      rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
      rows.push([
        '  interactive (every zone drawn, Start enabled), cold',
        ...irrigation('interactiveCold').map(ms),
        '',
        '',
      ]);
      rows.push(['  interactive, warm (cached)', ...irrigation('interactiveWarm').map(ms), '', '']);
      rows.push([
        '  Start clicked → first zone in the running colour',
        ...irrigation('startToRunning').map(ms),
        '',
        '',
      ]);
    }
    if (chartHistory) {
      rows.push(...chartRows(profiles.map((profile) => results.get(profile)?.chart ?? [])));
    }
    if (scaleArea) {
      const telemetry = (key: keyof TelemetryRun) =>
        pick((r) => r.telemetry.map((run) => run[key]));
      const coldLcp = telemetry('cold');
      const warmLcp = telemetry('warm');
      const filter = telemetry('filter');
      const sort = telemetry('sort');
      rows.push(
        timed(
          `LCP /{siteId}/telemetry/{areaId}, ${TELEMETRY_RADIOS} radios, cold`,
          coldLcp,
          TARGET_LCP_MS,
        ),
      );
      rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
      rows.push(
        timed('  filter change painted (All ↔ Warning, the slower)', filter, TARGET_CHANGE_MS),
      );
      rows.push(timed('  sort change painted (a column header clicked)', sort, TARGET_CHANGE_MS));
    }
    if (addonsArea) {
      const coldLcp = pick((r) => r.addons.map((run) => run.cold));
      const warmLcp = pick((r) => r.addons.map((run) => run.warm));
      rows.push(
        timed(
          `LCP /{siteId}/addons/{areaId}, ${addonsArea.label} (${addonsArea.things} add-ons), cold`,
          coldLcp,
          TARGET_LCP_MS,
        ),
      );
      rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
    }
    if (stationArea) {
      const coldLcp = pick((r) => r.weather.map((run) => run.cold));
      const warmLcp = pick((r) => r.weather.map((run) => run.warm));
      rows.push(
        timed(
          `LCP /{siteId}/weather/{areaId}, ${stationArea.label} (${stationArea.sensors} sensors), cold`,
          coldLcp,
          TARGET_LCP_MS,
        ),
      );
      rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
    }
    console.log(`\nmedian of ${runs} run(s); mobile = 150 ms RTT, 1.6 Mbit/s, CPU 4× slower\n`);
    printTable(rows);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
