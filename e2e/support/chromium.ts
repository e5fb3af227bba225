/**
 * The Chromium every browser run of the repo drives (the end-to-end tests through
 * playwright.config.ts, bench:web, bench:first-start's sign-in tries): Debian's build, which
 * scripts/ensure-browser.sh installs, and the flags it is launched with. One list, so the
 * benches measure the browser the tests run and a flag added for one reaches all.
 */

/** Headless and quiet: no GPU, no QUIC, no first-run screens, none of the browser's own traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Options for Playwright's `chromium.launch` and the config's `use.launchOptions`;
 * CHROMIUM_PATH names a browser elsewhere than Debian's.
 */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  };
}
