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
 * - the fleet view (issue 33 item 4) for support staff: /fleet signed in as the demo's staff login
 *   over the scale seed of 500 sites × 200 radios, the staff a member of every site, as the fleet
 *   list query's own bench seeds it (apps/server/bench/fleet-scale-cli.ts). LCP cold and warm,
 *   and the time from navigation start until the first fleet row is in the DOM (a
 *   MutationObserver, performance.now()). On a stack of its own, run after the others: its own
 *   data folder, and the server as the API alone without the simulator, which would otherwise
 *   provision and run 100,000 radios. Target: first paint < 1.5 s. Alone: --pages fleet.
 *
 * Options: --runs N  --profiles localhost,mobile
 *          --pages login,summary,irrigation,telemetry,chart,addons,weather,fleet
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fleetSchema } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium.ts';
import { measureChart, seedChartHistory, type ChartHistory } from './chart.bench.ts';
import {
  largestAddonsArea,
  measureAddons,
  measureWeather,
  weatherArea,
  type AddonsArea,
  type WeatherArea,
} from './web/addons-weather.ts';
import {
  measureIrrigation,
  prepareBigArea,
  waitProgramStopped,
  type BigArea,
} from './web/irrigation.ts';
import { measureLogin, measureSummary } from './web/login-summary.ts';
import { emulateProfile, newPage, readLcp, timeline } from './web/page-tools.ts';
import {
  median,
  printTable,
  resultRows,
  timed,
  type Measured,
  type Results,
} from './web/results.ts';
import { apiGet, logIn, signedInContext } from './web/session.ts';
import {
  ADMIN,
  BIG_BLOCK_LABEL,
  HOST,
  PAGES,
  PASSWORD,
  ROOT,
  TARGET_LCP_MS,
  type BenchPage,
  type Profile,
} from './web/settings.ts';
import { stopServer } from '../../server/bench/child-process.ts';
import { ensureBuilt, freePort, seed, serverEnv, startServer } from './web/stack.ts';
import { measureTelemetry, telemetryArea, type TelemetryArea } from './web/telemetry.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    profiles: { type: 'string', default: 'localhost,mobile' },
    pages: {
      type: 'string',
      default: 'login,summary,irrigation,telemetry,chart,addons,weather,fleet',
    },
  },
});

/** The fleet's scale seed, as bench:fleet measures its list query on. */
const FLEET_SITES = 500;
const FLEET_RADIOS_PER_SITE = 200;
const FLEET_ROW = '[data-testid="fleet-row"]';
/**
 * The fleet's server: the API alone (no worker provisioning 100,000 radios' configs before it
 * listens, no ingest) and no simulator running them, as bench:fleet's server is.
 */
const FLEET_SERVER_ENV = { PADDOCK_ROLES: 'api', PADDOCK_SIMULATOR: 'false' };

function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/** Only the table's header: the demo farm's stack did not run (--pages fleet). */
const NOTHING_MEASURED: Measured = {
  login: false,
  summary: false,
  bigArea: false,
  chart: false,
  telemetry: false,
  addonsArea: null,
  stationArea: null,
};

type Areas = {
  bigArea: BigArea | null;
  scaleArea: TelemetryArea | null;
  addonsArea: AddonsArea | null;
  stationArea: WeatherArea | null;
  chartHistory: ChartHistory | null;
};

/** Every measure that runs, --runs times on each profile. */
async function measureProfiles(
  browser: Browser,
  base: string,
  runs: number,
  profiles: readonly Profile[],
  measures: (page: BenchPage) => boolean,
  areas: Areas,
): Promise<Map<Profile, Results>> {
  const { bigArea, scaleArea, addonsArea, stationArea, chartHistory } = areas;
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
  return results;
}

