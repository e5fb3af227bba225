/**
 * The server as a process of its own (src/main.ts), for the tests that kill it and start it
 * again on the same data: its database and data folder, starting it, stopping it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '../../src/db/client.ts';
import { createScratchDatabase } from './database.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(REPO, 'apps/server/src/main.ts');

export type ServerData = {
  dataDir: string;
  /** A new database on DATABASE_URL's server, or PGlite in the data folder, outliving a kill. */
  target: DatabaseTarget;
  /** Drops the database and removes the data folder. */
  remove: () => Promise<void>;
};

export async function createServerData(prefix: string): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : null;
  return {
    dataDir,
    target: scratch
      ? { kind: 'postgres', url: scratch.url, poolSize: 2 }
      : { kind: 'pglite', dataDir },
    remove: async () => {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server; resolves when its log has a line containing `logLine`. */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  logLine: string,
): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(logLine)) {
        started.stdout?.off('data', onData);
        started.stdout?.resume();
        resolve();
      }
    };
    started.stdout?.on('data', onData);
    started.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return started;
}

/** Sends `signal` and resolves once the process has exited (at once if it already has). */
export async function stopProcess(
  process: ChildProcess,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => process.once('exit', () => resolve()));
  process.kill(signal);
  await exited;
}
