/**
 * `npm run bench:cluster` (issue 34 item 4; docs/scaling.md): Paddock run as a cluster on this
 * machine, the recipe of docs/scaling.md at small scale. Against a temporary PostgreSQL database
 * and the machine's Mosquitto it starts 1 worker, 2 api and 2 ingest processes (`npm run serve`
 * with PADDOCK_ROLES, each its own PADDOCK_INSTANCE), and Debian's HAProxy in front of the api
 * processes (scripts/ensure-haproxy.sh installs it). Then:
 *
 * 1. ingest: site gateways publish soil-probe uplinks at --rate for --duration, first with one
 *    ingest process running, then with the second started beside it (the broker's shared
 *    subscription splits the uplinks); printed side by side: messages stored per second and how
 *    long the last took to be stored after publishing stopped;
 * 2. api: the console's six calls of the mixed workload (api/mixed.ts) through the balancer at
 *    --api-rate for --api-duration while the gateways publish at half --rate; printed: requests per
 *    second, p50 and p99, and how the balancer shared them.
 *
 * Options: --sites N (100) --radios-per-site M (200) --publishing-sites K (8) --rate R (6000)
 *          --duration S (20) --api-rate R (500) --api-duration S (15) --connections N (20)
 * Nothing leaves 127.0.0.1; the database, the folders and the processes are removed afterwards.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_LOGIN, DEMO_PASSWORD } from '@paddock/domain/demo';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.ts';
import { fieldKey } from '../src/field/credentials.ts';
import { seedScale } from '../src/seed/scale.ts';
import { cpuLine } from './cpu-meter.ts';
import { connectGatewayPublisher, type GatewayPublisher } from './gateway-publisher.ts';
import { METRICS } from './ingest/protocol.ts';
import { insertProbes, type ProbeRow } from './probes.ts';
import { positive } from './report.ts';
import { temporaryPostgres } from './temporary-postgres.ts';
import { freePort, waitFor } from '../test/helpers/field.ts';
import {
  answers,
  HOST,
  roleMeter,
  ROOT,
  sleep,
  startBalancer,
  startProcess,
  stopCluster,
  type Cluster,
} from './cluster/processes.ts';

const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const READINGS_PER_MESSAGE = 3;
const READINGS_FROM = Date.now() - 3 * 24 * 60 * 60 * 1000;

const { values: args } = parseArgs({
  options: {
    sites: { type: 'string', default: '100' },
    'radios-per-site': { type: 'string', default: '200' },
    'publishing-sites': { type: 'string', default: '8' },
    rate: { type: 'string', default: '6000' },
    duration: { type: 'string', default: '20' },
    'api-rate': { type: 'string', default: '500' },
    'api-duration': { type: 'string', default: '15' },
    connections: { type: 'string', default: '20' },
  },
});

/** The gateways of the publishing sites, each one MQTT connection as in the field. */
async function connectGateways(probes: ProbeRow[], fieldSecret: string) {
  const gateways = new Map<number, GatewayPublisher>();
  for (const siteId of new Set(probes.map((probe) => probe.site_id))) {
    const username = `gateway-${siteId}`;
    gateways.set(
      siteId,
      await connectGatewayPublisher(MQTT_URL, {
        clientId: `bench-cluster-${username}-${randomUUID()}`,
        username,
        password: fieldKey(fieldSecret, username),
      }),
    );
  }
  return gateways;
}

async function readingCount(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    handle.db,
    sql`select count(*)::float8 as count from readings`,
  );
  return Number(row?.count ?? 0);
}

/**
 * Publishes at `rate` for `durationMs` round-robin over the probes (each message three readings
 * at a time of its own), and returns once every message is stored or 60 s after publishing ended.
 */