/** The demo farm's stack: every measure but the fleet's, on the server with its simulator. */
async function measureDemoStack(
  browser: Browser,
  runs: number,
  profiles: readonly Profile[],
  measures: (page: BenchPage) => boolean,
): Promise<string[][]> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-web-'));
  const base = `http://${HOST}:${port}`;
  try {
    console.log(
      `seeding the demo farm${measures('irrigation') ? ` and ${BIG_BLOCK_LABEL}` : ''} into ${dataDir} …`,
    );
    seed(dataDir, measures('irrigation'), measures('telemetry'));
    const chartHistory = measures('chart') ? seedChartHistory(serverEnv(dataDir)) : null;
    console.log(`starting the server on ${base} …`);
    const server = await startServer(port, dataDir);
    try {
      const bigArea = measures('irrigation') ? await prepareBigArea(base) : null;
      const scaleArea = measures('telemetry') ? await telemetryArea(base) : null;
      const addonsArea = measures('addons') ? await largestAddonsArea(base) : null;
      const stationArea = measures('weather') ? await weatherArea(base) : null;
      const results = await measureProfiles(browser, base, runs, profiles, measures, {
        bigArea,
        scaleArea,
        addonsArea,
        stationArea,
        chartHistory,
      });
      return resultRows(profiles, results, {
        login: measures('login'),
        summary: measures('summary'),
        bigArea: bigArea !== null,
        chart: chartHistory !== null,
        telemetry: scaleArea !== null,
        addonsArea,
        stationArea,
      });
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface FleetRun {
  readonly cold: number;
  readonly warm: number;
  readonly rowCold: number;
  readonly rowWarm: number;
}

/** /fleet opened in a new page of `context`: its LCP, and when its first row was in the DOM. */
async function openFleet(
  context: BrowserContext,
  profile: Profile,
): Promise<{ page: Page; lcp: number; firstRow: number }> {
  const page = await newPage(context, profile);
  await page.addInitScript((row) => {
    const record = window as unknown as { __firstFleetRow: number };
    record.__firstFleetRow = 0;
    // Told in the microtask after React's commit put the row in: the time the row arrived.
    const observer = new MutationObserver(() => {
      if (!document.querySelector(row)) return;
      record.__firstFleetRow = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, FLEET_ROW);
  await page.goto('/fleet');
  await page.locator(FLEET_ROW).first().waitFor({ state: 'attached', timeout: 90_000 });
  const lcp = await readLcp(page);
  const firstRow = await page.evaluate(
    () => (window as unknown as { __firstFleetRow: number }).__firstFleetRow,
  );
  return { page, lcp, firstRow };
}

/** The fleet view as the demo's staff: cold (new profile) then warm (same profile again). */
async function measureFleet(browser: Browser, base: string, profile: Profile): Promise<FleetRun> {
  const tokens = await logIn(base, DEMO_LOGINS.staff, PASSWORD, 'staff sign-in');
  const context = await signedInContext(browser, base, tokens);
  try {
    const cold = await openFleet(context, profile);
    if (process.env.BENCH_TRACE) console.log(await timeline(cold.page));
    // Let the debounced offline-cache write land before the next visit.
    await cold.page.waitForTimeout(1_500);
    await cold.page.close();
    const warm = await openFleet(context, profile);
    if (process.env.BENCH_TRACE) console.log(await timeline(warm.page));
    await warm.page.close();
    return { cold: cold.lcp, warm: warm.lcp, rowCold: cold.firstRow, rowWarm: warm.firstRow };
  } finally {
    await context.close();
  }
}

/**
 * The fleet's stack: the demo farm and the scale seed with the staff a member of every site,
 * written into a new data folder before the server (the API alone) starts on it.
 */
async function measureFleetStack(
  browser: Browser,
  runs: number,
  profiles: readonly Profile[],
): Promise<string[][]> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-fleet-'));
  const base = `http://${HOST}:${port}`;
  try {
    console.log(
      `seeding the demo farm and ${FLEET_SITES} sites × ${FLEET_RADIOS_PER_SITE} radios into ${dataDir} …`,
    );
    const seeded = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/bench/fleet-scale-cli.ts',
        ...['--sites', String(FLEET_SITES), '--radios-per-site', String(FLEET_RADIOS_PER_SITE)],
      ],
      { cwd: ROOT, env: serverEnv(dataDir), stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (seeded.status !== 0) throw new Error(`the fleet seed failed with code ${seeded.status}`);
    console.log(`starting the API on ${base} …`);
    const server = await startServer(port, dataDir, FLEET_SERVER_ENV);
    try {
      const { token } = await logIn(base, DEMO_LOGINS.staff, PASSWORD, 'staff sign-in');
      const fleet = fleetSchema.parse(await apiGet(base, token, '/fleet'));
      const runsOf = new Map<Profile, FleetRun[]>(profiles.map((profile) => [profile, []]));
      for (const profile of profiles) {
        for (let run = 0; run < runs; run++) {
          console.log(`  fleet ${profile} run ${run + 1}/${runs}`);
          runsOf.get(profile)?.push(await measureFleet(browser, base, profile));
        }
      }
      const pick = (key: keyof FleetRun) =>
        profiles.map((profile) => median((runsOf.get(profile) ?? []).map((run) => run[key])));
      const scale = `${FLEET_SITES} sites × ${FLEET_RADIOS_PER_SITE} radios`;
      const items = `${fleet.items.length} of ${fleet.total} items`;
      return [
        timed(`LCP /fleet, staff, ${scale} (${items}), cold`, pick('cold'), TARGET_LCP_MS),
        timed('  same, warm (cached)', pick('warm'), TARGET_LCP_MS),
        timed('  first fleet row in the DOM, cold', pick('rowCold'), TARGET_LCP_MS),
        timed('  first fleet row in the DOM, warm (cached)', pick('rowWarm'), TARGET_LCP_MS),
      ];
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  const profiles = (args.profiles ?? '').split(',').filter(Boolean) as Profile[];
  for (const profile of profiles) {
    if (profile !== 'localhost' && profile !== 'mobile')
      throw new Error(`unknown profile ${profile}`);
  }
  const names = (args.pages ?? '').split(',').filter(Boolean);
  for (const name of names) {
    if (name !== 'fleet' && !PAGES.includes(name as BenchPage))
      throw new Error(`unknown page ${name} (${[...PAGES, 'fleet'].join(', ')})`);
  }
  const pages = names.filter((name) => name !== 'fleet') as BenchPage[];
  const measures = (page: BenchPage) => pages.includes(page);

  ensureBuilt();
  const browser = await launchBrowser();
  try {
    const rows =
      pages.length > 0
        ? await measureDemoStack(browser, runs, profiles, measures)
        : resultRows(profiles, new Map(), NOTHING_MEASURED);
    if (names.includes('fleet')) rows.push(...(await measureFleetStack(browser, runs, profiles)));
    console.log(`\nmedian of ${runs} run(s); mobile = 150 ms RTT, 1.6 Mbit/s, CPU 4× slower\n`);
    printTable(rows);
  } finally {
    await browser.close();
  }
}

await main();
