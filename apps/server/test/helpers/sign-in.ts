/** Signing in to a server that runs on its own (a child process, a devstack), as the console does. */
import { DEMO_PASSWORD } from '@paddock/domain/demo';

/**
 * A demo person's bearer token from the server at `base` (POST /api/user/login with the demo
 * password); throws when the server refuses.
 */
export async function demoToken(
  base: string,
  login: string,
  region = 'ap-southeast-2',
): Promise<string> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: login, password: DEMO_PASSWORD, region }),
  });
  if (!response.ok) throw new Error(`sign-in of ${login} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
