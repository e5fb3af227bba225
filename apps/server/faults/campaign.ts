/**
 * `npm run faults`: the faults a farm's night brings, each done to a running server while devices
 * report, then counted (issue 19). Every case starts from a fresh database and brokers of the
 * campaign's own (services.ts: its own PostgreSQL cluster and Mosquitto, never the machine's), runs
 * the server as `npm run serve` does (src/main.ts, killed with SIGKILL where the case says so),
 * and prints one row: readings lost (acknowledged by the broker and never stored), duplicated
 * (counted twice in the rollups), seconds from the fault's end until a ping completes again,
 * double actuations (a control one request opened twice), and requests left stuck.
 *
 * `-- --quick` runs the short subset `npm test` runs (test/faults/campaign.test.ts: a server
 * kill -9 on PostgreSQL + Mosquitto, a Mosquitto kill of 3 s, a PostgreSQL restart; the embedded
 * kill -9 is field/ingest-crash.test.ts); `-- --cases a,b` picks cases by name.
 */
import { downlinkTopic, uplinkTopic } from '@paddock/domain';
import { publishConfirmed } from '@paddock/simulator';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadTokenSecret } from '../src/auth/secrets.ts';
import { openDatabase, queryRows, type DatabaseTarget } from '../src/db/client.ts';
import { fieldKey, gatewayUsername } from '../src/field/credentials.ts';
import { seedTestFarm } from '../test/helpers/farm.ts';
import { signedInToken } from '../test/helpers/test-app.ts';
import {
  freePort,
  postgresFolder,
  sleep,
  startCluster,
  startMosquitto,
  type Broker,
  type Cluster,
} from './services.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(REPO, 'apps/server/src/main.ts');
const TOKEN_SECRET = randomBytes(32).toString('base64url');
const TOPIC_ROOT = 'paddock/v1';
const BASE_TIME = Date.parse('2026-11-21T00:00:00.000Z');
/** Device streams, each this many messages this far apart. */
const STREAMS = 4;
const MESSAGES = 300;
const INTERVAL_MS = 25;

export type CaseResult = {
  name: string;
  lost: number;
  duplicated: number;
  recoverSeconds: number | null;
  doubleActuations: number;
  /** Zones of a run whose every command was acknowledged done that did not end irrigated. */
  wrongZones: number;
  stuck: number;
  note: string;
};

type Backend = 'postgres' | 'embedded';

type Server = { child: ChildProcess; url: string | null; log: string[]; name: string };

type Stage = {
  root: string;
  backend: Backend;
  cluster: Cluster | null;
  broker: Broker | null;
  target: DatabaseTarget;
  env: NodeJS.ProcessEnv;
  farm: Awaited<ReturnType<typeof seedTestFarm>>;
  token: string;
  servers: Server[];
  api: () => string;
  start: (name: string, extra?: NodeJS.ProcessEnv) => Promise<Server>;
  kill: (server: Server, signal?: NodeJS.Signals) => Promise<void>;
};

