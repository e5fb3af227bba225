/**
 * The first-start bench's browser side: Chromium, one timed sign-in of the demo admin in a cold
 * browser context, tries of it at a steady pace with a row printed for each, and the worst of
 * their times against the target.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD } from '@paddock/domain/demo';
import { chromium, errors, type Browser, type Request } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../../e2e/support/chromium.ts';
import { ADMIN } from './constants.ts';

const TARGET_MS = 2_000;
/** Each step of a try (the login form, the sign-in) gives up after this. */
const STEP_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// One sign-in try in Chromium

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/** A step's time in ms, or why it has none. */
type StepResult = number | 'timeout' | 'failed' | 'not tried';

export interface TryResult {
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

    // Signed in (§2 /): / goes on to the default site, whose page is its summary or an area's.
    const landing = page
      .getByRole('heading', { level: 2, name: 'Summary' })
      .or(page.getByRole('tablist', { name: 'Area pages' }))
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

export function printHeader(background: string): void {
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
export function worst(results: readonly TryResult[], step: 'loginForm' | 'signIn'): string {
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
export async function tryEvery(
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
