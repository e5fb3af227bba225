/**
 * `npm run bench:first-start`: what a user signing in meets on a stack that has just started, and
 * while a season's frost report is made on the embedded database. Two runs, each against the
 * devstack as `npm start` runs it after its build (`apps/devstack/src/main.ts`: the server with
 * the embedded PGlite and broker, the demo farm, the simulator) on a free port of 127.0.0.1 and a
 * fresh data folder, with Debian's Chromium through playwright-core (the console is built first
 * when apps/web/dist is missing):
 *
 * - first-start: the devstack on an empty data folder, so it seeds the demo farm and loads its 90
 *   days of history in the background (apps/devstack/src/history.ts). From the moment the server
 *   first answers GET /api/health, the demo admin signs in every --every-seconds (15) for
 *   --minutes (5). The server's JSON log tells how far the history is; the run waits for its
 *   "demo history: done" line after the tries (up to --history-wait-minutes) and prints when it
 *   came.
 * - report: a new data folder where this process, before the devstack starts (PGlite is one
 *   process per folder), seeds the demo farm and a frost area of --fans (40) fans on Rapaura
 *   Vineyard with 10-minute readings of the metrics the compliance report reads over the last
 *   --days (122) nights, stored by the server's history store. With the devstack up (no demo
 *   history), the demo admin asks for the area's frost compliance report over that season through
 *   the API as the console's frost report panel asks (POST /api/exports) and follows it as the
 *   console does (GET /api/exports?page=1 every 2 s); meanwhile the same sign-ins run every 15 s
 *   until it is done (at least 2; a report made sooner is asked again as xlsx, then csv, …).
 *
 * Each try is a new browser context (no cache, no storage): the login form time runs from
 * page.goto('/login') until the account name, password and Login button are visible; the sign-in
 * time from the click on Login until the signed-in landing page shows (the site list, or a site's
 * summary); the API p95 is over every /api/ response of the try (Playwright's request timing:
 * request start to response end), and beside it the p95 of its other responses from the server
 * (the page, scripts, styles, translations), which the same process serves. Each step gives up
 * after 60 s, and the try prints "timeout".
 *
 * Targets (issue): login form < 2 s and sign-in < 2 s at every try.
 *
 * Options: --runs first-start,report  --minutes 5  --every-seconds 15  --history-wait-minutes 20
 *          --fans 40  --days 122
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  frostNightOf,
  frostNightRange,
  type ExportCreateBody,
  type ExportFormat,
  type ExportList,
  type ReportExport,
  type SensorTopic,
} from '@paddock/domain';
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { and, eq } from 'drizzle-orm';
import { chromium, errors, type Browser, type Request } from 'playwright-core';
import { openDatabase } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { FAN_METRICS } from '../src/frost/frost-data.ts';
import { seedDemoFarm } from '../src/seed/demo-farm.ts';
import { createHistoryStore, type HistoryPoints } from '../src/telemetry/history-store.ts';
import { positive } from './report.ts';

const HOST = '127.0.0.1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
const ADMIN = DEMO_LOGINS.admin;
const TARGET_MS = 2_000;
/** Each step of a try (the login form, the sign-in) gives up after this. */
const STEP_TIMEOUT_MS = 60_000;
/** Seeding the demo farm into a new embedded database takes a while on a small machine. */
const READY_TIMEOUT_MS = 5 * 60_000;
/** How often GET /api/health is asked until it first answers. */
const HEALTH_POLL_MS = 100;
/** As the console's export list polls while an export is made (apps/web/src/data/exports/get-exports.ts). */
const EXPORT_POLL_MS = 2_000;
/** The longest one export may take before the run gives up on it. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;
/** Formats asked in turn when a report is made before 2 tries have run beside it. */
const EXPORT_FORMATS: readonly ExportFormat[] = ['pdf', 'xlsx', 'csv'];
const MAX_EXPORTS = 9;
/** The demo site the report run's frost area is added to (it has a frost area of its own). */
const REPORT_SITE = 'Rapaura Vineyard';
const STEP_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

