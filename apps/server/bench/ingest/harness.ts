/**
 * How the ingest benches (ingest.bench.ts, lorawan.bench.ts) run a measurement: fork the bench
 * script as the ingest process (ingest-child.ts, `--serve`), publish uplinks at a fixed rate from
 * this process for a window, let the backlog drain, and turn the child's figures into a row.
 * Each protocol's devices publish as they would in the field:
 * - native: one connection per site gateway, `{root}/{site}/{serialno}/up/readings`;
 * - chirpstack: one connection for the network server, ChirpStack v4's MQTT integration
 *   publishing `application/{id}/device/{devEui}/event/up` for every link's application.
 * Both publish QoS 1 (a ChirpStack integration set to qos = 1), so the broker keeps each message
 * until the subscriber acknowledges it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chirpStackUp } from '../../test/helpers/lorawan.ts';
import { connectGatewayPublisher, type GatewayPublisher } from '../gateway-publisher.ts';
import { temporaryPostgres } from '../temporary-postgres.ts';
import {
  METRICS,
  READING_STEP_MS,
  type Device,
  type Protocol,
  type Ready,
  type Report,
  type ServeOptions,
  type Setup,
} from './protocol.ts';

const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1883';

/** What a run is asked for, beside the setup and protocol. */
export type RunOptions = Omit<
  ServeOptions,
  'setup' | 'protocol' | 'dataDir' | 'databaseUrl' | 'mqttUrl'
> & {
  /** Messages per second offered. */
  rate: number;
  durationMs: number;
  warmupMs: number;
  /** Readings per native message (a ChirpStack uplink carries its probe's three). */
  readings: number;
};

export type Row = {
  setup: Setup;
  protocol: Protocol;
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

/** The publishers of a protocol's devices, and how one message of a device is sent. */
type Field = {
  publish: (device: Device, seq: number, now: number) => void;
  publishers: GatewayPublisher[];
};

async function connectField(protocol: Protocol, ready: Ready, options: RunOptions): Promise<Field> {
  const { fieldKey, SERVER_USERNAME } = await import('../../src/field/credentials.ts');
  if (protocol === 'chirpstack') {
    // The network server's integration: one connection for every application it serves.
    const networkServer = await connectGatewayPublisher(ready.brokerUrl, {
      clientId: `bench-chirpstack-${randomUUID()}`,
      username: SERVER_USERNAME,
      password: fieldKey(ready.fieldSecret, SERVER_USERNAME),
    });
    return {
      publishers: [networkServer],
      publish: (device, seq, now) => {
        const devEui = (device.devEui as string).toLowerCase();
        const applicationId = device.applicationId as string;
        const up = chirpStackUp({
          applicationId,
          devEui,
          fCnt: seq,
          // The network server's time of the frame, which it publishes at once: the publish time.
          time: new Date(now).toISOString(),
          water: (20 + (seq % 17) * 0.5).toFixed(2),
        });
        networkServer.publish(
          `application/${applicationId}/device/${devEui}/event/up`,
          JSON.stringify(up),
        );
      },
    };
  }
  const readingsPerMessage = Math.min(METRICS.length, options.readings);
  const gateways = new Map<number, GatewayPublisher>();
  for (const siteId of new Set(ready.devices.map((device) => device.siteId))) {
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
  return {
    publishers: [...gateways.values()],
    publish: (device, seq, now) => {
      const readingTime = new Date(ready.readingBase + seq * READING_STEP_MS).toISOString();
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
      gateway.publish(
        `${ready.topicRoot}/${device.siteId}/${device.serialno}/up/readings`,
        payload,
      );
    },
  };
}

async function measure(
  setup: Setup,
  protocol: Protocol,
  child: ChildProcess,
  ready: Ready,
  options: RunOptions,
): Promise<Row> {
  const { rate, durationMs: duration, warmupMs: warmup } = options;
  const field = await connectField(protocol, ready, options);

  // Round-robin over the devices, interleaving sites, so every site carries its share.
  const bySite = new Map<number, Device[]>();
  for (const device of ready.devices) {
    bySite.set(device.siteId, [...(bySite.get(device.siteId) ?? []), device]);
  }
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
    field.publish(device, seq, now);
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
  const label = `${setup} ${protocol}`;
  const failed = field.publishers.reduce((sum, publisher) => sum + publisher.unacknowledged(), 0);
  await Promise.all(field.publishers.map((publisher) => publisher.end()));
  if (failed > 0) {
    console.log(
      `  ${label}: ${failed} publishes not acknowledged by the broker when the run ended`,
    );
  }
  if (report.committed < publishedInWindow) {
    console.log(
      `  ${label}: ${publishedInWindow - report.committed} messages not stored 60 s after publishing ` +
        'stopped: a backlog, or dropped by the broker (Mosquitto drops past max_queued_messages)',
    );
  }
  if (report.deadLettered > 0) console.log(`  ${label}: ${report.deadLettered} dead letters`);
  if (report.notStored) console.log(`  ${label}: taken but not stored: ${report.notStored}`);
  if (options.rules) {
    console.log(
      `  ${label}: one set-point rule per sensor; ${report.followupsPending} batches still to evaluate at the end`,
    );
  }

  const sorted = report.latencies.slice().sort((a, b) => a - b);
  const windowSeconds = duration / 1000;
  return {
    setup,
    protocol,
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

/**
 * One measurement from a fresh database: `script` (the bench itself) is forked with
 * `--serve <options>` and must hand them to ingest-child.ts serve(). Null, said on the console,
 * when the external broker or PostgreSQL does not answer.
 */
export async function runSetup(
  script: string,
  setup: Setup,
  protocol: Protocol,
  options: RunOptions,
): Promise<Row | null> {
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
    const serve: ServeOptions = {
      sites: options.sites,
      radiosPerSite: options.radiosPerSite,
      linksPerSite: options.linksPerSite,
      batch: options.batch,
      parallel: options.parallel,
      rules: options.rules,
      setup,
      protocol,
      dataDir,
      databaseUrl: database?.url ?? null,
      mqttUrl,
    };
    // BENCH_CPU_PROF=folder: the ingest process writes a V8 CPU profile there (node --cpu-prof).
    const profile = process.env.BENCH_CPU_PROF;
    child = fork(script, ['--serve', JSON.stringify(serve)], {
      execArgv: [
        '--import',
        'tsx',
        ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await nextMessage<Ready>(child, 'ready');
    const links = new Set(ready.devices.map((device) => device.applicationId)).size;
    console.log(
      `${setup} ${protocol}: ${ready.devices.length} radios on ` +
        `${new Set(ready.devices.map((d) => d.siteId)).size} sites` +
        `${protocol === 'chirpstack' ? `, ${links} links` : ''}, broker ${ready.brokerUrl}`,
    );
    return await measure(setup, protocol, child, ready, options);
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