async function stage(
  root: string,
  backend: Backend,
  cluster: Cluster | null,
  broker: Broker | null,
  databaseName: string,
  tablespace: string | null = null,
): Promise<Stage> {
  const dataDir = path.join(root, `data-${databaseName}`);
  mkdirSync(dataDir, { recursive: true });
  let target: DatabaseTarget;
  if (backend === 'postgres' && cluster) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(
      `CREATE DATABASE ${databaseName}${tablespace ? ` TABLESPACE ${tablespace}` : ''}`,
    );
    await admin.end();
    target = { kind: 'postgres', url: cluster.url.replace(/\/postgres$/, `/${databaseName}`) };
  } else {
    target = { kind: 'pglite', dataDir };
  }
  const handle = await openDatabase(target);
  const farm = await seedTestFarm(handle.db);
  const secret = await loadTokenSecret(handle.db, TOKEN_SECRET);
  const token = await signedInToken(handle.db, secret, {
    userId: farm.users.admin.id,
    actorUserId: null,
    sessionTtlSeconds: 24 * 3600,
    accessTtlSeconds: 24 * 3600,
    now: new Date(),
  });
  await handle.close();

  const embeddedPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    PADDOCK_DATA_DIR: dataDir,
    PADDOCK_TOKEN_SECRET: TOKEN_SECRET,
    FIELD_SECRET: 'f'.repeat(40),
    FIELD_TOPIC_ROOT: TOPIC_ROOT,
    MQTT_PORT: String(embeddedPort),
    COMMAND_TIMEOUT_SECONDS: '30',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
    ...(broker ? { MQTT_URL: broker.url } : {}),
  };
  const servers: Server[] = [];
  const self: Stage = {
    root,
    backend,
    cluster,
    broker,
    target,
    env,
    farm,
    token,
    servers,
    api: () => {
      const up = servers.find(
        (server) =>
          server.url && server.child.exitCode === null && server.child.signalCode === null,
      );
      if (!up?.url) throw new Error('the server exited: no API server running');
      return up.url;
    },
    start: async (name, extra = {}) => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: REPO,
        env: { ...env, PORT: String(port), ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const server: Server = { child, url: null, log: [], name };
      const roles = (extra.PADDOCK_ROLES ?? 'api,ingest,worker').split(',');
      let buffered = '';
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        server.log.push(...lines);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      servers.push(server);
      const ready = (line: string) =>
        roles.includes('ingest') ? line.includes('ingest subscribed') : line.includes('job queue');
      for (let waited = 0; ; waited += 50) {
        if (child.exitCode !== null) {
          throw new Error(`${name} exited at start:\n${server.log.slice(-20).join('\n')}`);
        }
        if (server.log.some(ready)) break;
        if (waited > 60_000) throw new Error(`${name} did not start`);
        await sleep(50);
      }
      if (roles.includes('api')) {
        server.url = `http://127.0.0.1:${port}`;
        for (let waited = 0; waited < 30_000; waited += 100) {
          const answer = await fetch(`${server.url}/api/health`).catch(() => null);
          if (answer?.ok) break;
          await sleep(100);
        }
      }
      return server;
    },
    kill: async (server, signal = 'SIGKILL') => {
      const { child } = server;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
  return self;
}

async function closeStage(stage: Stage) {
  for (const server of stage.servers) await stage.kill(server, 'SIGTERM');
}

/** A site gateway's connection, for its site's devices. */
async function gateway(stage: Stage, siteId: number, name: string): Promise<MqttClient> {
  const username = gatewayUsername(siteId);
  const url = stage.broker?.url ?? `mqtt://127.0.0.1:${stage.env.MQTT_PORT}`;
  return mqtt.connectAsync(url, {
    clientId: `faults-${name}-${randomBytes(4).toString('hex')}`,
    username,
    password: fieldKey(stage.env.FIELD_SECRET as string, username),
    clean: false,
    // As the simulator's devices (and mqtt.js by default).
    reconnectPeriod: 1000,
    protocolVersion: stage.broker ? 5 : 4,
    ...(stage.broker ? { properties: { sessionExpiryInterval: 3600 } } : {}),
  });
}

/** The devices of site A answer every command: accepted, then done. */
async function answerCommands(stage: Stage): Promise<MqttClient> {
  const siteId = stage.farm.sites.a.id;
  const client = await gateway(stage, siteId, 'acks');
  await client.subscribeAsync(`${TOPIC_ROOT}/${siteId}/+/down/command`, { qos: 1 });
  client.on('message', (topic, payload) => {
    const serialno = topic.split('/').at(-3) as string;
    let commandId: string;
    try {
      commandId = (JSON.parse(payload.toString('utf8')) as { commandId: string }).commandId;
    } catch {
      return;
    }
    const ack = uplinkTopic(TOPIC_ROOT, siteId, serialno, 'ack');
    for (const phase of ['accepted', 'done'] as const) {
      client.publish(ack, JSON.stringify({ commandId, phase, time: new Date().toISOString() }), {
        qos: 1,
      });
    }
  });
  void downlinkTopic;
  return client;
}

type Streams = { acked: number; resent: number; done: Promise<void>; metrics: string[] };

/** Sequenced readings from site A's soil sensor, counted as the broker acknowledges them. */
async function publishReadings(stage: Stage, tag: string): Promise<Streams> {
  const siteId = stage.farm.sites.a.id;
  const sensorId = stage.farm.sensors.soil.id;
  const state: Streams = { acked: 0, resent: 0, done: Promise.resolve(), metrics: [] };
  const runs: Promise<void>[] = [];
  for (let s = 0; s < STREAMS; s++) {
    const metric = `faults.${tag}.${s}`;
    state.metrics.push(metric);
    const device = await gateway(stage, siteId, `stream-${s}`);
    const topic = uplinkTopic(TOPIC_ROOT, siteId, 'R-1001', 'readings');
    runs.push(
      (async () => {
        const sent: Promise<void>[] = [];
        for (let seq = 0; seq < MESSAGES; seq++) {
          const payload = JSON.stringify({
            seq,
            time: new Date(BASE_TIME + seq * 1000).toISOString(),
            readings: [{ thing: 'sensor', id: sensorId, metric, value: seq }],
          });
          // As the simulator's devices: over MQTT 5 a reading the broker took with no subscriber
          // (a broker back from a crash before ingest) is sent again (docs/field-protocol.md).
          sent.push(
            publishConfirmed(device, topic, payload, {
              onResend: () => state.resent++,
            }).then(
              () => {
                state.acked++;
              },
              () => {},
            ),
          );
          await sleep(INTERVAL_MS);
        }
        await Promise.all(sent);
        await device.endAsync();
      })(),
    );
  }
  state.done = Promise.all(runs).then(() => {});
  return state;
}

async function call(stage: Stage, method: string, url: string, body?: unknown) {
  const response = await fetch(`${stage.api()}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${stage.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

/** Pings radio R-1001 until a ping completes; answers the seconds it took, or null. */
async function pingUntilDone(stage: Stage, limitMs = 120_000): Promise<number | null> {
  const radioId = stage.farm.radios.radio1.id;
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    try {
      const sent = await call(stage, 'POST', `/radios/${radioId}/ping`);
      const id = (sent.body as { id?: number } | null)?.id;
      if (sent.status === 202 && id) {
        for (let polls = 0; polls < 20; polls++) {
          await sleep(500);
          const request = await call(stage, 'GET', `/radios/${radioId}/requests/${id}`);
          const status = (request.body as { status?: string } | null)?.status;
          if (status === 'done') return (Date.now() - started) / 1000;
          if (status === 'failed') break;
        }
      }
    } catch {
      // The API is away: try again.
    }
    await sleep(500);
  }
  return null;
}

/** A control test (a valve opens for a while): answers whether its request completed. */
async function valveTest(stage: Stage): Promise<boolean> {
  const controlId = stage.farm.controls.valve1.id;
  const sent = await call(stage, 'POST', `/controls/${controlId}/test`);
  const id = (sent.body as { id?: number } | null)?.id;
  if (!id) return false;
  for (let polls = 0; polls < 60; polls++) {
    await sleep(500);
    // Following the request up with its id sends nothing again.
    const followed = await call(stage, 'POST', `/controls/${controlId}/test`, { requestId: id });
    const status = (followed.body as { status?: string } | null)?.status;
    if (status === 'done') return true;
    if (status === 'failed') return false;
  }
  return false;
}

async function withDatabase<T>(
  stage: Stage,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase(
    stage.target.kind === 'postgres' ? { ...stage.target, poolSize: 1 } : stage.target,
  );
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** Readings the broker acknowledged and never stored, and readings counted twice. */
async function countReadings(stage: Stage, streams: Streams) {
  const rows = await withDatabase(stage, (db) =>
    queryRows<{ metric: string; readings: number; rolled: number }>(
      db,
      sql`select s.metric, count(r.*)::int as readings,
                 coalesce((select sum(ru.count)::int from reading_rollups ru where ru.series_id = s.id), 0) as rolled
          from series s left join readings r on r.series_id = s.id
          where s.metric = any(${sql.param(streams.metrics)}::text[])
          group by s.id, s.metric`,
    ),
  );
  const stored = rows.reduce((sum, row) => sum + row.readings, 0);
  const rolled = rows.reduce((sum, row) => sum + row.rolled, 0);
  return { stored, duplicated: Math.max(0, rolled - stored) };
}

/** Controls a request opened more than once, and requests still new or pending. */
async function countActuations(stage: Stage) {
  return withDatabase(stage, async (db) => {
    const [doubles] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select request_id, control from field_commands,
                   jsonb_array_elements(payload->'controls') control
            where action = 'open' and request_id is not null
            group by request_id, control having count(*) > 1) twice`,
    );
    const [stuck] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from requests where status in ('new', 'pending')
          and updated_at < now() - interval '90 seconds'`,
    );
    return { doubleActuations: doubles?.n ?? 0, stuck: stuck?.n ?? 0 };
  });
}

/** What a fault found itself: stuck jobs or requests, zones that ended wrongly. */
type FaultOutcome = { note: string; stuck?: number; wrongZones?: number };

type CaseSpec = {
  name: string;
  backend: Backend;
  tablespace?: boolean;
  /** Starts the servers; by default one with every role. */
  servers?: (stage: Stage) => Promise<void>;
  /** Does the fault while readings flow; answers a note for the table, or more. */
  fault: (stage: Stage) => Promise<string | FaultOutcome>;
};

async function runCase(
  spec: CaseSpec,
  shared: { root: string; cluster: Cluster | null; index: number },
): Promise<CaseResult> {
  const database = `faults_${shared.index}_${randomBytes(3).toString('hex')}`;
  // A broker per case: sessions a case leaves behind (a killed process's) would otherwise take
  // their share of the next case's uplinks.
  const broker =
    spec.backend === 'postgres'
      ? await startMosquitto(path.join(shared.root, database, 'mosquitto'))
      : null;
  const stageOf = await stage(
    path.join(shared.root, database),
    spec.backend,
    spec.backend === 'postgres' ? shared.cluster : null,
    broker,
    database,
    spec.tablespace ? 'small' : null,
  );
  const clients: MqttClient[] = [];
  try {
    if (spec.servers) await spec.servers(stageOf);
    else await stageOf.start('server');
    clients.push(await answerCommands(stageOf));
    const streams = await publishReadings(stageOf, database);
    while (streams.acked < (STREAMS * MESSAGES) / 4) await sleep(20);

    const outcome = await spec.fault(stageOf);
    const {
      note,
      stuck = 0,
      wrongZones = 0,
    } = typeof outcome === 'string' ? { note: outcome } : outcome;
    const recoverSeconds = await pingUntilDone(stageOf);
    const valveOk = await valveTest(stageOf);
    await streams.done;

    // Wait for ingest to store what the broker took (or give up after a while).
    let counted = { stored: 0, duplicated: 0 };
    for (let waited = 0; waited < 60_000; waited += 2000) {
      if (stageOf.backend === 'embedded') {
        // One process per PGlite folder: stop the server to look, start it again to go on.
        await sleep(2000);
        for (const server of stageOf.servers) await stageOf.kill(server, 'SIGTERM');
        counted = await countReadings(stageOf, streams);
        if (counted.stored >= streams.acked) break;
        await stageOf.start('server');
      } else {
        counted = await countReadings(stageOf, streams);
        if (counted.stored >= streams.acked) break;
        await sleep(2000);
      }
    }
    const actuations = await countActuations(stageOf);
    return {
      name: spec.name,
      lost: Math.max(0, streams.acked - counted.stored),
      duplicated: counted.duplicated,
      recoverSeconds,
      doubleActuations: actuations.doubleActuations,
      wrongZones,
      stuck: actuations.stuck + stuck,
      note: [
        note,
        streams.resent > 0 ? `devices sent ${streams.resent} uplinks again` : '',
        recoverSeconds === null ? 'PING NOT DONE' : 'ping done',
        valveOk ? 'valve test done' : 'VALVE TEST NOT DONE',
      ]
        .filter(Boolean)
        .join('; '),
    };
  } catch (error) {
    for (const server of stageOf.servers) {
      process.stderr.write(
        `--- ${server.name}, last lines:\n${server.log.slice(-15).join('\n')}\n`,
      );
    }
    throw error;
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await closeStage(stageOf);
    await broker?.kill();
    // FAULTS_LOGS=folder keeps every server's log of every case there.
    const logs = process.env.FAULTS_LOGS;
    if (logs) {
      mkdirSync(logs, { recursive: true });
      stageOf.servers.forEach((server, i) =>
        writeFileSync(
          path.join(logs, `${spec.name.replace(/\W+/g, '-')}-${i}-${server.name}.log`),
          server.log.join('\n'),
        ),
      );
    }
  }
}

/** The server's log lines that parse as JSON with this message. */
function logged(server: Server, text: string): boolean {
  return server.log.some((line) => line.includes(text));
}

/**
 * A killed worker is started again under its instance name after 2 s, as systemd or Kubernetes
 * would: its broker session (its share of the acks) comes back with it.
 */
async function restartLikeASupervisor(stage: Stage, victim: Server) {
  await sleep(2000);
  await stage.start(`${victim.name}-restarted`, {
    PADDOCK_ROLES: 'worker',
    PADDOCK_INSTANCE: victim.name,
  });
}

/** Answers what the API said while the database was away (status and message), once. */
async function apiWhileAway(stage: Stage): Promise<string> {
  try {
    const answer = await call(stage, 'GET', `/radios/${stage.farm.radios.radio1.id}`);
    const health = await fetch(`${stage.api()}/api/health`).then((r) => r.status);
    const message = (answer.body as { message?: string } | null)?.message ?? '';
    return `meanwhile ${answer.status} "${message}", health ${health}`;
  } catch (error) {
    return `meanwhile no answer (${String(error)})`;
  }
}

const aliveNote = (stage: Stage) =>
  stage.servers.every((server) => server.child.exitCode === null && !server.child.signalCode)
    ? 'server stayed up'
    : 'SERVER EXITED';

const CASES: (CaseSpec & { quick?: boolean })[] = [
  {
    name: 'server kill -9 during ingest (embedded)',
    backend: 'embedded',
    fault: async (stage) => {
      const [server] = stage.servers;
      if (server) await stage.kill(server);
      await stage.start('server');
      return '';
    },
  },
  {
    name: 'server kill -9 during ingest (PostgreSQL + Mosquitto)',
    backend: 'postgres',
    quick: true,
    fault: async (stage) => {
      const [server] = stage.servers;
      if (server) await stage.kill(server);
      await stage.start('server');
      return '';
    },
  },
  ...[3, 10].map((seconds) => ({
    name: `Mosquitto kill -9 for ${seconds} s`,
    backend: 'postgres' as const,
    quick: seconds === 3,
    fault: async (stage: Stage) => {
      await stage.broker?.kill();
      await sleep(seconds * 1000);
      await stage.broker?.start();
      return '';
    },
  })),
  {
    name: 'PostgreSQL restart',
    backend: 'postgres',
    quick: true,
    fault: async (stage) => {
      stage.cluster?.restart();
      await sleep(1000);
      return aliveNote(stage);
    },
  },
  {
    name: 'PostgreSQL stop for 30 s',
    backend: 'postgres',
    fault: async (stage) => {
      stage.cluster?.stop();
      await sleep(5000);
      const meanwhile = await apiWhileAway(stage);
      await sleep(25_000);
      stage.cluster?.start();
      return `${meanwhile}; ${aliveNote(stage)}`;
    },
  },
  {
    name: 'worker killed while settling a command',
    backend: 'postgres',
    servers: async (stage) => {
      await stage.start('api', { PADDOCK_ROLES: 'api,ingest', PADDOCK_INSTANCE: 'api' });
      await stage.start('worker-1', { PADDOCK_ROLES: 'worker', PADDOCK_INSTANCE: 'worker-1' });
      await stage.start('worker-2', { PADDOCK_ROLES: 'worker', PADDOCK_INSTANCE: 'worker-2' });
    },
    fault: async (stage) => {
      // A program test (each zone 60 s, every command answered done); the worker that settles
      // its first command is killed the moment it says so.
      const programId = stage.farm.programs.a.id;
      const workers = stage.servers.filter((server) => server.name.startsWith('worker'));
      await call(stage, 'POST', `/programs/${programId}/test`, {});
      let victim: Server | undefined;
      for (let waited = 0; !victim && waited < 30_000; waited += 2) {
        victim = workers.find((worker) => logged(worker, 'command settled'));
        await sleep(2);
      }
      if (!victim) return 'no settlement seen';
      await stage.kill(victim);
      const killedAt = Date.now();
      await restartLikeASupervisor(stage, victim);
      await sleep(25_000);
      const [active] = await withDatabase(stage, (db) =>
        queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pgboss.job
              where name = 'field-command-settled' and state = 'active'`,
        ),
      );
      // The run ends once every zone has had its test time.
      let activity = 'running';
      while (activity !== 'stopped' && Date.now() - killedAt < 400_000) {
        await sleep(2000);
        const [program] = await withDatabase(stage, (db) =>
          queryRows<{ activity: string }>(
            db,
            sql`select status->>'activity' as activity from programs where id = ${programId}`,
          ),
        );
        activity = program?.activity ?? 'gone';
      }
      const seconds = Math.round((Date.now() - killedAt) / 1000);
      const [wrong] = await withDatabase(stage, (db) =>
        queryRows<{ zones: number; faulted: number }>(
          db,
          sql`select
                (select count(*)::int from programs p, jsonb_array_elements(p.zones) zone
                 where p.id = ${programId}
                   and (zone->'application'->>'irrigated') is distinct from 'true') as zones,
                (select count(*)::int from controls
                 where application->>'hasFaults' = 'true') as faulted`,
        ),
      );
      return {
        note:
          `${victim.name} killed; settlement jobs active 25 s later: ${active?.n ?? 0}; ` +
          `run ${activity} ${seconds} s after the kill; faulted valves: ${wrong?.faulted ?? 0}`,
        stuck: active?.n ?? 0,
        wrongZones: (wrong?.zones ?? 0) + (wrong?.faulted ?? 0),
      };
    },
  },
  {
    name: 'worker killed while claiming a program request',
    backend: 'postgres',
    servers: async (stage) => {
      await stage.start('api', { PADDOCK_ROLES: 'api,ingest', PADDOCK_INSTANCE: 'api' });
      await stage.start('worker-1', { PADDOCK_ROLES: 'worker', PADDOCK_INSTANCE: 'worker-1' });
      await stage.start('worker-2', { PADDOCK_ROLES: 'worker', PADDOCK_INSTANCE: 'worker-2' });
    },
    fault: async (stage) => {
      const programId = stage.farm.programs.a.id;
      const workers = stage.servers.filter((server) => server.name.startsWith('worker'));
      const started = await call(stage, 'POST', `/programs/${programId}/test`, {});
      const id = (started.body as { requestId?: number } | null)?.requestId;
      let victim: Server | undefined;
      for (let waited = 0; !victim && waited < 30_000; waited += 1) {
        victim = workers.find((worker) =>
          worker.log.some(
            (line) => line.includes('"dispatch"') && line.includes(`"requestId":${id}`),
          ),
        );
        await sleep(1);
      }
      if (!victim) return `request ${id} never dispatched`;
      await stage.kill(victim);
      const killedAt = Date.now();
      await restartLikeASupervisor(stage, victim);
      let status = 'pending';
      while (Date.now() - killedAt < 90_000) {
        const rows = await withDatabase(stage, (db) =>
          queryRows<{ status: string }>(db, sql`select status from requests where id = ${id}`),
        );
        status = rows[0]?.status ?? 'gone';
        if (status !== 'pending' && status !== 'new') break;
        await sleep(1000);
      }
      const seconds = Math.round((Date.now() - killedAt) / 1000);
      await call(stage, 'POST', `/programs/${programId}/pause`, {});
      return {
        note: `${victim.name} killed; the request was ${status} ${seconds} s later`,
        stuck: status === 'pending' || status === 'new' ? 1 : 0,
      };
    },
  },
  {
    name: 'replaced ingest instance',
    backend: 'postgres',
    servers: async (stage) => {
      await stage.start('api', { PADDOCK_ROLES: 'api,worker', PADDOCK_INSTANCE: 'api' });
      // The ingest process under its default instance name, as one is usually deployed.
      await stage.start('ingest', { PADDOCK_ROLES: 'ingest' });
    },
    fault: async (stage) => {
      // Its machine is gone for good; a redeploy starts a replacement elsewhere.
      const gone = stage.servers.find((server) => server.name === 'ingest');
      if (gone) await stage.kill(gone);
      await sleep(3000);
      await stage.start('ingest-replacement', { PADDOCK_ROLES: 'ingest' });
      return 'replacement started under the default instance name';
    },
  },
  {
    name: 'full disk',
    backend: 'postgres',
    tablespace: true,
    fault: async (stage) => {
      const filler = path.join(SMALL_DISK, 'filler');
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' });
      } catch {
        // dd ends with "No space left on device": the disk is full.
      }
      await sleep(8000);
      // A full disk may refuse even this read (a new connection writes files too): say so.
      const meanwhile = await withDatabase(stage, (db) =>
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from dead_letters`),
      ).then(
        (rows) => String(rows[0]?.n),
        (error: unknown) =>
          `not countable (${(error instanceof Error ? error.message : String(error)).slice(0, 80)})`,
      );
      unlinkSync(filler);
      // Dead letters made meanwhile are stored again by ingest's next replay (30 s).
      await sleep(35_000);
      const after = await withDatabase(stage, (db) =>
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from dead_letters`),
      );
      return `dead letters while full: ${meanwhile}, after: ${after[0]?.n}`;
    },
  },
];

