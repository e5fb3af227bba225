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
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Database } from '../src/db/client.ts';
import { connectGatewayPublisher, type GatewayPublisher } from './gateway-publisher.ts';
import { parseEngines, positive, printTable, type Engine } from './report.ts';
import { temporaryPostgres } from './temporary-postgres.ts';

const HOST = '127.0.0.1';
/** Seeding 100,000 radios takes about a minute; anything past this is a hang. */
const READY_TIMEOUT_MS = 15 * 60_000;

/** A device ingest takes readings of: a soil probe on a radio. */
type Device = { siteId: number; serialno: string; sensorId: number };

/** Where the publishers of the mixed workload send, and as whom. */
type Field = { brokerUrl: string; topicRoot: string; fieldSecret: string; devices: Device[] };

/** What the server child reports once it is seeded and listening. */
type Ready = {
  type: 'ready';
  port: number;
  token: string;
  siteId: number;
  areaId: number;
  seedSeconds: number;
  /** Null when the mixed workload is off. */
  field: Field | null;
};

/** Messages ingest has committed so far (the child answers a `stats` message). */
type Stats = { type: 'stats'; committed: number; deadLettered: number };

/** Sites whose radios get a probe and publish in the mixed workload. */
const PUBLISHING_SITES = 8;

type Row = {
  engine: Engine;
  endpoint: string;
  status: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

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

/** The child: migrate, seed, serve, report. Stops on SIGTERM from the parent. */
async function serve(): Promise<void> {
  // Loaded here, not at the top: the parent only generates load and never needs the server.
  const [app_, config_, sessions, accessToken, passwords, demo, demoAccounts, scale] =
    await Promise.all([
      import('../src/app.ts'),
      import('../src/config.ts'),
      import('../src/auth/sessions.ts'),
      import('../src/auth/access-token.ts'),
      import('../src/auth/passwords.ts'),
      import('../src/seed/demo-farm.ts'),
      import('@paddock/domain/demo'),
      import('../src/seed/scale.ts'),
    ]);
  const { sql } = await import('drizzle-orm');
  const { buildApp } = app_;
  const { loadConfig } = config_;
  const { createSession } = sessions;
  const { signAccessToken } = accessToken;
  const { hashPassword } = passwords;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    // Measured as it runs for users: production writes responses without re-validating them.
    PADDOCK_ENVIRONMENT: 'production',
    BUGSNAG_API_KEY: process.env.BUGSNAG_API_KEY || 'bench',
    HOST,
    PORT: '0',
    // Long enough that the token outlives seeding and every run.
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  const app = await buildApp(config);
  const { db } = app.ctx;
  const now = new Date();
  const started = Date.now();
  const passwordHash = await hashPassword(demoAccounts.DEMO_PASSWORD);
  await demo.seedDemoFarm(db, { now, passwordHash });
  const seeded = await scale.seedScale(db, {
    sites: positive('sites', args.sites),
    radiosPerSite: positive('radios-per-site', args['radios-per-site']),
    now,
    passwordHash,
    log: (line) => console.log(`  ${line}`),
  });
  const seedSeconds = (Date.now() - started) / 1000;
  // Settle what a fresh load of 100,000 rows leaves for the background (autovacuum, a checkpoint)
  // so it does not land inside a measured run; a running farm is past that point.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {
    // Only a superuser (or pg_checkpoint) may; the figures are then only noisier.
  });

  // Signed in the way the test app does it: a session row and an access token for it.
  const session = await createSession(db, {
    userId: seeded.benchUserId,
    actorUserId: null,
    ttlSeconds: config.refreshTokenTtlSeconds,
    now: new Date(),
  });
  const { token } = await signAccessToken(
    { userId: seeded.benchUserId, sessionId: session.sessionId, actorUserId: null },
    app.ctx.tokenSecret,
    config.accessTokenTtlSeconds,
    Date.now(),
  );
  await app.listen({ host: HOST, port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');

  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  const middle = Math.floor(seeded.siteIds.length / 2);
  const siteId = seeded.siteIds[middle] ?? 0;
  const field = ingestRate() > 0 ? await startBenchIngest(db, seeded.siteIds.slice(middle)) : null;
  process.once('SIGTERM', () => void field?.close());
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stats' || !field) return;
    const stats = field.stats();
    process.send?.({
      type: 'stats',
      committed: stats.committed,
      deadLettered: stats.deadLettered,
    } satisfies Stats);
  });
  const ready: Ready = {
    type: 'ready',
    port: address.port,
    token,
    siteId,
    areaId: seeded.areaIds[middle] ?? 0,
    seedSeconds,
    field: field?.field ?? null,
  };
  process.send?.(ready);
}

/**
 * Ingest in the server's process, as one process with every role runs it: a soil probe on every
 * radio of a few sites, the embedded broker on PGlite (the Mosquitto of MQTT_URL on PostgreSQL),
 * and ingest subscribed.
 */