type RunName = 'first-start' | 'report';
const RUNS: readonly RunName[] = ['first-start', 'report'];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: RUNS.join(',') },
    minutes: { type: 'string', default: '5' },
    'every-seconds': { type: 'string', default: '15' },
    'history-wait-minutes': { type: 'string', default: '20' },
    fans: { type: 'string', default: '40' },
    days: { type: 'string', default: '122' },
  },
});

// ---------------------------------------------------------------------------------------------
// The devstack in a child process

/** What the devstack's JSON log said about the demo history, as epoch ms of its log lines. */
interface HistoryProgress {
  started: number | null;
  /** Every site's past made, the devices live: storing begins. */
  made: number | null;
  /** The last "N% stored". */
  storedPercent: number | null;
  done: number | null;
  doneLine: string | null;
}

interface Devstack {
  readonly child: ChildProcess;
  readonly base: string;
  /** Epoch ms when the process was spawned, and when /api/health first answered. */
  readonly spawnedAt: number;
  readonly answeredAt: number;
  readonly history: HistoryProgress;
  /** Resolves with the done line's epoch ms once the history is stored. */
  readonly historyDone: Promise<number>;
  /** How the process ended, once it has (null while it runs); resolves `ended` too. */
  exit: string | null;
  readonly ended: Promise<void>;
  /** Set when this process stops it, so its end is not reported as a crash. */
  stopping: boolean;
}

/** Children still running, so an error or Ctrl-C stops them too. */
const children = new Set<ChildProcess>();
const dataDirs = new Set<string>();

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

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-first-start-'));
  dataDirs.add(dir);
  return dir;
}

function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dataDirs.delete(dir);
}

/**
 * The environment `npm start` gives the devstack, on free ports and the given data folder: empty
 * DATABASE_URL and MQTT_URL are the embedded database and broker; JSON log lines to parse.
 */
function devstackEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST,
    PADDOCK_ENVIRONMENT: 'development',
    PADDOCK_DATA_DIR: dataDir,
    DATABASE_URL: '',
    MQTT_URL: '',
    MQTT_PORT: '0',
    SIMULATOR_CONTROL_PORT: '0',
    TWILIO_STANDIN_PORT: '0',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    WEB_DIST: DIST,
    ...extra,
  };
}

/**
 * Spawns the devstack in a process group of its own (the group is stopped at the end), follows
 * its log, and resolves once GET /api/health first answers 200.
 */
async function startDevstack(dataDir: string, extra: NodeJS.ProcessEnv = {}): Promise<Devstack> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/devstack/src/main.ts'], {
    cwd: ROOT,
    env: devstackEnv(port, dataDir, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  child.once('exit', () => children.delete(child));

  const history: HistoryProgress = {
    started: null,
    made: null,
    storedPercent: null,
    done: null,
    doneLine: null,
  };
  let historyDoneResolve: (at: number) => void = () => {};
  const historyDone = new Promise<number>((resolve) => (historyDoneResolve = resolve));
  if (!child.stdout || !child.stderr) throw new Error('the devstack has no output pipes');
  // Every line is read (a full pipe would stop the child); errors are shown as they come.
  createInterface({ input: child.stdout }).on('line', (line) => {
    let entry: { level?: number; time?: number; msg?: unknown; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    const message = typeof entry.msg === 'string' ? entry.msg : '';
    const at = entry.time ?? Date.now();
    if ((entry.level ?? 0) >= 50) {
      const cause = entry.err?.message ? ` (${entry.err.message})` : '';
      console.log(`  server error: ${message}${cause}`);
    }
    if (!message.includes('demo history:')) return;
    if (message.startsWith('demo history: loading')) history.started = at;
    else if (message.startsWith('demo history: made')) history.made = at;
    else if (message.startsWith('demo history: done')) {
      history.done = at;
      history.doneLine = message;
      historyDoneResolve(at);
    } else {
      const percent = /: (\d+)% stored/.exec(message)?.[1];
      if (percent) history.storedPercent = Number(percent);
    }
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    if (stderr.length > 20) stderr.shift();
  });

  // An end this process did not ask for is said at once, with the last of its stderr.
  let stack: Devstack | null = null;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      const exit = signal ? `signal ${signal}` : `code ${code}`;
      if (stack) stack.exit = exit;
      if (stack && !stack.stopping) {
        const at = ((Date.now() - stack.answeredAt) / 1000).toFixed(1);
        console.log(`  the devstack exited (${exit}) at ${at} s; the last of its stderr:`);
        for (const line of stderr) console.log(`    ${line}`);
      }
      resolve();
    }),
  );

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the devstack exited (${child.exitCode ?? child.signalCode}):\n${stderr.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) {
        stack = {
          child,
          base,
          spawnedAt,
          answeredAt: Date.now(),
          history,
          historyDone,
          exit: null,
          ended,
          stopping: false,
        };
        return stack;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error('the devstack did not answer /api/health in time');
}

