/**
 * bench:web's stack: the built console, the demo farm seeded into a fresh data folder, and the
 * real server (with the devstack's simulator) on a free port of 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { isolatedDevstackEnv } from '../../../devstack/src/isolated-env.ts';
import { DIST, HOST, READY_TIMEOUT_MS, ROOT, TELEMETRY_RADIOS } from './settings.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export function ensureBuilt(): void {
  if (existsSync(path.join(DIST, 'index.html'))) return;
  console.log('apps/web/dist is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

export function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST,
    LOG_LEVEL: 'warn',
    ...isolatedDevstackEnv(dataDir),
    WEB_DIST: DIST,
  };
}

/**
 * The demo farm, and Big Block when the irrigation page is measured, seeded into the new data
 * folder before the devstack starts: it only seeds an empty database, and its simulator takes
 * the sites that exist when it starts.
 */
export function seed(dataDir: string, bigArea: boolean, scaleSite: boolean): void {
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/devstack/src/seed-cli.ts',
      ...(bigArea ? ['--big-irrigation-area'] : []),
      ...(scaleSite ? ['--sites', '1', '--radios-per-site', String(TELEMETRY_RADIOS)] : []),
    ],
    { cwd: ROOT, env: serverEnv(dataDir), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error(`the seed failed with code ${seeded.status}`);
}

/** `env` adds to the server's settings (e.g. the fleet's server: the API alone, no simulator). */
export async function startServer(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/devstack/src/main.ts'], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir), ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://${HOST}:${port}/appConfig.json`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server was not ready in time');
}