async function startBenchIngest(db: Database, siteIds: number[]) {
  const [{ queryRows }, { startEmbeddedBroker }, { serverLogin }, { startIngest }] =
    await Promise.all([
      import('../src/db/client.ts'),
      import('../src/field/broker.ts'),
      import('../src/field/connection.ts'),
      import('../src/ingest/ingest.ts'),
    ]);
  const { sql } = await import('drizzle-orm');
  const sites = siteIds.slice(0, PUBLISHING_SITES);
  const rows = await queryRows<{ site_id: number; serialno: string; sensor_id: number }>(
    db,
    sql`
    with probes as (
      insert into sensors (site_id, area_id, type, radio_id, unit_id, tags, topics, label, serialno)
      select site_id, area_id, 'soilMoisture', id, unit_id, '{}'::jsonb, '[]'::jsonb,
             'Probe ' || serialno, 'P-' || serialno
      from radios where site_id = any(${sql.param(sites)}::int[])
      returning id, radio_id
    )
    select r.site_id, r.serialno, p.id as sensor_id from probes p join radios r on r.id = p.radio_id
    order by r.id`,
  );
  const devices = rows.map((row) => ({
    siteId: row.site_id,
    serialno: row.serialno,
    sensorId: row.sensor_id,
  }));
  const fieldSecret = randomBytes(32).toString('base64url');
  const external = process.env.DATABASE_URL !== undefined;
  const topicRoot = external ? `paddock-bench/${randomUUID()}` : 'paddock/v1';
  const siteOf = new Map(devices.map((device) => [device.serialno, device.siteId]));
  const embedded = external
    ? null
    : await startEmbeddedBroker({
        port: 0,
        host: HOST,
        dataDir: process.env.PADDOCK_DATA_DIR ?? null,
        topicRoot,
        fieldSecret,
        deviceSite: async (serialno) => siteOf.get(serialno) ?? null,
      });
  const brokerUrl = embedded?.url ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const quiet = () => {};
  const ingest = await startIngest({
    db,
    clock: { now: () => new Date() },
    log: { info: quiet, warn: quiet, error: (o, m) => console.error(`  ingest: ${m}`, o) },
    broker: serverLogin({ url: brokerUrl, kind: embedded ? 'embedded' : 'external', fieldSecret }),
    topicRoot,
    clientId: `paddock-bench-${randomUUID()}`,
    sessionExpirySeconds: 60,
  });
  return {
    field: { brokerUrl, topicRoot, fieldSecret, devices } satisfies Field,
    stats: () => ingest.stats(),
    close: async () => {
      await ingest.close();
      await embedded?.close();
    },
  };
}

/**
 * The publisher child of the mixed workload: one connection per site gateway, readings of every
 * probe in turn at the given rate (QoS 1), until the parent says stop (or the given time has
 * passed, should the parent be gone), then it exits.
 */
async function publish(input: { field: Field; rate: number; durationMs: number }) {
  const { field, rate, durationMs } = input;
  const { fieldKey } = await import('../src/field/credentials.ts');
  // The ingest bench's lean gateways: mqtt.js would take a tenth of a core at 5,000 messages a
  // second from the server being measured on this one machine.
  const gateways = new Map<number, GatewayPublisher>();
  for (const siteId of new Set(field.devices.map((device) => device.siteId))) {
    const username = `gateway-${siteId}`;
    gateways.set(
      siteId,
      await connectGatewayPublisher(field.brokerUrl, {
        clientId: `bench-api-${username}-${randomUUID()}`,
        username,
        password: fieldKey(field.fieldSecret, username),
      }),
    );
  }
  const base = Date.parse('2020-01-01T00:00:00.000Z');
  const started = Date.now();
  let published = 0;
  let stopped = false;
  process.once('message', () => {
    stopped = true;
  });
  // The parent waits for this before it measures: under load, starting this process and
  // connecting takes seconds.
  process.send?.({ type: 'publishing' });
  while (!stopped && Date.now() - started < durationMs) {
    const due = Math.floor(((Date.now() - started) * rate) / 1000) - published;
    for (let i = 0; i < due; i++) {
      const device = field.devices[published % field.devices.length] as Device;
      const seq = Math.floor(published / field.devices.length) + 1;
      const time = new Date(base + seq * 600_000).toISOString();
      const payload = JSON.stringify({
        seq,
        time: new Date().toISOString(),
        readings: ['soil.moisture', 'soil.temperature', 'soil.ec'].map((metric, m) => ({
          thing: 'sensor',
          id: device.sensorId,
          metric,
          value: 20 + ((seq + m) % 17) * 0.5,
          time,
        })),
      });
      (gateways.get(device.siteId) as GatewayPublisher).publish(
        `${field.topicRoot}/${device.siteId}/${device.serialno}/up/readings`,
        payload,
      );
      published++;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  // Acknowledgements still in flight get up to 5 s.
  const unacknowledged = () =>
    [...gateways.values()].reduce((sum, gateway) => sum + gateway.unacknowledged(), 0);
  for (let waited = 0; unacknowledged() > 0 && waited < 5000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const missing = unacknowledged();
  await Promise.all([...gateways.values()].map((gateway) => gateway.end()));
  console.log(
    `  publishers: ${published} sent, ${published - missing} acknowledged, ${missing} not acknowledged`,
  );
  process.exit(0);
}

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

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
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
    const result = await autocannon({
      url: base + endpoint,
      headers,
      connections,
      overallRate: rate,
      duration,
      timeout: 10,
    });
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
  if (ready.field && child) rows.push(await measureMixed(engine, ready, child, headers));
  return rows;
}

async function childStats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    const onStats = (message: { type?: string }) => {
      if (message.type !== 'stats') return;
      child.off('message', onStats);
      resolve(message as Stats);
    };
    child.on('message', onStats);
    child.send({ type: 'stats' });
  });
}

