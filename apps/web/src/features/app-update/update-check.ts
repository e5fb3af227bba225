/**
 * Is a newer console deployed? (§4 "update available", §2 user menu Apply Update.) The spec does
 * not say how an update is detected. Decision: every build names its entry script with a content
 * hash (`/assets/index-<hash>.js`) in index.html, so a deployed update is an index.html whose entry
 * script differs from the one this page started with. No server support or version file is needed.
 */

/** How often index.html is checked (ours; the spec names no interval). */
export const APP_UPDATE_CHECK_MS = 5 * 60_000;

const MODULE_SCRIPT = /<script\b[^>]*\btype=["']module["'][^>]*>/i;
const SRC = /\bsrc=["']([^"']+)["']/i;

/** The entry script of an index.html text, or null when there is none. */
export function buildIdOf(html: string): string | null {
  const tag = MODULE_SCRIPT.exec(html)?.[0];
  return tag ? (SRC.exec(tag)?.[1] ?? null) : null;
}

/** The entry script this page was started with. */
export function currentBuildId(doc: Document = document): string | null {
  return doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/** An update is pending when both builds are known and differ. */
export function isUpdatePending(current: string | null, latest: string | null): boolean {
  return current !== null && latest !== null && current !== latest;
}

/** The entry script of the index.html the server serves now (never from a cache). */
export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const response = await fetchImpl('/', { cache: 'no-store', headers: { accept: 'text/html' } });
  if (!response.ok) return null;
  return buildIdOf(await response.text());
}
