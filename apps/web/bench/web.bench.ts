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
 * Each measure runs --runs times (default 3) and the median is printed, on localhost as is and
 * under a mobile profile (150 ms round trip, 1.6 Mbit/s down, CPU 4× slower, as Lighthouse's
 * mobile run). Targets (issue): initial JS ≤ 170 KB gzip, LCP < 1.5 s.
 *
 * Options: --runs N  --profiles localhost,mobile
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const HOST = '127.0.0.1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
const ADMIN = 'admin@demo.paddock.example';
const PASSWORD = 'DemoPaddock#2026';
const TARGET_JS_GZIP_KB = 170;
const TARGET_LCP_MS = 1_500;
/** Seeding the demo farm into a new embedded database takes a while on a small machine. */
const READY_TIMEOUT_MS = 180_000;
/** After the page shows its content, LCP may still be updated by late images or fonts. */
const LCP_SETTLE_MS = 1_000;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    profiles: { type: 'string', default: 'localhost,mobile' },
  },
});

type Profile = 'localhost' | 'mobile';

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

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      // As `npm start` runs: no error reporting (it would call out to Bugsnag), embedded database.
      PADDOCK_ENVIRONMENT: 'development',
      PADDOCK_DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: DIST,
    },
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
  if (profile === 'mobile') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  return page;
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

async function firstSiteId(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/api/sites`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const sites = (await response.json()) as { id: number }[];
  const [site] = sites;
  if (!site) throw new Error('the admin has no site');
  return site.id;
}

/** LCP of the summary page, cold (new profile) then warm (same profile, offline cache filled). */
async function measureSummary(
  browser: Browser,
  base: string,
  profile: Profile,
): Promise<{ cold: number; warm: number }> {
  const tokens = await signIn(base);
  const siteId = await firstSiteId(base, tokens.token);
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
  });
  try {
    // Signed in as the console stores a session (lib/auth-storage.ts): the token set plus uid.
    await context.addInitScript(
      (auth) => {
        if (!localStorage.getItem('auth')) localStorage.setItem('auth', auth);
      },
      JSON.stringify({ ...tokens, uid: tokens.identityId }),
    );
    const summaryShown = (page: Page) =>
      page.getByRole('heading', { level: 2, name: 'Summary' }).waitFor({ timeout: 60_000 });

    const cold = await newPage(context, profile);
    await cold.goto(`/${siteId}/summary`);
    await summaryShown(cold);
    const coldLcp = await readLcp(cold);
    // Let the debounced offline-cache write land before the next visit.
    await cold.waitForTimeout(1_500);
    await cold.close();

    const warm = await newPage(context, profile);
    await warm.goto(`/${siteId}/summary`);
    await summaryShown(warm);
    const warmLcp = await readLcp(warm);
    return { cold: coldLcp, warm: warmLcp };
  } finally {
    await context.close();
  }
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

async function main(): Promise<void> {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  const profiles = (args.profiles ?? '').split(',').filter(Boolean) as Profile[];
  for (const profile of profiles) {
    if (profile !== 'localhost' && profile !== 'mobile')
      throw new Error(`unknown profile ${profile}`);
  }

  ensureBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-web-'));
  const base = `http://${HOST}:${port}`;
  console.log(`starting the server on ${base} (data in ${dataDir}) …`);
  const server = await startServer(port, dataDir);
  const browser = await chromium.launch({
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
  try {
    const rows: string[][] = [['measure', ...profiles, 'target', 'met']];
    const results = new Map<Profile, { login: LoginRun[]; cold: number[]; warm: number[] }>();
    for (const profile of profiles) {
      const result = { login: [] as LoginRun[], cold: [] as number[], warm: [] as number[] };
      for (let run = 0; run < runs; run++) {
        console.log(`  ${profile} run ${run + 1}/${runs}`);
        result.login.push(await measureLogin(browser, base, profile));
        const summary = await measureSummary(browser, base, profile);
        result.cold.push(summary.cold);
        result.warm.push(summary.warm);
      }
      results.set(profile, result);
    }
    const pick = (
      select: (result: { login: LoginRun[]; cold: number[]; warm: number[] }) => number[],
    ) =>
      profiles.map((profile) => {
        const result = results.get(profile);
        return result ? median(select(result)) : Number.NaN;
      });
    const worst = (values: number[]) => Math.max(...values);

    const graphGzip = pick((r) => r.login.map((run) => run.graphGzip));
    const graphEncoded = pick((r) => r.login.map((run) => run.graphEncoded));
    const allGzip = pick((r) => r.login.map((run) => run.allGzip));
    const allEncoded = pick((r) => r.login.map((run) => run.allEncoded));
    const files = pick((r) => r.login.map((run) => run.files));
    const loginLcp = pick((r) => r.login.map((run) => run.lcp));
    const coldLcp = pick((r) => r.cold);
    const warmLcp = pick((r) => r.warm);
    const met = (ok: boolean) => (ok ? 'yes' : 'NO');

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
    rows.push([
      'LCP /login',
      ...loginLcp.map(ms),
      `< ${TARGET_LCP_MS} ms`,
      met(worst(loginLcp) < TARGET_LCP_MS),
    ]);
    rows.push([
      'LCP /{siteId}/summary, admin, cold',
      ...coldLcp.map(ms),
      `< ${TARGET_LCP_MS} ms`,
      met(worst(coldLcp) < TARGET_LCP_MS),
    ]);
    rows.push([
      'LCP /{siteId}/summary, admin, warm (cached)',
      ...warmLcp.map(ms),
      `< ${TARGET_LCP_MS} ms`,
      met(worst(warmLcp) < TARGET_LCP_MS),
    ]);
    console.log(`\nmedian of ${runs} run(s); mobile = 150 ms RTT, 1.6 Mbit/s, CPU 4× slower\n`);
    printTable(rows);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
