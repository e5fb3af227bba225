/**
 * A fault campaign's stage (campaign.ts): a fresh database seeded with the test farm, a signed-in
 * token, and the servers a case starts and kills, each run as `npm run serve` runs it
 * (src/main.ts) with its log kept for the case's notes.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadTokenSecret } from '../src/auth/secrets.ts';
import { openDatabase, type DatabaseTarget } from '../src/db/client.ts';
import { fieldKey, gatewayUsername } from '../src/field/credentials.ts';
import { seedTestFarm } from '../test/helpers/farm.ts';
import { signedInToken } from '../test/helpers/test-app.ts';
import { freePort, sleep, type Broker, type Cluster } from './services.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(REPO, 'apps/server/src/main.ts');
const TOKEN_SECRET = randomBytes(32).toString('base64url');
export const TOPIC_ROOT = 'paddock/v1';

export type Backend = 'postgres' | 'embedded';

export type Server = { child: ChildProcess; url: string | null; log: string[]; name: string };

export type Stage = {
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

export async function stage(
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

export async function closeStage(stage: Stage) {
  for (const server of stage.servers) await stage.kill(server, 'SIGTERM');
}

/** A site gateway's connection, for its site's devices. */
export async function gateway(stage: Stage, siteId: number, name: string): Promise<MqttClient> {
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
