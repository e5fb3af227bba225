/**
 * Throwaway services for the fault campaign: a PostgreSQL cluster and a Mosquitto broker of its
 * own, on their own ports and in temporary folders, so the campaign may stop, kill and fill them
 * without touching the machine's shared ones.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL's binaries (Debian keeps them out of PATH). */
function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

/** PostgreSQL refuses to run as root: run its tools as the postgres user then. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

function postgresIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A folder the cluster's user may write. */
export function postgresFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o700);
  const ids = postgresIds();
  if (ids) chownSync(folder, ids.uid, ids.gid);
}

export type Cluster = {
  port: number;
  /** The server's admin URL (database `postgres`). */
  url: string;
  start: () => void;
  stop: (mode?: 'fast' | 'immediate') => void;
  restart: () => void;
};

export async function startCluster(folder: string): Promise<Cluster> {
  const port = await freePort();
  const data = path.join(folder, 'pgdata');
  postgresFolder(folder);
  const run = (tool: string, args: string[]) => {
    const [command, argv] = asPostgres(postgresBin(tool), args);
    execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  writeFileSync(
    path.join(data, 'postgresql.auto.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${folder}'`,
      'fsync = off',
      'max_connections = 100',
    ].join('\n') + '\n',
  );
  const log = path.join(folder, 'postgres.log');
  const cluster: Cluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    restart: () => run('pg_ctl', ['-D', data, '-l', log, '-m', 'fast', '-w', 'restart']),
  };
  cluster.start();
  return cluster;
}

export type Broker = {
  port: number;
  url: string;
  start: () => Promise<void>;
  kill: () => Promise<void>;
};

/** Mosquitto with persistence in its own folder, configured as docs/field-protocol.md says. */
export async function startMosquitto(folder: string): Promise<Broker> {
  mkdirSync(folder, { recursive: true });
  // Started as root, Mosquitto runs as its own user: a folder that user cannot write saves
  // nothing (it logs "Permission denied" at each autosave and the broker comes back empty).
  if (process.getuid?.() === 0) {
    try {
      execFileSync('chown', ['mosquitto', folder]);
    } catch {
      // No such user: Mosquitto then keeps running as root.
    }
  }
  const port = await freePort();
  const config = path.join(folder, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${folder}/`,
      'max_queued_messages 1000000',
      'max_inflight_messages 0',
      'persistent_client_expiration 14d',
      'max_packet_size 262144',
    ].join('\n') + '\n',
  );
  let child: ChildProcess | null = null;
  const broker: Broker = {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    start: async () => {
      const binary = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';
      child = spawn(binary, ['-c', config], { stdio: 'ignore' });
      // Ready once it accepts connections.
      for (let waited = 0; waited < 10_000; waited += 50) {
        if (await portOpen(port)) return;
        await sleep(50);
      }
      throw new Error('mosquitto did not start');
    },
    kill: async () => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await broker.start();
  return broker;
}

async function portOpen(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