async function publishAndCount(
  handle: DatabaseHandle,
  probes: ProbeRow[],
  gateways: Map<number, GatewayPublisher>,
  options: { rate: number; durationMs: number; topicRoot: string; seqs: Map<string, number> },
): Promise<{ published: number; stored: number; seconds: number; drainSeconds: number }> {
  const before = await readingCount(handle);
  const started = Date.now();
  let published = 0;
  while (Date.now() - started < options.durationMs) {
    const due = Math.floor(((Date.now() - started) * options.rate) / 1000) - published;
    for (let i = 0; i < due; i++) {
      const probe = probes[published % probes.length] as ProbeRow;
      const seq = (options.seqs.get(probe.serialno) ?? 0) + 1;
      options.seqs.set(probe.serialno, seq);
      // Distinct times per message, a minute apart from three days ago: each reading is new, as a
      // probe's every report is, and lands in a month's partition as the field's do.
      const time = new Date(READINGS_FROM + seq * 60_000).toISOString();
      const readings = METRICS.slice(0, READINGS_PER_MESSAGE).map((metric, m) => ({
        thing: 'sensor',
        id: probe.sensor_id,
        metric,
        value: 20 + m,
        time,
      }));
      (gateways.get(probe.site_id) as GatewayPublisher).publish(
        `${options.topicRoot}/${probe.site_id}/${probe.serialno}/up/readings`,
        JSON.stringify({ seq, time: new Date().toISOString(), readings }),
      );
      published++;
    }
    await sleep(2);
  }
  const ended = Date.now();
  const expected = before + published * READINGS_PER_MESSAGE;
  let count = await readingCount(handle);
  while (count < expected && Date.now() - ended < 60_000) {
    await sleep(250);
    count = await readingCount(handle);
  }
  const done = Date.now();
  return {
    published,
    stored: (count - before) / READINGS_PER_MESSAGE,
    seconds: (done - started) / 1000,
    drainSeconds: (done - ended) / 1000,
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // The region the servers announce (PADDOCK_REGION's default), as the console sends it.
    body: JSON.stringify({ user: BENCH_LOGIN, password: DEMO_PASSWORD, region: 'ap-southeast-2' }),
  });
  if (!response.ok) throw new Error(`sign-in through the balancer answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

type Settings = {
  sites: number;
  radiosPerSite: number;
  publishingSites: number;
  rate: number;
  durationMs: number;
  apiRate: number;
  apiDuration: number;
  connections: number;
};

function settings(): Settings {
  return {
    sites: positive('sites', args.sites),
    radiosPerSite: positive('radios-per-site', args['radios-per-site']),
    publishingSites: positive('publishing-sites', args['publishing-sites']),
    rate: positive('rate', args.rate),
    durationMs: positive('duration', args.duration) * 1000,
    apiRate: positive('api-rate', args['api-rate']),
    apiDuration: positive('api-duration', args['api-duration']),
    connections: positive('connections', args.connections),
  };
}

/** The scale seed's sites and a soil probe on every radio of the publishing sites. */
async function seed(handle: DatabaseHandle, options: Settings) {
  const started = Date.now();
  const seeded = await seedScale(handle.db, {
    sites: options.sites,
    radiosPerSite: options.radiosPerSite,
    now: new Date(),
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  const probes = await insertProbes(handle.db, seeded.siteIds.slice(0, options.publishingSites));
  await handle.db.execute(sql`vacuum analyze`);
  console.log(
    `  seeded ${seeded.siteIds.length} sites and ${probes.length} probes in ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return { ...seeded, probes };
}

type Publishing = Parameters<typeof publishAndCount>[3];

/** Phase 1: the same load with one ingest process, then with a second started beside it. */
async function measureIngest(
  cluster: Cluster,
  handle: DatabaseHandle,
  field: { probes: ProbeRow[]; gateways: Map<number, GatewayPublisher>; publishing: Publishing },
  secondIngestPort: number,
) {
  const { probes, gateways, publishing } = field;
  let cpu = roleMeter(cluster);
  const one = { ...(await publishAndCount(handle, probes, gateways, publishing)), cpu: cpu() };
  await startProcess(cluster, 'ingest-1', 'ingest', secondIngestPort);
  cpu = roleMeter(cluster);
  const two = { ...(await publishAndCount(handle, probes, gateways, publishing)), cpu: cpu() };
  console.log('\ningest (messages of 3 readings), CPU in cores while publishing and storing:');
  const roles = Object.keys(one.cpu);
  console.log(
    `  | ingest processes | offered msg/s | stored msg/s | stored | last stored after | ${roles.join(' | ')} |`,
  );
  console.log(`  |---|---|---|---|---|${roles.map(() => '---|').join('')}`);
  for (const [count, row] of [
    [1, one],
    [2, two],
  ] as const) {
    console.log(
      `  | ${count} | ${(row.published / (publishing.durationMs / 1000)).toFixed(0)} | ` +
        `${(row.stored / row.seconds).toFixed(0)} | ${row.stored}/${row.published} | ` +
        `${row.drainSeconds.toFixed(1)} s | ` +
        `${roles.map((role) => (row.cpu[role] ?? 0).toFixed(2)).join(' | ')} |`,
    );
  }
}

