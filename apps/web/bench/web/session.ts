/**
 * Signed in as the demo admin, as the console is: tokens from the API and a browser context
 * holding them where the console keeps a session.
 */
import { type Browser } from 'playwright-core';
import { ADMIN, BIG_BLOCK_LABEL, PASSWORD, type TokenSet } from './settings.ts';

export async function signIn(base: string): Promise<TokenSet> {
  return logIn(base, ADMIN, PASSWORD, 'admin sign-in');
}

/** Tokens for `user` as POST /user/login gives them; `what` names the step in the error. */
export async function logIn(
  base: string,
  user: string,
  password: string,
  what = 'login',
): Promise<TokenSet> {
  const config = (await (await fetch(`${base}/appConfig.json`)).json()) as { awsRegion: string };
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password, region: config.awsRegion }),
  });
  if (!response.ok) throw new Error(`${what} failed: ${response.status}`);
  return (await response.json()) as TokenSet;
}

export interface SiteInfo {
  id: number;
  label: string;
}

export async function apiGet<T>(base: string, token: string, url: string): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The first demo site (not Big Block, so the summary measures what it always did). */
export async function firstSiteId(base: string, token: string): Promise<number> {
  const sites = await apiGet<SiteInfo[]>(base, token, '/sites');
  const site = sites.find((candidate) => candidate.label !== BIG_BLOCK_LABEL);
  if (!site) throw new Error('the admin has no site');
  return site.id;
}

/** Opens pages signed in as the console stores a session (lib/auth-storage.ts): tokens plus uid. */
export async function signedInContext(browser: Browser, base: string, tokens: TokenSet) {
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
