/**
 * The first-start bench's devstack: started as `npm start` starts it, in a child process on a
 * free port of 127.0.0.1 and a data folder of its own, its JSON log followed for the demo
 * history's progress, and stopped with its folder removed at the end of a run (or all at once on
 * an error or Ctrl-C, which is why the running ones are kept here).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { isolatedDevstackEnv } from '../../../devstack/src/isolated-env.ts';
import { freePort } from '../../faults/services.ts';
import { ROOT } from './constants.ts';

const HOST = '127.0.0.1';
const DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
/** Seeding the demo farm into a new embedded database takes a while on a small machine. */
const READY_TIMEOUT_MS = 5 * 60_000;
/** How often GET /api/health is asked until it first answers. */
const HEALTH_POLL_MS = 100;

// ---------------------------------------------------------------------------------------------
// The devstack in a child process

/** What the devstack's JSON log said about the demo history, as epoch ms of its log lines. */
interface HistoryProgress {
  started: number | null;
  /** Every site's past made, the devices live: storing begins. */
  made: number | null;
  /** The last "N% stored". */
  storedPercent: number | null;
  done: number | null;
  doneLine: string | null;
}

export interface Devstack {
  readonly child: ChildProcess;
  readonly base: string;
  /** Epoch ms when the process was spawned, and when /api/health first answered. */
  readonly spawnedAt: number;
  readonly answeredAt: number;
  readonly history: HistoryProgress;
  /** Resolves with the done line's epoch ms once the history is stored. */
  readonly historyDone: Promise<number>;
  /** How the process ended, once it has (null while it runs); resolves `ended` too. */
  exit: string | null;
  readonly ended: Promise<void>;
  /** Set when this process stops it, so its end is not reported as a crash. */
  stopping: boolean;
}

/** Children still running, so an error or Ctrl-C stops them too. */
const children = new Set<ChildProcess>();
const dataDirs = new Set<string>();

export function ensureBuilt(): void {
  if (existsSync(path.join(DIST, 'index.html'))) return;
  console.log('apps/web/dist is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

export function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-first-start-'));
  dataDirs.add(dir);
  return dir;
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dataDirs.delete(dir);
}

/**
 * The environment `npm start` gives the devstack, on free ports and the given data folder; JSON
 * log lines to parse.
 */
function devstackEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST,
    ...isolatedDevstackEnv(dataDir),
    TWILIO_STANDIN_PORT: '0',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    WEB_DIST: DIST,
    ...extra,
  };
}

/**
 * Spawns the devstack in a process group of its own (the group is stopped at the end), follows
 * its log, and resolves once GET /api/health first answers 200.
 */
export async function startDevstack(
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<Devstack> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/devstack/src/main.ts'], {
    cwd: ROOT,
    env: devstackEnv(port, dataDir, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  child.once('exit', () => children.delete(child));

  const history: HistoryProgress = {
    started: null,
    made: null,
    storedPercent: null,
    done: null,
    doneLine: null,
  };
  let historyDoneResolve: (at: number) => void = () => {};
  const historyDone = new Promise<number>((resolve) => (historyDoneResolve = resolve));
  if (!child.stdout || !child.stderr) throw new Error('the devstack has no output pipes');
  // Every line is read (a full pipe would stop the child); errors are shown as they come.
  createInterface({ input: child.stdout }).on('line', (line) => {
    let entry: { level?: number; time?: number; msg?: unknown; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    const message = typeof entry.msg === 'string' ? entry.msg : '';
    const at = entry.time ?? Date.now();
    if ((entry.level ?? 0) >= 50) {
      const cause = entry.err?.message ? ` (${entry.err.message})` : '';
      console.log(`  server error: ${message}${cause}`);
    }
    if (!message.includes('demo history:')) return;
    if (message.startsWith('demo history: loading')) history.started = at;
    else if (message.startsWith('demo history: made')) history.made = at;
    else if (message.startsWith('demo history: done')) {
      history.done = at;
      history.doneLine = message;
      historyDoneResolve(at);
    } else {
      const percent = /: (\d+)% stored/.exec(message)?.[1];
      if (percent) history.storedPercent = Number(percent);
    }
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    if (stderr.length > 20) stderr.shift();
  });

  // An end this process did not ask for is said at once, with the last of its stderr.
  let stack: Devstack | null = null;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      const exit = signal ? `signal ${signal}` : `code ${code}`;
      if (stack) stack.exit = exit;
      if (stack && !stack.stopping) {
        const at = ((Date.now() - stack.answeredAt) / 1000).toFixed(1);
        console.log(`  the devstack exited (${exit}) at ${at} s; the last of its stderr:`);
        for (const line of stderr) console.log(`    ${line}`);
      }
      resolve();
    }),
  );

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the devstack exited (${child.exitCode ?? child.signalCode}):\n${stderr.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) {
        stack = {
          child,
          base,
          spawnedAt,
          answeredAt: Date.now(),
          history,
          historyDone,
          exit: null,
          ended,
          stopping: false,
        };
        return stack;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error('the devstack did not answer /api/health in time');
}

/** Stops the devstack's process group: SIGTERM, then SIGKILL if it has not exited in 30 s. */
export async function stopDevstack(stack: Devstack): Promise<void> {
  const { child } = stack;
  stack.stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const forced = setTimeout(() => signalGroup(child, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(forced);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** On an error or Ctrl-C: the devstacks' process groups and the data folders go too. */
export function cleanUpNow(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