let SMALL_DISK = '';

/** A small filesystem for the full-disk case: a tmpfs when this user may mount one. */
function mountSmallDisk(root: string): string | null {
  const folder = path.join(root, 'small-disk');
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', folder], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const space = path.join(folder, 'space');
  postgresFolder(space);
  return folder;
}

function formatTable(results: CaseResult[]): string {
  const header = [
    'case',
    'lost',
    'duplicated',
    'recover s',
    'double actuations',
    'wrong zone results',
    'stuck',
    'note',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.lost),
    String(r.duplicated),
    r.recoverSeconds === null ? 'never' : r.recoverSeconds.toFixed(1),
    String(r.doubleActuations),
    String(r.wrongZones),
    String(r.stuck),
    r.note,
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

export async function runCampaign(options: { quick: boolean; only: string[] | null }) {
  const root = mkdtempSync(path.join(tmpdir(), 'paddock-faults-'));
  // The cluster's user (postgres, when this runs as root) must reach its folders inside.
  chmodSync(root, 0o755);
  const cases = CASES.filter((spec) =>
    options.only
      ? options.only.some((name) => spec.name.toLowerCase().includes(name.toLowerCase()))
      : !options.quick || spec.quick,
  );
  let cluster: Cluster | null = null;
  let small: string | null = null;
  const results: CaseResult[] = [];
  try {
    if (cases.some((spec) => spec.backend === 'postgres')) {
      cluster = await startCluster(path.join(root, 'postgres'));
    }
    if (cases.some((spec) => spec.tablespace) && cluster) {
      small = mountSmallDisk(root);
      if (small) {
        SMALL_DISK = small;
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        await admin.query(`CREATE TABLESPACE small LOCATION '${path.join(small, 'space')}'`);
        await admin.end();
      }
    }
    for (const [index, spec] of cases.entries()) {
      if (spec.tablespace && !small) {
        results.push({
          name: spec.name,
          lost: 0,
          duplicated: 0,
          recoverSeconds: null,
          doubleActuations: 0,
          wrongZones: 0,
          stuck: 0,
          note: 'SKIPPED: mounting a small tmpfs needs root',
        });
        continue;
      }
      const started = Date.now();
      process.stderr.write(`faults: ${spec.name}…\n`);
      try {
        results.push(await runCase(spec, { root, cluster, index }));
      } catch (error) {
        results.push({
          name: spec.name,
          lost: -1,
          duplicated: -1,
          recoverSeconds: null,
          doubleActuations: -1,
          wrongZones: -1,
          stuck: -1,
          note: `CASE FAILED: ${String(error).split('\n')[0]}`,
        });
        process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      }
      process.stderr.write(
        `faults: ${spec.name}: ${Math.round((Date.now() - started) / 1000)} s: ` +
          `${JSON.stringify(results.at(-1))}\n`,
      );
    }
  } finally {
    try {
      cluster?.stop('immediate');
    } catch {
      // Already stopped.
    }
    if (small) execFileSync('umount', ['-l', small], { stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  }
  return results;
}

/** A case passes with nothing lost, duplicated, actuated twice or stuck, and a ping again. */
export function passed(result: CaseResult): boolean {
  return (
    result.lost === 0 &&
    result.duplicated === 0 &&
    result.doubleActuations === 0 &&
    result.wrongZones === 0 &&
    result.stuck === 0 &&
    result.recoverSeconds !== null &&
    !/NOT DONE|FAILED|EXITED/.test(result.note)
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const casesArg = args.indexOf('--cases');
  const only = casesArg >= 0 ? (args[casesArg + 1] ?? '').split(',') : null;
  const results = await runCampaign({ quick: args.includes('--quick'), only });
  console.log(formatTable(results));
  writeFileSync(path.join(tmpdir(), 'paddock-faults-last.json'), JSON.stringify(results, null, 2));
  process.exit(results.every(passed) ? 0 : 1);
}
