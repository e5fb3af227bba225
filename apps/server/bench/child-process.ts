/** Stopping the servers a bench runs in child processes. */
import type { ChildProcess } from 'node:child_process';

/**
 * SIGTERM, so the server closes as it does in production, and SIGKILL if it has not exited 15 s
 * later; resolves once it has exited (at once if it already has).
 */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}
