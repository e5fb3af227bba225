/**
 * `npm run bench:api`: the read calls the console makes most, at a fixed 1,000 requests a second,
 * on each database engine. Per engine: a fresh database (a temporary PGlite folder; a temporary
 * database on the PostgreSQL server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test
 * when that answers), the demo farm plus the scale seed (500 sites × 200 radios), the real server
 * on a random port of 127.0.0.1, and autocannon against it. Prints one table at the end. Calls
 * carry the headers the console's browser sends (a bearer token; Accept-Encoding gzip, br).
 *
 * The server runs in a child process so the load generator does not share its event loop. All
 * traffic goes to 127.0.0.1; every run is bounded by its duration and the child is stopped and its
 * database removed afterwards.
 *
 * Then the mixed workload (issue 19): the console's calls in turn (sites, a site, an area's
 * radios, a sensor's series, an area's events, a site's summary) at the same rate while site
 * gateways publish readings at --ingest-rate messages a second into the same server's ingest
 * (PGlite: the embedded broker in the server process, as `npm start` runs; PostgreSQL: the
 * Mosquitto of MQTT_URL, or mqtt://127.0.0.1:1883, under a topic root of its own). The
 * publishers run in a third process. Its row prints the mix's p99 and the readings ingest
 * committed per second meanwhile.
 *
 * Options: --sites N --radios-per-site M --duration S --rate R --connections C
 *          --engines pglite,postgres --ingest-rate MSGS (5000; 0 skips the mixed workload)
 * BENCH_CPU_PROF=folder writes the server process's CPU profile (node --cpu-prof) there.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureMixed } from './api/mixed.ts';
import { cpuLine, cpuMeter, pidsOf } from './cpu-meter.ts';
import { stopServer } from './child-process.ts';
import { HOST, READY_TIMEOUT_MS, type Ready, type Row } from './api/protocol.ts';
import { publish } from './api/publisher-child.ts';
import { serve } from './api/server-child.ts';
import { parseEngines, positive, printTable, recordRows, type Engine } from './report.ts';
import { benchEngineEnv } from './temporary-postgres.ts';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    sites: { type: 'string', default: '500' },
    'radios-per-site': { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    rate: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '20' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'ingest-rate': { type: 'string', default: '5000' },
    publish: { type: 'string' },
  },
});

const ingestRate = () => Number(args['ingest-rate'] ?? 0);

function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<Ready> } {
  // BENCH_CPU_PROF=folder: the server process writes a V8 CPU profile there (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF;
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ...process.argv.slice(2)], {
    execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the server was not ready in time')),
      READY_TIMEOUT_MS,
    );
    const onReady = (message: { type?: string }) => {
      if (message.type !== 'ready') return;
      child.off('message', onReady);
      clearTimeout(timer);
      resolve(message as Ready);
    };
    child.on('message', onReady);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before it was ready`));
    });
  });
  return { child, ready };
}

/** What Chromium sends with every fetch of the console. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The bytes on the wire and their encoding (fetch would decode them, so plain http). */
function wireSize(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'] ?? 'identity', bytes }),
        );
      })
      .on('error', reject);
  });
}

async function measure(
  engine: Engine,
  ready: Ready,
  child: ChildProcess | null = null,
): Promise<Row[]> {
  const base = `http://${HOST}:${ready.port}`;
  // As the console's browser asks: signed in, and taking compressed bodies.
  const headers = { authorization: `Bearer ${ready.token}`, 'accept-encoding': BROWSER_ENCODINGS };
  const endpoints = [
    '/api/sites',
    `/api/sites/${ready.siteId}`,
    `/api/areas/${ready.areaId}/radios`,
    `/api/sites/${ready.siteId}/summary`,
  ];
  const rate = positive('rate', args.rate);
  const connections = positive('connections', args.connections);
  const duration = positive('duration', args.duration);
  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    // One plain call first: the status and size say whether the route exists and what it returns.
    const probe = await fetch(base + endpoint, {
      headers: { authorization: headers.authorization },
    });
    const body = await probe.arrayBuffer();
    const sent = await wireSize(base + endpoint, headers);
    console.log(
      `  ${engine} GET ${endpoint}: ${probe.status}, ${kib(body.byteLength)} (${sent.encoding}: ${kib(sent.bytes)})`,
    );
    // A short warm-up at the same rate, discarded: JIT, pool and caches.
    await autocannon({
      url: base + endpoint,
      headers,
      connections,
      overallRate: rate,
      duration: 2,
    });
    const cpu = cpuMeter({
      server: () => (child?.pid ? [child.pid] : []),
      postgres: () => pidsOf('postgres'),
      'load generator': () => [process.pid],
    });
    const result = await autocannon({
      url: base + endpoint,
      headers,
      connections,
      overallRate: rate,
      duration,
      timeout: 10,
    });
    console.log(`  ${engine} GET ${endpoint}: CPU in cores: ${cpuLine(cpu())}`);
    rows.push({
      engine,
      endpoint: `GET ${endpoint}`,
      status: probe.status,
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  if (ready.field && child) {
    rows.push(
      await measureMixed(engine, ready, child, headers, {
        rate: args.rate,
        duration: args.duration,
        connections: args.connections,
        ingestRate: ingestRate(),
        benchEntry: fileURLToPath(import.meta.url),
      }),
    );
  }
  return rows;
}

async function runEngine(engine: Engine): Promise<Row[] | null> {
  const store = await benchEngineEnv(engine);
  if (!store) return null;
  console.log(`${engine}: migrating and seeding…`);
  const { child, ready } = startServer(store.env);
  try {
    const server = await ready;
    console.log(`${engine}: seeded in ${server.seedSeconds.toFixed(1)} s; measuring.`);
    return await measure(engine, server, child);
  } finally {
    await stopServer(child);
    await store.remove();
  }
}

function printRows(rows: Row[]): void {
  const header = ['engine', 'endpoint', 'status', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const lines = rows.map((row) => [
    row.engine,
    row.endpoint,
    String(row.status),
    row.reqPerSec.toFixed(0),
    String(row.p50),
    String(row.p99),
    String(row.non2xx),
    String(row.errors),
  ]);
  printTable(header, lines);
}

async function main(): Promise<void> {
  const engines = parseEngines(args.engines);
  console.log(
    `API benchmark: ${args.sites} sites × ${args['radios-per-site']} radios, ${args.rate} req/s for ${args.duration} s per endpoint, ${args.connections} connections.`,
  );
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...((await runEngine(engine)) ?? []));
  printRows(rows);
  recordRows('api', rows);
  if (rows.some((row) => row.status !== 200)) {
    console.log('Some endpoints did not answer 200; their figures measure the error path.');
  }
}

if (args.publish) {
  publish(JSON.parse(args.publish) as Parameters<typeof publish>[0]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (args.serve) {
  serve({
    sites: args.sites,
    radiosPerSite: args['radios-per-site'],
    ingestRate: ingestRate(),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
