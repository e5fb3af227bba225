/**
 * bench:web's login page (its JavaScript and LCP) and summary page (LCP cold and warm).
 */
import { type Browser } from 'playwright-core';
import { coldAndWarmLcp, indexModuleGraph, jsResources, newPage, readLcp } from './page-tools.ts';
import { firstSiteId } from './session.ts';
import { type JsResource, type Profile } from './settings.ts';

export interface LoginRun {
  readonly lcp: number;
  readonly graphGzip: number;
  readonly graphEncoded: number;
  readonly allGzip: number;
  readonly allEncoded: number;
  readonly files: number;
}

export async function measureLogin(
  browser: Browser,
  base: string,
  profile: Profile,
): Promise<LoginRun> {
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

/** LCP of the summary page, cold (new profile) then warm (same profile, offline cache filled). */
export async function measureSummary(
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