/** Phase 2: the console's six calls through the balancer while the field publishes at half rate. */
async function measureApi(
  cluster: Cluster,
  handle: DatabaseHandle,
  baseUrl: string,
  target: { siteId: number; areaId: number; sensorId: number },
  field: { probes: ProbeRow[]; gateways: Map<number, GatewayPublisher>; publishing: Publishing },
  options: Settings,
) {
  const headers = { authorization: `Bearer ${await signIn(baseUrl)}` };
  const { siteId, areaId, sensorId } = target;
  const requests = [
    { method: 'GET', path: '/api/sites' },
    { method: 'GET', path: `/api/sites/${siteId}` },
    { method: 'GET', path: `/api/areas/${areaId}/radios` },
    { method: 'GET', path: `/api/sensors/${sensorId}/series?metric=soil.moisture` },
    { method: 'GET', path: `/api/sites/${siteId}/summary` },
    {
      method: 'POST',
      path: `/api/areas/${areaId}/events`,
      body: '{}',
      headers: { ...headers, 'content-type': 'application/json' },
    },
  ];
  const background = publishAndCount(handle, field.probes, field.gateways, {
    ...field.publishing,
    rate: options.rate / 2,
    durationMs: (options.apiDuration + 4) * 1000,
  });
  const load = { url: baseUrl, headers, requests, connections: options.connections };
  await autocannon({ ...load, overallRate: options.apiRate, duration: 2 });
  const cpu = roleMeter(cluster);
  const result = await autocannon({
    ...load,
    overallRate: options.apiRate,
    duration: options.apiDuration,
    timeout: 10,
  });
  const apiCpu = cpu();
  const stored = await background;
  console.log(
    `\napi through HAProxy (2 api processes), ${options.apiRate} req/s offered, the six console ` +
      `calls, ingest at ${options.rate / 2} msg/s (${(stored.stored / stored.seconds).toFixed(0)} stored/s):`,
  );
  console.log(
    `  ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log(`  CPU in cores: ${cpuLine(apiCpu)}`);
}

async function main(): Promise<void> {
  const options = settings();
  const installed = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-haproxy.sh')], {
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error('HAProxy is not installed and could not be');
  const database = await temporaryPostgres();
  if (!database) throw new Error('no PostgreSQL server answers (DATABASE_URL)');
  const fieldSecret = randomBytes(32).toString('base64url');
  const topicRoot = `paddock-cluster/${randomUUID().slice(0, 8)}`;
  const cluster: Cluster = {
    dataDir: mkdtempSync(path.join(tmpdir(), 'paddock-cluster-')),
    processes: new Map(),
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      MQTT_URL,
      FIELD_SECRET: fieldSecret,
      FIELD_TOPIC_ROOT: topicRoot,
      PADDOCK_TOKEN_SECRET: randomBytes(32).toString('base64url'),
      PADDOCK_ENVIRONMENT: 'production',
      BUGSNAG_API_KEY: 'bench',
      HOST,
    },
  };
  let handle: DatabaseHandle | null = null;
  try {
    console.log(
      `cluster bench: ${options.sites} sites × ${options.radiosPerSite} radios, gateways of ` +
        `${options.publishingSites} sites publishing ${options.rate} msg/s ` +
        `(${READINGS_PER_MESSAGE} readings each) for ${options.durationMs / 1000} s`,
    );
    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 }, () => {});
    const seeded = await seed(handle, options);
    const [workerPort, api0, api1, ingest0, ingest1, balancerPort] = (await Promise.all(
      Array.from({ length: 6 }, freePort),
    )) as [number, number, number, number, number, number];
    await startProcess(cluster, 'worker-0', 'worker', workerPort);
    await startProcess(cluster, 'api-0', 'api', api0);
    await startProcess(cluster, 'api-1', 'api', api1);
    await startProcess(cluster, 'ingest-0', 'ingest', ingest0);
    startBalancer(cluster, balancerPort, [api0, api1]);
    const baseUrl = `http://${HOST}:${balancerPort}`;
    await waitFor('the balancer', answers(`${baseUrl}/api/health`));

    const field = {
      probes: seeded.probes,
      gateways: await connectGateways(seeded.probes, fieldSecret),
      publishing: {
        rate: options.rate,
        durationMs: options.durationMs,
        topicRoot,
        seqs: new Map<string, number>(),
      },
    };
    await measureIngest(cluster, handle, field, ingest1);
    const target = {
      siteId: seeded.siteIds[0] as number,
      areaId: seeded.areaIds[0] as number,
      sensorId: seeded.probes[0]?.sensor_id as number,
    };
    await measureApi(cluster, handle, baseUrl, target, field, options);
    await Promise.all([...field.gateways.values()].map((gateway) => gateway.end()));
  } finally {
    await stopCluster(cluster);
    await handle?.close();
    await database.drop();
    rmSync(cluster.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