/** The console's calls in turn at --rate while gateways publish at --ingest-rate. */
async function measureMixed(
  engine: Engine,
  ready: Ready,
  child: ChildProcess,
  headers: Record<string, string>,
): Promise<Row> {
  const field = ready.field as Field;
  const rate = positive('rate', args.rate);
  const duration = positive('duration', args.duration);
  const sensorId = field.devices.find((device) => device.siteId === ready.siteId)?.sensorId;
  const paths = [
    '/api/sites',
    `/api/sites/${ready.siteId}`,
    `/api/areas/${ready.areaId}/radios`,
    `/api/sensors/${sensorId ?? field.devices[0]?.sensorId}/series?metric=soil.moisture`,
    `/api/sites/${ready.siteId}/summary`,
  ];
  // The events of an area are a POST (its filter in an optional body).
  const eventsPath = `/api/areas/${ready.areaId}/events`;
  const base = `http://${HOST}:${ready.port}`;
  const json = { ...headers, 'content-type': 'application/json' };
  type Call = { method: string; path: string; body?: string; headers?: Record<string, string> };
  const requests: Call[] = [
    ...paths.map((url) => ({ method: 'GET', path: url })),
    { method: 'POST', path: eventsPath, body: '{}', headers: json },
  ];
  // Publishers until the measured window has ended (told so below): the calls alone and the
  // warm-up take as long as the load makes them, and ingest must be under load all through the
  // window. The time given is only a bound should this process die.
  const publisher = fork(
    fileURLToPath(import.meta.url),
    ['--publish', JSON.stringify({ field, rate: ingestRate(), durationMs: 15 * 60_000 })],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const publisherDone = new Promise((resolve) => publisher.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    publisher.once('message', () => resolve());
    publisher.once('exit', () => reject(new Error('the publishers stopped before publishing')));
  });
  // A ramp of 3 s: ingest under way, and the series stored.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  // Every call answers 200 once readings flow (the series exists once ingest stored one).
  // Each call alone, one after another (the median of 5): what each costs under the ingest load.
  const statuses: number[] = [];
  for (const request of requests) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const answer = await fetch(base + request.path, {
        method: request.method,
        headers: request.headers ?? headers,
        ...(request.body ? { body: request.body } : {}),
      });
      await answer.arrayBuffer();
      times.push(performance.now() - started);
      status = answer.status;
    }
    statuses.push(status);
    const median = times.sort((a, b) => a - b)[2] ?? Number.NaN;
    console.log(
      `  ${engine} mixed: ${request.method} ${request.path}: ${status}, ${median.toFixed(1)} ms alone`,
    );
  }
  const connections = positive('connections', args.connections);
  await autocannon({ url: base, headers, requests, connections, overallRate: rate, duration: 2 });
  const before = await childStats(child);
  const result = await autocannon({
    url: base,
    headers,
    requests,
    connections,
    overallRate: rate,
    duration,
    timeout: 10,
  });
  const after = await childStats(child);
  publisher.send({ type: 'stop' });
  await publisherDone;
  const stored = (after.committed - before.committed) / duration;
  const deadLettered = after.deadLettered - before.deadLettered;
  if (deadLettered > 0) console.log(`  ${engine} mixed: ${deadLettered} dead letters`);
  return {
    engine,
    endpoint: `mix of the 6 calls, ingest at ${ingestRate()} msg/s (${stored.toFixed(0)} msg/s stored)`,
    status: Math.max(...statuses),
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function runEngine(engine: Engine): Promise<Row[] | null> {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-'));
    env = { ...process.env, PADDOCK_DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const database = await temporaryPostgres();
    if (!database) {
      console.log('postgres: no server answers; skipped.');
      return null;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-'));
    env = { ...process.env, DATABASE_URL: database.url, PADDOCK_DATA_DIR: dataDir };
    cleanup = async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  console.log(`${engine}: migrating and seeding…`);
  const { child, ready } = startServer(env);
  try {
    const server = await ready;
    console.log(`${engine}: seeded in ${server.seedSeconds.toFixed(1)} s; measuring.`);
    return await measure(engine, server, child);
  } finally {
    await stopServer(child);
    await cleanup();
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
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
