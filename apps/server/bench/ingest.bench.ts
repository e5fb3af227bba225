/**
 * `npm run bench:ingest`: field uplinks at a fixed rate through the broker into the database, as
 * the server runs them. Prints the sustained rate (messages committed per second while devices
 * publish) and the publish-to-queryable latency (from the publish time a device puts in the
 * message to the commit of the transaction that stored it; p50, p99, max; and p99 of the
 * publish-to-arrival part, the broker's share), per setup:
 * - embedded: PGlite in a temporary data folder and the embedded broker (aedes, its LevelDB in
 *   the same folder), both inside the ingest process: what `npm start` runs;
 * - external: PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test) and
 *   Mosquitto (MQTT_URL, or mqtt://127.0.0.1:1883), skipped when either does not answer.
 *
 * The ingest runs in a child process; this process plays the site gateways (one MQTT
 * connection per site) publishing for every radio in turn, QoS 1, a few readings per message.
 * Nothing leaves 127.0.0.1; temporary folders and databases are removed afterwards.
 *
 * Options: --rate R (messages/s, 10000) --duration S (20) --warmup S (3) --sites N (8)
 *          --radios-per-site M (250) --readings K (3) --batch MESSAGES (4000) --delay MS (50)
 *          --parallel N (batches in flight on PostgreSQL, 2) --setups embedded,external
 *          --runs N (5: each setup measured N times from a fresh database; every run's row is
 *          printed, then each setup's p99 of every run, since a single run's tail is noisy)
 * BENCH_CPU_PROF=folder writes the ingest process's CPU profile (node --cpu-prof) there.
 *          --rules (one set-point alarm rule per sensor, evaluated after every committed batch by
 *          the followup worker in the same process, as `npm start` runs it)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectGatewayPublisher, type GatewayPublisher } from './gateway-publisher.ts';
import { serve } from './ingest/ingest-child.ts';
import {
  METRICS,
  READING_BASE,
  READING_STEP_MS,
  type Device,
  type Ready,
  type Report,
  type ServeOptions,
  type Setup,
} from './ingest/protocol.ts';
import { temporaryPostgres } from './temporary-postgres.ts';

const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1883';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    rate: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    sites: { type: 'string', default: '8' },
    'radios-per-site': { type: 'string', default: '250' },
    readings: { type: 'string', default: '3' },
    batch: { type: 'string', default: '4000' },
    delay: { type: 'string', default: '50' },
    parallel: { type: 'string', default: '2' },
    setups: { type: 'string', default: 'embedded,external' },
    runs: { type: 'string', default: '5' },
    rules: { type: 'boolean', default: false },
  },
});

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = netConnect({ host: hostname, port: Number(port || 1883) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the ingest process exited with code ${code}`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Row = {
  setup: string;
  offered: number;
  sustained: number;
  p50: number;
  p99: number;
  max: number;
  arrivalP99: number;
  committed: number;
  published: number;
  ingestCpu: number;
  publisherCpu: number;
  loopDelayP99: number;
  /** Share of the ingest process's time spent in GC. */
  gcShare: number;
  walBytesPerMessage: number | null;
  checkpoints: number | null;
};

