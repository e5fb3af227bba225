/** Small pieces the field tests share: a quiet log, waiting for a condition, a free port. */
import { createServer, type AddressInfo } from 'node:net';
import type { Log } from '../../src/log.ts';

export const quietLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** Resolves once `check` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nothing listens on right now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
