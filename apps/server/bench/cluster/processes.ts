/**
 * The cluster bench's processes (cluster.bench.ts): each server process with its roles, HAProxy in
 * front of the api processes, and the CPU each role, the database and the broker use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../../test/helpers/field.ts';
import { cpuMeter, pidsOf } from '../cpu-meter.ts';

export const HOST = '127.0.0.1';
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `url` answers 2xx now; false while nothing listens there yet. */
export const answers = (url: string) => async () =>
  (await fetch(url).catch(() => null))?.ok === true;

export type Cluster = {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  processes: Map<string, ChildProcess>;
};

/**
 * One server process of the cluster (`npm run serve`), with its roles and instance name; answers
 * once its health check answers, or it logs that it started (a process without the api role
 * answers no HTTP). Its warnings and errors are passed on to this console.
 */
export async function startProcess(
  cluster: Cluster,
  name: string,
  roles: string,
  port: number,
): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...cluster.env,
      PADDOCK_ROLES: roles,
      PADDOCK_INSTANCE: name,
      PORT: String(port),
      PADDOCK_DATA_DIR: path.join(cluster.dataDir, name),
      // An api process is seen to start by its health check, and logs warnings only: at info it
      // would log every request twice. The others log their start at info.
      LOG_LEVEL: roles === 'api' ? 'warn' : 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cluster.processes.set(name, child);
  const started = new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      let entry: { level?: number; msg?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        entry = { level: 50, msg: line };
      }
      if (entry.msg === 'server started') resolve();
      // The console's files are the api's to serve, and no bench asks for them.
      else if ((entry.level ?? 0) >= 40 && !entry.msg?.startsWith('console not built')) {
        console.log(`  ${name}: ${line}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGTERM'), 120_000);
  // Its exit at the end of the bench is no news.
  started.catch(() => {});
  if (roles === 'api') {
    await Promise.race([waitFor(name, answers(`http://${HOST}:${port}/api/health`)), started]);
  } else {
    await started;
  }
  clearTimeout(timeout);
}

/** HAProxy in front of the api processes, round robin, each checked on /api/health. */
export function startBalancer(cluster: Cluster, port: number, apiPorts: number[]): ChildProcess {
  const config = path.join(cluster.dataDir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  option http-keep-alive',
      'frontend console',
      `  bind ${HOST}:${port}`,
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      ...apiPorts.map((apiPort, i) => `  server api-${i} ${HOST}:${apiPort} check inter 2s`),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-f', config, '-db'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cluster.processes.set('haproxy', child);
  return child;
}

/** CPU of each role's processes, the database, the broker and this process (the gateways). */
export function roleMeter(cluster: Cluster) {
  const pidsOfRole = (prefix: string) => () =>
    [...cluster.processes].flatMap(([name, child]) =>
      name.startsWith(prefix) && child.pid ? [child.pid] : [],
    );
  return cpuMeter({
    ingest: pidsOfRole('ingest-'),
    api: pidsOfRole('api-'),
    worker: pidsOfRole('worker-'),
    postgres: () => pidsOf('postgres'),
    mosquitto: () => pidsOf('mosquitto'),
    'bench (gateways)': () => [process.pid],
  });
}

/** Stops every process of the cluster (SIGTERM, SIGKILL after 15 s), the balancer first. */
export async function stopCluster(cluster: Cluster): Promise<void> {
  for (const [, child] of [...cluster.processes].reverse()) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  await Promise.all(
    [...cluster.processes.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(forced);
            resolve();
          });
        }),
    ),
  );
}