async function measure(setup: Setup, child: ChildProcess, ready: Ready): Promise<Row> {
  const rate = positive('rate', args.rate);
  const duration = positive('duration', args.duration) * 1000;
  const warmup = positive('warmup', args.warmup) * 1000;
  const readingsPerMessage = Math.min(METRICS.length, positive('readings', args.readings));

  const bySite = new Map<number, Device[]>();
  for (const device of ready.devices) {
    bySite.set(device.siteId, [...(bySite.get(device.siteId) ?? []), device]);
  }
  const gateways = new Map<number, GatewayPublisher>();
  const { fieldKey } = await import('../src/field/credentials.ts');
  for (const siteId of bySite.keys()) {
    const username = `gateway-${siteId}`;
    gateways.set(
      siteId,
      await connectGatewayPublisher(ready.brokerUrl, {
        clientId: `bench-${username}-${randomUUID()}`,
        username,
        password: fieldKey(ready.fieldSecret, username),
      }),
    );
  }

  // Round-robin over the devices, interleaving sites, so every gateway carries its share.
  const order: Device[] = [];
  const lists = [...bySite.values()];
  for (let i = 0; order.length < ready.devices.length; i++) {
    for (const list of lists) if (list[i]) order.push(list[i] as Device);
  }
  const started = Date.now();
  const windowFrom = started + warmup;
  const windowTo = windowFrom + duration;
  child.send({ type: 'window', from: windowFrom, to: windowTo });

  const seqs = new Map<string, number>();
  let published = 0;
  /** Messages whose publish time (the time in the payload) falls in the window. */
  let publishedInWindow = 0;
  const publishOne = () => {
    const device = order[published % order.length] as Device;
    const seq = (seqs.get(device.serialno) ?? 0) + 1;
    seqs.set(device.serialno, seq);
    const now = Date.now();
    if (now >= windowFrom && now < windowTo) publishedInWindow++;
    const readingTime = new Date(READING_BASE + seq * READING_STEP_MS).toISOString();
    const payload = JSON.stringify({
      seq,
      time: new Date(now).toISOString(),
      readings: METRICS.slice(0, readingsPerMessage).map((metric, m) => ({
        thing: 'sensor',
        id: device.sensorId,
        metric,
        value: 20 + ((seq + m) % 17) * 0.5,
        time: readingTime,
      })),
    });
    const gateway = gateways.get(device.siteId) as GatewayPublisher;
    gateway.publish(`${ready.topicRoot}/${device.siteId}/${device.serialno}/up/readings`, payload);
    published++;
  };

  let cpuAtWindow: NodeJS.CpuUsage | null = null;
  while (Date.now() < windowTo) {
    const now = Date.now();
    if (!cpuAtWindow && now >= windowFrom) cpuAtWindow = process.cpuUsage();
    const due = Math.floor(((now - started) * rate) / 1000) - published;
    for (let i = 0; i < due; i++) publishOne();
    await sleep(2);
  }
  const publisherCpu = process.cpuUsage(cpuAtWindow ?? undefined);

  // Let the backlog drain (bounded), then ask for the figures.
  const drainUntil = Date.now() + 60_000;
  let report = await requestReport(child);
  while (report.committed < publishedInWindow && Date.now() < drainUntil) {
    await sleep(500);
    report = await requestReport(child);
  }
  const failed = [...gateways.values()].reduce((sum, gateway) => sum + gateway.unacknowledged(), 0);
  await Promise.all([...gateways.values()].map((gateway) => gateway.end()));
  if (failed > 0) {
    console.log(
      `  ${setup}: ${failed} publishes not acknowledged by the broker when the run ended`,
    );
  }
  if (report.committed < publishedInWindow) {
    console.log(
      `  ${setup}: ${publishedInWindow - report.committed} messages not stored 60 s after publishing ` +
        'stopped: a backlog, or dropped by the broker (Mosquitto drops past max_queued_messages)',
    );
  }
  if (report.deadLettered > 0) console.log(`  ${setup}: ${report.deadLettered} dead letters`);
  if (args.rules) {
    console.log(
      `  ${setup}: one set-point rule per sensor; ${report.followupsPending} batches still to evaluate at the end`,
    );
  }

  const sorted = report.latencies.slice().sort((a, b) => a - b);
  const windowSeconds = duration / 1000;
  return {
    setup,
    offered: publishedInWindow / windowSeconds,
    // Messages published in the window and committed, over the window they were published in;
    // a backlog that had to drain afterwards shows as a high latency, not as a lower rate.
    sustained: committedWithin(report, windowSeconds),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    arrivalP99: percentile(
      report.arrivals.slice().sort((a, b) => a - b),
      99,
    ),
    committed: report.committed,
    published: publishedInWindow,
    ingestCpu: report.cpuMs / duration,
    publisherCpu: (publisherCpu.user + publisherCpu.system) / 1000 / duration,
    loopDelayP99: report.loopDelayP99,
    gcShare: report.gcMs / (report.lastCommitMs - windowFrom || duration),
    walBytesPerMessage: report.walBytes === null ? null : report.walBytes / report.committed,
    checkpoints: report.checkpoints,
  };
}

/** Committed messages of the window per second of the time it took to commit them. */
function committedWithin(report: Report, windowSeconds: number): number {
  const span = Math.max(windowSeconds, (report.lastCommitMs - report.firstCommitMs) / 1000);
  return report.committed / span;
}

async function requestReport(child: ChildProcess): Promise<Report> {
  const next = nextMessage<Report>(child, 'report');
  child.send({ type: 'report' });
  return next;
}

