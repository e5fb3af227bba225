/**
 * `node --import tsx apps/server/bench/idle-connections.bench.ts`: 20,000 idle connections held
 * against the server, and whether it still answers. The server (every role, embedded database and
 * broker, the HTTP_* limits at their defaults) runs in a child process on 127.0.0.1 with a fresh
 * data folder; this process opens the connections (TCP, never a byte sent), then asks
 * GET /api/health on a new connection until it answers and connects to the MQTT broker, and
 * prints how long each took. `--limits off` runs the same against a server without them (the
 * behaviour before the limits: no answer while the connections are held).
 *
 * This process needs a file per connection: with a lower open-file limit (`ulimit -n`) it opens
 * that many less a margin, and says so. Not part of the tests: it takes a minute and most of the
 * machine's open files.
 *
 * The server runs with an open-file limit of 10,000 (`--server-open-files`), below the number of
 * connections, as on the machine where 20,000 of them stopped it.
 *
 * Options: --connections N (20000) --limits on|off --wait S (seconds to wait for an answer, 90)
 *          --server-open-files N (10000)
 */
import mqtt from 'mqtt';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fieldKey, SERVER_USERNAME } from '../src/field/credentials.ts';
import { positive } from './report.ts';

const HOST = '127.0.0.1';
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '20000' },
    limits: { type: 'string', default: 'on' },
    wait: { type: 'string', default: '90' },
    'server-open-files': { type: 'string', default: '10000' },
  },
});
const wanted = positive('connections', args.connections);
const waitMs = positive('wait', args.wait) * 1000;
const limitsOn = args.limits !== 'off';
const serverFiles = positive('server-open-files', args['server-open-files']);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Files this process may open (Node raised its soft limit to the hard one; children inherit it). */
function openFileLimit(): number {
  const text = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from `start` until `attempt` succeeds, or null after the wait. */
async function secondsUntil(
  start: number,
  attempt: () => Promise<boolean>,
): Promise<number | null> {
  while (Date.now() - start < waitMs) {
    if (await attempt().catch(() => false)) return (Date.now() - start) / 1000;
    await sleep(250);
  }
  return null;
}

async function healthAnswers(port: number): Promise<boolean> {
  const response = await fetch(`http://${HOST}:${port}/api/health`, {
    signal: AbortSignal.timeout(2000),
    headers: { connection: 'close' },
  });
  return response.ok;
}

async function brokerAnswers(port: number, fieldSecret: string): Promise<boolean> {
  const client = mqtt.connect(`mqtt://${HOST}:${port}`, {
    clientId: `bench-${randomBytes(4).toString('hex')}`,
    username: SERVER_USERNAME,
    password: fieldKey(fieldSecret, SERVER_USERNAME),
    reconnectPeriod: 0,
    connectTimeout: 2000,
  });
  // mqtt.js never settles connectAsync when a connection times out without reconnecting.
  const connected = await new Promise<boolean>((resolve) => {
    client.once('connect', () => resolve(true));
    client.once('error', () => resolve(false));
    setTimeout(() => resolve(false), 2000);
  });
  await client.endAsync(true);
  return connected;
}

async function main(): Promise<void> {
  const limit = openFileLimit();
  const count = Math.min(wanted, limit - 200);
  if (count < wanted) {
    console.log(`ulimit -n is ${limit}: opening ${count} connections instead of ${wanted}`);
  }
  const port = await freePort();
  const mqttPort = await freePort();
  const fieldSecret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-idle-bench-'));
  const unlimited = {
    HTTP_HEADERS_TIMEOUT_SECONDS: '86400',
    HTTP_REQUEST_TIMEOUT_SECONDS: '86400',
    HTTP_IDLE_TIMEOUT_SECONDS: '86400',
    HTTP_MAX_CONNECTIONS: '1000000',
  };
  // A shell lowers the server's open-file limit below the connections, as on the machine where
  // 20,000 of them stopped it; `exec` leaves node as the child, so stopping it stops the server.
  const command = `ulimit -n ${serverFiles} && exec "${process.execPath}" --import tsx apps/server/src/main.ts`;
  const child = spawn('sh', ['-c', command], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      HOST,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      PADDOCK_DATA_DIR: dataDir,
      FIELD_SECRET: fieldSecret,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
      ...(limitsOn ? {} : unlimited),
    },
  });
  const sockets: Socket[] = [];
  try {
    const ready = await secondsUntil(Date.now(), () => healthAnswers(port));
    if (ready === null) throw new Error('the server did not start');

    let closed = 0;
    let failed = 0;
    const opening = Date.now();
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, () => {
        const socket = connect(port, HOST);
        sockets.push(socket);
        socket.on('close', () => (closed += 1));
        // Read (and drop) what the server sends, so its closing is seen here.
        socket.resume();
        return new Promise<void>((resolve) => {
          socket.once('connect', () => resolve());
          socket.once('error', () => {
            failed += 1;
            resolve();
          });
        });
      });
      await Promise.all(batch);
    }
    const start = Date.now();
    await sleep(200);
    console.log(
      `${count} idle connections opened in ${((start - opening) / 1000).toFixed(1)} s ` +
        `(limits ${limitsOn ? 'on, the defaults' : 'off'}; the server may open ${serverFiles} ` +
        `files); closed by the server at once: ` +
        `${closed - failed}, failed to connect: ${failed}`,
    );
    let heldAtHealth = 0;
    const [health, broker] = await Promise.all([
      secondsUntil(start, () => healthAnswers(port)).then((seconds) => {
        heldAtHealth = count - closed;
        return seconds;
      }),
      secondsUntil(start, () => brokerAnswers(mqttPort, fieldSecret)),
    ]);
    const say = (seconds: number | null) =>
      seconds === null
        ? `no answer in ${waitMs / 1000} s`
        : `answered after ${seconds.toFixed(1)} s`;
    console.log(`GET /api/health: ${say(health)}`);
    console.log(`MQTT CONNECT to the embedded broker: ${say(broker)}`);
    console.log(
      `idle connections still open when /api/health answered (or was given up): ${heldAtHealth}`,
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    child.kill('SIGTERM');
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await stopped;
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
