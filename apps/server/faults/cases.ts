/**
 * The fault campaign's cases (campaign.ts runs them): what each does to the running stage while
 * readings flow, and what it found itself.
 */
import { sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { queryRows } from '../src/db/client.ts';
import {
  aliveNote,
  apiWhileAway,
  call,
  logged,
  restartLikeASupervisor,
  withDatabase,
} from './probes.ts';
import { postgresFolder, sleep } from './services.ts';
import type { Backend, Server, Stage } from './stage.ts';

/** What a fault found itself: stuck jobs or requests, zones that ended wrongly. */
type FaultOutcome = { note: string; stuck?: number; wrongZones?: number };

export type CaseSpec = {
  name: string;
  backend: Backend;
  tablespace?: boolean;
  /** Starts the servers; by default one with every role. */
  servers?: (stage: Stage) => Promise<void>;
  /** Does the fault while readings flow; answers a note for the table, or more. */
  fault: (stage: Stage) => Promise<string | FaultOutcome>;
};

/**
 * Kills the first worker whose log shows `seen`, looked for every `pollMs` over up to 30 s of
 * waits, and restarts it as a supervisor would; when it was killed, or undefined if no worker
 * showed it.
 */
async function killWorkerOnceItHas(
  stage: Stage,
  seen: (worker: Server) => boolean,
  pollMs: number,
): Promise<{ victim: Server; killedAt: number } | undefined> {
  const workers = stage.servers.filter((server) => server.name.startsWith('worker'));
  let victim: Server | undefined;
  for (let waited = 0; !victim && waited < 30_000; waited += pollMs) {
    victim = workers.find(seen);
    await sleep(pollMs);
  }
  if (!victim) return undefined;
  await stage.kill(victim);
  const killedAt = Date.now();
  await restartLikeASupervisor(stage, victim);
  return { victim, killedAt };
}

/** The API with ingest, and two workers: one can be killed while the other takes over its work. */
async function apiAndTwoWorkers(stage: Stage): Promise<void> {
  await stage.start('api', { PADDOCK_ROLES: 'api,ingest', PADDOCK_INSTANCE: 'api' });
  await stage.start('worker-1', { PADDOCK_ROLES: 'worker', PADDOCK_INSTANCE: 'worker-1' });
  await stage.start('worker-2', { PADDOCK_ROLES: 'worker', PADDOCK_INSTANCE: 'worker-2' });
}

export const CASES: (CaseSpec & { quick?: boolean })[] = [
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
    servers: apiAndTwoWorkers,
    fault: async (stage) => {
      // A program test (each zone 60 s, every command answered done); the worker that settles
      // its first command is killed the moment it says so.
      const programId = stage.farm.programs.a.id;
      await call(stage, 'POST', `/programs/${programId}/test`, {});
      const killed = await killWorkerOnceItHas(
        stage,
        (worker) => logged(worker, 'command settled'),
        2,
      );
      if (!killed) return 'no settlement seen';
      const { victim, killedAt } = killed;
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
    servers: apiAndTwoWorkers,
    fault: async (stage) => {
      const programId = stage.farm.programs.a.id;
      const started = await call(stage, 'POST', `/programs/${programId}/test`, {});
      const id = (started.body as { requestId?: number } | null)?.requestId;
      const killed = await killWorkerOnceItHas(
        stage,
        (worker) =>
          worker.log.some(
            (line) => line.includes('"dispatch"') && line.includes(`"requestId":${id}`),
          ),
        1,
      );
      if (!killed) return `request ${id} never dispatched`;
      const { victim, killedAt } = killed;
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

/** The small disk's folder the full-disk case fills; set by `useSmallDisk` once it is mounted. */
let SMALL_DISK = '';

export function useSmallDisk(folder: string): void {
  SMALL_DISK = folder;
}

/** A small filesystem for the full-disk case: a tmpfs when this user may mount one. */
export function mountSmallDisk(root: string): string | null {
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