async function runSetup(setup: Setup): Promise<Row | null> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-ingest-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let child: ChildProcess | null = null;
  try {
    let mqttUrl: string | null = null;
    if (setup === 'external') {
      mqttUrl = process.env.MQTT_URL ?? DEFAULT_MQTT_URL;
      if (!(await reachable(mqttUrl))) {
        console.log(`external: no MQTT broker answers at ${mqttUrl}; skipped.`);
        return null;
      }
      database = await temporaryPostgres();
      if (!database) {
        console.log('external: no PostgreSQL server answers; skipped.');
        return null;
      }
    }
    const options: ServeOptions = {
      setup,
      dataDir,
      databaseUrl: database?.url ?? null,
      mqttUrl,
      sites: positive('sites', args.sites),
      radiosPerSite: positive('radios-per-site', args['radios-per-site']),
      batch: {
        maxMessages: positive('batch', args.batch),
        maxDelayMs: positive('delay', args.delay),
      },
      parallel: positive('parallel', args.parallel),
      rules: args.rules === true,
    };
    // BENCH_CPU_PROF=folder: the ingest process writes a V8 CPU profile there (node --cpu-prof).
    const profile = process.env.BENCH_CPU_PROF;
    child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
      execArgv: [
        '--import',
        'tsx',
        ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await nextMessage<Ready>(child, 'ready');
    console.log(
      `${setup}: ${ready.devices.length} radios on ${new Set(ready.devices.map((d) => d.siteId)).size} sites, broker ${ready.brokerUrl}`,
    );
    return await measure(setup, child, ready);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child?.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const setups = (args.setups ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is Setup => name === 'embedded' || name === 'external');
  console.log(
    `ingest bench: ${args.rate} msg/s offered for ${args.duration} s (after ${args.warmup} s warm-up), ` +
      `${args.readings} readings per message, batches of up to ${args.batch} messages or ${args.delay} ms`,
  );
  const runs = Math.round(positive('runs', args.runs));
  const rows: (Row & { run: number })[] = [];
  for (const setup of setups) {
    for (let run = 1; run <= runs; run++) {
      const row = await runSetup(setup);
      if (!row) break;
      rows.push({ ...row, run });
    }
  }
  console.log('');
  console.log(
    'setup     run  offered/s  sustained/s  p50 ms  p99 ms  max ms  arrival p99 ms  committed/published  ingest CPU  publisher CPU  loop p99 ms  GC  WAL/msg  checkpoints',
  );
  for (const row of rows) {
    console.log(
      [
        row.setup.padEnd(9),
        String(row.run).padStart(3),
        row.offered.toFixed(0).padStart(9),
        row.sustained.toFixed(0).padStart(12),
        row.p50.toFixed(0).padStart(7),
        row.p99.toFixed(0).padStart(7),
        row.max.toFixed(0).padStart(7),
        row.arrivalP99.toFixed(0).padStart(15),
        `${row.committed}/${row.published}`.padStart(20),
        `${(row.ingestCpu * 100).toFixed(0)}%`.padStart(11),
        `${(row.publisherCpu * 100).toFixed(0)}%`.padStart(14),
        row.loopDelayP99.toFixed(0).padStart(12),
        `${(row.gcShare * 100).toFixed(0)}%`.padStart(3),
        (row.walBytesPerMessage === null
          ? '-'
          : `${(row.walBytesPerMessage / 1000).toFixed(1)} kB`
        ).padStart(8),
        (row.checkpoints === null ? '-' : String(row.checkpoints)).padStart(12),
      ].join(' '),
    );
  }
  console.log('');
  for (const setup of setups) {
    const mine = rows.filter((row) => row.setup === setup);
    if (mine.length === 0) continue;
    const p99s = mine.map((row) => row.p99.toFixed(0));
    const worst = Math.max(...mine.map((row) => row.p99));
    const slowest = Math.min(...mine.map((row) => row.sustained));
    console.log(
      `${setup}: p99 of each run ${p99s.join(', ')} ms (worst ${worst.toFixed(0)}); ` +
        `lowest sustained ${slowest.toFixed(0)} msg/s`,
    );
  }
  console.log(
    '\nembedded: PGlite + aedes in the ingest process; external: PostgreSQL + Mosquitto. ' +
      'Latency: device publish time to the commit that made the message queryable; arrival: ' +
      'publish time to the message reaching ingest (the broker and the sockets). Loop p99: how ' +
      "late the ingest process's timers ran; WAL/msg: PostgreSQL's WAL per message stored, and " +
      'checkpoints begun during the run (after one, latency climbs while pages are logged whole).',
  );
}

if (args.serve) {
  await serve(JSON.parse(args.serve) as ServeOptions);
} else {
  await main();
}