/** Stops the devstack's process group: SIGTERM, then SIGKILL if it has not exited in 30 s. */
async function stopDevstack(stack: Devstack): Promise<void> {
  const { child } = stack;
  stack.stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const forced = setTimeout(() => signalGroup(child, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(forced);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// ---------------------------------------------------------------------------------------------
// One sign-in try in Chromium

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A step's time in ms, or why it has none. */
type StepResult = number | 'timeout' | 'failed' | 'not tried';

interface TryResult {
  readonly loginForm: StepResult;
  readonly signIn: StepResult;
  /** Durations of the try's /api/ responses, ms. */
  readonly api: number[];
  /** Durations of its other responses (the page, scripts, styles, translations), ms. */
  readonly other: number[];
  readonly error: string | null;
}

/** Nearest-rank percentile of unsorted values; null when there are none. */
function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((sorted.length * p) / 100) - 1)] ?? null;
}

/**
 * The demo admin signs in once in a new (cold) browser context: the login form's time, the
 * sign-in's, and the durations of the /api/ calls the page made meanwhile.
 */
async function signInTry(browser: Browser, base: string): Promise<TryResult> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
  });
  const api: number[] = [];
  const other: number[] = [];
  const sent = new Map<Request, number>();
  let loginForm: StepResult = 'not tried';
  let signIn: StepResult = 'not tried';
  let error: string | null = null;
  const failure = (caught: unknown): StepResult => {
    if (caught instanceof errors.TimeoutError) return 'timeout';
    error =
      caught instanceof Error ? (caught.message.split('\n')[0] ?? caught.message) : String(caught);
    return 'failed';
  };
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    page.on('request', (request) => sent.set(request, performance.now()));
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin !== base) return;
      const list = url.pathname.startsWith('/api/') ? api : other;
      // Playwright's timing: request start to the end of the response body; the event's own
      // arrival when the browser gives none.
      const { responseEnd } = request.timing();
      const since = sent.get(request);
      if (responseEnd >= 0) list.push(responseEnd);
      else if (since !== undefined) list.push(performance.now() - since);
    });

    const user = page.getByLabel('Account name');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Login' });
    try {
      const started = performance.now();
      await page.goto('/login', { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
      const left = () => Math.max(1, STEP_TIMEOUT_MS - (performance.now() - started));
      await user.waitFor({ state: 'visible', timeout: left() });
      await password.waitFor({ state: 'visible', timeout: left() });
      await submit.waitFor({ state: 'visible', timeout: left() });
      loginForm = performance.now() - started;
    } catch (caught) {
      loginForm = failure(caught);
      return { loginForm, signIn, api, other, error };
    }

    // The signed-in landing page (§2 /): the site list, or a site's summary when / goes on to it.
    const landing = page
      .getByRole('heading', { level: 2, name: 'Your sites' })
      .or(page.getByRole('heading', { level: 2, name: 'Summary' }))
      .first();
    try {
      await user.fill(ADMIN);
      await password.fill(DEMO_PASSWORD);
      const started = performance.now();
      await submit.click();
      await landing.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
      signIn = performance.now() - started;
    } catch (caught) {
      signIn = failure(caught);
    }
    return { loginForm, signIn, api, other, error };
  } catch (caught) {
    failure(caught);
    return { loginForm, signIn, api, other, error };
  } finally {
    await context.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Rows

const COLUMNS = [
  { title: 'try', width: 3 },
  { title: 's after server answered', width: 23 },
  { title: 'login form s', width: 12 },
  { title: 'sign-in s', width: 9 },
  { title: 'API p95 ms', width: 10 },
  { title: 'API calls', width: 9 },
  { title: 'other p95 ms', width: 12 },
  { title: 'other calls', width: 11 },
] as const;

function printHeader(background: string): void {
  const titles = [...COLUMNS.map((column) => column.title), background];
  console.log(`| ${titles.join(' | ')} |`);
  console.log(`|${titles.map((title) => '-'.repeat(title.length + 2)).join('|')}|`);
}

const stepText = (step: StepResult) => (typeof step === 'number' ? (step / 1000).toFixed(2) : step);

function printRow(index: number, at: number, result: TryResult, background: string): void {
  const p95 = (values: number[]) => percentile(values, 95)?.toFixed(0) ?? '—';
  const cells = [
    String(index),
    at.toFixed(1),
    stepText(result.loginForm),
    stepText(result.signIn),
    p95(result.api),
    String(result.api.length),
    p95(result.other),
    String(result.other.length),
  ];
  const padded = cells.map((cell, column) => cell.padStart(COLUMNS[column]?.width ?? 0));
  console.log(`| ${[...padded, background].join(' | ')} |`);
  if (result.error) console.log(`  (try ${index}: ${result.error})`);
}

/** The worst of the tries' steps: a try without a time counts as over the target. */
function worst(results: readonly TryResult[], step: 'loginForm' | 'signIn'): string {
  const times = results.map((result) => result[step]);
  const missing = times.filter((time) => typeof time !== 'number').length;
  const numbers = times.filter((time): time is number => typeof time === 'number');
  const over = numbers.filter((time) => time >= TARGET_MS).length + missing;
  const max = numbers.length > 0 ? `${(Math.max(...numbers) / 1000).toFixed(2)} s` : '—';
  const verdict =
    over === 0 ? 'target met' : `${over} of ${times.length} tries at or over the target`;
  return `${max}${missing > 0 ? ` (and ${missing} without a time)` : ''}; target < ${TARGET_MS / 1000} s: ${verdict}`;
}

/**
 * Runs a try every `everyMs` from `zero` while `goOn` says so, each row printed as it ends with
 * what `background` says was going on when it started.
 */
async function tryEvery(
  browser: Browser,
  base: string,
  zero: number,
  everyMs: number,
  goOn: (tries: number) => boolean,
  background: () => string,
): Promise<TryResult[]> {
  const results: TryResult[] = [];
  let next = Date.now();
  for (;;) {
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    // Asked at the try's start: a try after the run's end is not begun.
    if (!goOn(results.length)) break;
    const started = Date.now();
    next = started + everyMs;
    const going = background();
    const result = await signInTry(browser, base);
    results.push(result);
    printRow(results.length, (started - zero) / 1000, result, going);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Run 1: a fresh data folder, as `npm start` does

async function firstStartRun(browser: Browser, minutes: number, everyMs: number): Promise<void> {
  const historyWaitMs = positive('history-wait-minutes', args['history-wait-minutes']) * 60_000;
  console.log(
    `\n## first-start: a fresh data folder, the demo admin signing in every ${everyMs / 1000} s for ${minutes} min`,
  );
  const dataDir = newDataDir();
  let stack: Devstack | null = null;
  try {
    stack = await startDevstack(dataDir);
    const { answeredAt, history } = stack;
    console.log(
      `the server answered /api/health ${((answeredAt - stack.spawnedAt) / 1000).toFixed(1)} s after the devstack was spawned (time 0 below)\n`,
    );
    const historyState = () => {
      if (history.done !== null) return 'done';
      if (history.made !== null) return `storing ${history.storedPercent ?? 0}%`;
      if (history.started !== null) return 'making';
      return '—';
    };
    printHeader('history');
    const endAt = answeredAt + minutes * 60_000;
    const results = await tryEvery(
      browser,
      stack.base,
      answeredAt,
      everyMs,
      () => Date.now() < endAt && stack?.exit === null,
      historyState,
    );

    if (history.done === null && history.started !== null && stack.exit === null) {
      console.log(
        `\nthe history is still loading (${historyState()}): waiting up to ${historyWaitMs / 60_000} min for it`,
      );
      const waited = new AbortController();
      await Promise.race([
        stack.historyDone,
        stack.ended,
        sleep(historyWaitMs, undefined, { signal: waited.signal }).catch(() => undefined),
      ]);
      waited.abort();
    }
    const after = (at: number, from: number) => `${((at - from) / 1000).toFixed(1)} s`;
    console.log('');
    if (history.started === null) console.log('history: the devstack loaded none');
    else {
      const made = history.made === null ? '—' : after(history.made, answeredAt);
      const complete =
        history.done === null
          ? `— (not done ${after(Date.now(), answeredAt)} after the server answered)`
          : `${after(history.done, answeredAt)} (${after(history.done, stack.spawnedAt)} after the devstack was spawned)`;
      console.log(
        `history: made (devices live, storing began) at ${made}; complete at ${complete}`,
      );
      if (history.doneLine) console.log(`  log: ${history.doneLine}`);
    }
    console.log(`worst login form: ${worst(results, 'loginForm')}`);
    console.log(`worst sign-in:    ${worst(results, 'signIn')}`);
  } finally {
    if (stack) await stopDevstack(stack);
    removeDataDir(dataDir);
  }
}

// ---------------------------------------------------------------------------------------------
// Run 2: a season's frost compliance report for 40 fans on the embedded database

/** A seeded random, so every run stores the same season. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * One fan's season every 10 minutes over [from, to), as frost-report.bench.ts models it: frosts
 * on about one night in four, the canopy cooling to its coldest some 18 h after noon, one run a
 * frost night until after sunrise burning fuel and adding engine hours. Points per metric the
 * compliance report reads (src/frost/frost-data.ts FAN_METRICS).
 */
function fanSeason(
  sensorId: number,
  fan: number,
  from: number,
  to: number,
): { points: HistoryPoints[]; last: Record<string, number> } {
  const rand = random(fan + 1);
  const nights = Math.ceil((to - from) / DAY_MS);
  const frostNights = new Set<number>();
  for (let night = 0; night < nights; night++)
    if (random(night + 7)() < 0.25) frostNights.add(night);
  const times: number[] = [];
  const values: Record<string, number[]> = {
    [FAN_METRICS.rpm]: [],
    [FAN_METRICS.canopy]: [],
    [FAN_METRICS.tower]: [],
    [FAN_METRICS.wind]: [],
    [FAN_METRICS.fuel]: [],
    [FAN_METRICS.engineHours]: [],
  };
  const push = (metric: string, value: number) => values[metric]?.push(value);
  let level = 90;
  let hours = 400 + fan * 10;
  for (let time = from; time < to; time += STEP_MS) {
    const night = Math.floor((time - from) / DAY_MS);
    const hourOfNight = ((time - from) % DAY_MS) / 3_600_000; // 0 = the night's local noon
    const frost = frostNights.has(night);
    const depth = frost ? 6 + rand() * 0.3 : 2;
    const temperature =
      8 - depth * Math.sin((Math.PI * Math.min(hourOfNight, 20)) / 20) + rand() * 0.2;
    const running = frost && hourOfNight > 12 && hourOfNight < 19;
    times.push(time);
    push(FAN_METRICS.rpm, running ? 2300 + Math.round(rand() * 80) : 0);
    push(FAN_METRICS.canopy, Math.round((running ? temperature + 1 : temperature) * 10) / 10);
    push(FAN_METRICS.tower, Math.round((temperature + 3) * 10) / 10);
    push(FAN_METRICS.wind, Math.round(rand() * 60) / 10);
    if (running) {
      level -= 4 / 6;
      hours += 1 / 6;
    }
    if (level < 30) level = 100;
    push(FAN_METRICS.fuel, Math.round(level * 10) / 10);
    push(FAN_METRICS.engineHours, Math.round(hours * 10) / 10);
  }
  const points = Object.entries(values).map(([metric, list]): HistoryPoints => ({
    thing: 'sensor',
    id: sensorId,
    metric,
    times,
    values: list,
  }));
  const last = Object.fromEntries(
    Object.entries(values).map(([metric, list]) => [metric, list.at(-1) ?? 0]),
  );
  return { points, last };
}

interface FrostSeason {
  readonly siteId: number;
  readonly areaId: number;
  readonly from: Date;
  readonly to: Date;
  readonly readings: number;
}

/**
 * In this process, before the devstack holds the folder: the demo farm, then a frost area of
 * `fans` fans on REPORT_SITE (external sensors tagged frostFan, as the demo farm's fan engines,
 * without a radio so the simulator leaves them be) with a season of readings over the last
 * `days` whole nights, stored by the history store (the devstack's demo history path).
 */
async function seedFrostSeason(dataDir: string, fans: number, days: number): Promise<FrostSeason> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { db } = handle;
    const now = new Date();
    const seeded = await seedDemoFarm(db, { now });
    const site = seeded.sites.find((candidate) => candidate.label === REPORT_SITE);
    if (!site) throw new Error(`no demo site ${REPORT_SITE}`);
    const [row] = await db.select().from(t.sites).where(eq(t.sites.id, site.id));
    const timeZone = (row?.config as { timezone?: string } | undefined)?.timezone;
    if (!timeZone) throw new Error(`${REPORT_SITE} has no timezone`);
    // The same ground as the site's own frost area.
    const [own] = await db
      .select()
      .from(t.areas)
      .where(and(eq(t.areas.siteId, site.id), eq(t.areas.type, 'frost')));
    if (!own) throw new Error(`${REPORT_SITE} has no frost area`);
    const [area] = await db
      .insert(t.areas)
      .values({
        siteId: site.id,
        label: `Frost fans (${fans}, bench)`,
        type: 'frost',
        capabilities: own.capabilities,
        settings: own.settings,
        geometry: own.geometry,
        outline: own.outline,
        status: 'normal',
      })
      .returning({ id: t.areas.id });
    if (!area) throw new Error('area not inserted');

    // The last `days` whole nights (noon to noon in the site's zone), the one under way left out.
    const lastNight = new Date(`${frostNightOf(now, timeZone)}T00:00:00Z`).getTime() - DAY_MS;
    const night = (offset: number) =>
      new Date(lastNight - offset * DAY_MS).toISOString().slice(0, 10);
    const from = frostNightRange(night(days - 1), timeZone).from;
    const to = frostNightRange(night(0), timeZone).to;

    const store = createHistoryStore(db);
    let readings = 0;
    for (let fan = 1; fan <= fans; fan++) {
      const [sensor] = await db
        .insert(t.sensors)
        .values({
          siteId: site.id,
          areaId: area.id,
          type: 'external',
          tags: { identifier: 'frostFan' },
          topics: [],
          label: `Fan ${fan} engine`,
          serialno: `BENCH-FAN-${String(fan).padStart(3, '0')}`,
        })
        .returning({ id: t.sensors.id });
      if (!sensor) throw new Error('sensor not inserted');
      const season = fanSeason(sensor.id, fan, from.getTime(), to.getTime());
      readings += await store.store(site.id, season.points);
      // Each metric's latest value, as ingest keeps it on the sensor.
      const times = season.points[0]?.times;
      const at = new Date(times?.[times.length - 1] ?? to.getTime()).toISOString();
      const topics: SensorTopic[] = Object.entries(season.last).map(([metric, lastValue]) => ({
        metric,
        type: 'analog',
        lastValue,
        timestamp: at,
      }));
      await db.update(t.sensors).set({ topics }).where(eq(t.sensors.id, sensor.id));
    }
    await store.finish();
    return { siteId: site.id, areaId: area.id, from, to, readings };
  } finally {
    await handle.close();
  }
}

/** The demo admin's bearer token, as the console signs in (POST /api/user/login). */
async function apiToken(base: string): Promise<string> {
  const config = (await (await fetch(`${base}/appConfig.json`)).json()) as { awsRegion: string };
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: ADMIN, password: DEMO_PASSWORD, region: config.awsRegion }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

interface ExportRun {
  readonly format: ExportFormat;
  /** Seconds from the POST until the poll saw it finished. */
  seconds: number | null;
  /** The server's own: from the request's creation to its last update. */
  serverSeconds: number | null;
  status: string;
  progress: number;
  size: number | null;
  error: string | null;
  /** Seconds after the server answered when it was asked. */
  readonly askedAt: number;
}

/**
 * The demo admin's exports of the area's compliance report over the season, one after another
 * (pdf, then xlsx, csv, … while `more` says so), each followed as the console follows it.
 */
async function runExports(
  base: string,
  season: FrostSeason,
  zero: number,
  more: (made: number) => boolean,
  runs: ExportRun[],
  onAsked: () => void,
): Promise<void> {
  let token = await apiToken(base);
  const call = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const send = () =>
      fetch(`${base}/api${url}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    let response = await send();
    if (response.status === 401) {
      token = await apiToken(base);
      response = await send();
    }
    return response;
  };
  do {
    const format = EXPORT_FORMATS[runs.length % EXPORT_FORMATS.length] ?? 'pdf';
    const body: ExportCreateBody = {
      report: 'frostReport',
      kind: 'frostCompliance',
      format,
      area: season.areaId,
      from: season.from.toISOString(),
      to: season.to.toISOString(),
    };
    const asked = Date.now();
    const created = await call('/exports', { method: 'POST', body: JSON.stringify(body) });
    if (created.status !== 202) throw new Error(`POST /api/exports: ${created.status}`);
    const request = (await created.json()) as ReportExport;
    const run: ExportRun = {
      format,
      seconds: null,
      serverSeconds: null,
      status: request.status,
      progress: request.progress,
      size: null,
      error: null,
      askedAt: (asked - zero) / 1000,
    };
    runs.push(run);
    onAsked();
    const deadline = asked + EXPORT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      await sleep(EXPORT_POLL_MS);
      const listed = await call('/exports?page=1');
      if (!listed.ok) continue;
      const item = ((await listed.json()) as ExportList).items.find((x) => x.id === request.id);
      if (!item) continue;
      run.status = item.status;
      run.progress = item.progress;
      if (item.status === 'done' || item.status === 'failed' || item.status === 'cancelled') {
        run.seconds = (Date.now() - asked) / 1000;
        run.serverSeconds = item.updated
          ? (Date.parse(item.updated) - Date.parse(item.created)) / 1000
          : null;
        run.size = item.size;
        run.error = item.error;
        break;
      }
    }
    if (run.seconds === null) {
      run.status = 'timeout';
      break;
    }
  } while (runs.length < MAX_EXPORTS && more(runs.length));
}

async function reportRun(browser: Browser, everyMs: number): Promise<void> {
  const fans = positive('fans', args.fans);
  const days = positive('days', args.days);
  console.log(
    `\n## report: the frost compliance report of ${fans} fans over ${days} nights of 10-minute readings, the demo admin signing in every ${everyMs / 1000} s while it is made`,
  );
  const dataDir = newDataDir();
  let stack: Devstack | null = null;
  try {
    const setupStarted = performance.now();
    const season = await seedFrostSeason(dataDir, fans, days);
    console.log(
      `seeded the demo farm and stored ${season.readings.toLocaleString('en')} readings of ${fans} fans (${season.from.toISOString()} to ${season.to.toISOString()}) in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    stack = await startDevstack(dataDir, { PADDOCK_DEMO_HISTORY: '0' });
    const { answeredAt } = stack;
    console.log(
      `the server answered /api/health ${((answeredAt - stack.spawnedAt) / 1000).toFixed(1)} s after the devstack was spawned (time 0 below)\n`,
    );

    const exports: ExportRun[] = [];
    let exportsOver = false;
    /** Tries that started while an export was being made. */
    let triesBeside = 0;
    let firstAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => (firstAsked = resolve));
    const made = runExports(
      stack.base,
      season,
      answeredAt,
      () => triesBeside < 2,
      exports,
      firstAsked,
    ).finally(() => (exportsOver = true));
    // The tries start once the first report is asked for (or the exports have failed).
    await Promise.race([asked, made]);
    /** The export under way as a try starts (counted), for its row. */
    const exportAtTry = () => {
      const run = exports.at(-1);
      if (!run || run.seconds !== null || exportsOver) return '—';
      triesBeside++;
      return `${run.format} ${run.status} ${run.progress}%`;
    };
    printHeader('export');
    const results = await tryEvery(
      browser,
      stack.base,
      answeredAt,
      everyMs,
      (tries) => (!exportsOver || tries < 2) && stack?.exit === null,
      exportAtTry,
    );
    await made;

    console.log('\n| export | asked at s | status | made in s (poll) | server s | size KB |');
    console.log('|--------|------------|--------|------------------|----------|---------|');
    for (const run of exports) {
      const cells = [
        `${run.format}`,
        run.askedAt.toFixed(1),
        run.status,
        run.seconds === null ? '—' : run.seconds.toFixed(1),
        run.serverSeconds === null ? '—' : run.serverSeconds.toFixed(1),
        run.size === null ? '—' : (run.size / 1024).toFixed(0),
      ];
      console.log(`| ${cells.join(' | ')} |`);
      if (run.error) console.log(`  (${run.format}: ${run.error})`);
    }
    console.log(`\ntries while an export was made: ${triesBeside} of ${results.length}`);
    console.log(`worst login form: ${worst(results, 'loginForm')}`);
    console.log(`worst sign-in:    ${worst(results, 'signIn')}`);
  } finally {
    if (stack) await stopDevstack(stack);
    removeDataDir(dataDir);
  }
}

// ---------------------------------------------------------------------------------------------

/** On an error or Ctrl-C: the devstacks' process groups and the data folders go too. */
function cleanUpNow(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const minutes = positive('minutes', args.minutes);
  const everyMs = positive('every-seconds', args['every-seconds']) * 1000;
  const runs = (args.runs ?? '').split(',').filter(Boolean);
  const unknown = runs.filter((run) => !RUNS.includes(run as RunName));
  if (runs.length === 0 || unknown.length > 0) {
    throw new Error(`--runs takes ${RUNS.join(',')} (unknown: ${unknown.join(', ')})`);
  }
  ensureBuilt();
  console.log(`First-start bench (node ${process.version}, ${ROOT})`);
  const browser = await launchBrowser();
  try {
    if (runs.includes('first-start')) await firstStartRun(browser, minutes, everyMs);
    if (runs.includes('report')) await reportRun(browser, everyMs);
  } finally {
    await browser.close();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUpNow();
    process.exit(130);
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    cleanUpNow();
    process.exit(1);
  },
);
