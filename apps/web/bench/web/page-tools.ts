/**
 * What every bench:web measure does in the page: the profile's network and CPU, LCP, the JS a page
 * loaded and its gzip size, a cold then warm load signed in, and (BENCH_TRACE=1) where a cold
 * page's time went.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { signedInContext, signIn } from './session.ts';
import { DIST, type JsResource, LCP_SETTLE_MS, type Profile } from './settings.ts';

/** The files index.html loads before anything runs: the entry script and its modulepreloads. */
export function indexModuleGraph(): Set<string> {
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

export async function newPage(context: BrowserContext, profile: Profile): Promise<Page> {
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
export async function emulateProfile(page: Page, profile: Profile): Promise<void> {
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

export async function readLcp(page: Page): Promise<number> {
  await page.waitForTimeout(LCP_SETTLE_MS);
  return page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
}

export async function jsResources(page: Page, origin: string): Promise<JsResource[]> {
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

/**
 * LCP of `url` signed in, cold (a new page of a fresh profile) and warm (the same profile again:
 * HTTP and offline caches filled), each once `shown` says the page's content is there.
 */
export async function coldAndWarmLcp(
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

/**
 * BENCH_TRACE=1: where a cold page's time went (Telemetry, and the summary, add-ons and weather
 * pages), for finding what holds its LCP back: when the document was parsed, each script and API
 * call started and ended (resource timing, ms from navigation start), and what the LCP element
 * was.
 */
export async function timeline(page: Page): Promise<string> {
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
