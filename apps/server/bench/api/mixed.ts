/**
 * The API bench's mixed workload (issue 19): the console's calls in turn while the publisher
 * child sends readings into the same server's ingest; its row has the mix's latency and the
 * readings ingest stored per second meanwhile.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { cpuLine, cpuMeter, pidsOf } from '../cpu-meter.ts';
import { positive, type Engine } from '../report.ts';
import { HOST, type Field, type Ready, type Row, type Stats } from './protocol.ts';

export type MixedSettings = {
  rate: string | undefined;
  duration: string | undefined;
  connections: string | undefined;
  ingestRate: number;
  /** The bench's own file, which the publisher child runs with `--publish`. */
  benchEntry: string;
};

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
export async function measureMixed(
  engine: Engine,
  ready: Ready,
  child: ChildProcess,
  headers: Record<string, string>,
  settings: MixedSettings,
): Promise<Row> {
  const field = ready.field as Field;
  const rate = positive('rate', settings.rate);
  const duration = positive('duration', settings.duration);
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
    settings.benchEntry,
    ['--publish', JSON.stringify({ field, rate: settings.ingestRate, durationMs: 15 * 60_000 })],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const publisherDone = new Promise((resolve) => publisher.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    publisher.once('message', () => resolve());
    publisher.once('exit', () => reject(new Error('the publishers stopped before publishing')));
  });
  // A ramp of 3 s: ingest under way, and the series stored.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  // What ingest alone takes of the machine (no calls for 5 s), then what the mix adds: on a
  // machine whose cores are nearly all taken by ingest, the calls queue for a core.
  const meter = () =>
    cpuMeter({
      server: () => (child.pid ? [child.pid] : []),
      postgres: () => pidsOf('postgres'),
      mosquitto: () => pidsOf('mosquitto'),
      publishers: () => (publisher.pid ? [publisher.pid] : []),
      'load generator': () => [process.pid],
    });
  const ingestAlone = meter();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  console.log(`  ${engine} mixed: CPU in cores, ingest alone: ${cpuLine(ingestAlone())}`);
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
  const connections = positive('connections', settings.connections);
  await autocannon({ url: base, headers, requests, connections, overallRate: rate, duration: 2 });
  const before = await childStats(child);
  const mixCpu = meter();
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
  console.log(`  ${engine} mixed: CPU in cores, the mix: ${cpuLine(mixCpu())}`);
  publisher.send({ type: 'stop' });
  await publisherDone;
  const stored = (after.committed - before.committed) / duration;
  const deadLettered = after.deadLettered - before.deadLettered;
  if (deadLettered > 0) console.log(`  ${engine} mixed: ${deadLettered} dead letters`);
  return {
    engine,
    endpoint: `mix of the 6 calls, ingest at ${settings.ingestRate} msg/s (${stored.toFixed(0)} msg/s stored)`,
    status: Math.max(...statuses),
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
