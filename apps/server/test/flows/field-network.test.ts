/**
 * Issue 4 end to end: the real server process (every role) with the simulator of the demo farm
 * beside it, as `npm start` runs them (apps/devstack), driven only through the HTTP API and the
 * simulator's fault-injection server, as an operator and the field would. Starting a program opens the simulated valves, the zones run in
 * sequence and the program ends irrigated; pause and resume work mid-zone; a ping completes; a
 * silenced radio becomes overdue.
 *
 * The database is PGlite in a fresh folder, or a scratch database on DATABASE_URL; the broker is
 * the embedded one, or MQTT_URL's under a private topic root.
 */
import type { Control, Program, Radio } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/field.ts';
import { createScratchDatabase } from '../helpers/database.ts';
import { demoToken } from '../helpers/sign-in.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Each demo device reports this often, so overdue (1.5 intervals) comes within seconds. */
const REPORT_SECONDS = 4;
/**
 * Zones water for this long (depth in mm at 3600 mm/h): the first long enough to be paused while
 * it waters, after its valves reported running through the simulator and ingest (beside the
 * end-to-end stack on two cores that took more than the two zones' 8 s of old), the second short.
 */
const FIRST_ZONE_SECONDS = 30;
const ZONE_SECONDS = 4;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let server: ChildProcess;
let output = '';
let base = '';
let simulatorUrl = '';
let token = '';
let cleanup: () => Promise<void> = async () => {};

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-field-e2e-'));
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : null;
  const port = await freePort();
  const controlPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  simulatorUrl = `http://127.0.0.1:${controlPort}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/devstack/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PADDOCK_DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      MQTT_PORT: '0',
      // On a shared broker this run's topics are its own.
      FIELD_TOPIC_ROOT: process.env.MQTT_URL ? `paddock-e2e/${randomUUID()}` : 'paddock/v1',
      PADDOCK_DEMO: 'true',
      // No past: the 90 days `npm start` loads would keep the machine busy for minutes.
      PADDOCK_DEMO_HISTORY: '0',
      DEMO_REPORT_INTERVAL_SECONDS: String(REPORT_SECONDS),
      OVERDUE_SWEEP_SECONDS: '1',
      COMMAND_TIMEOUT_SECONDS: '15',
      SIMULATOR_CONTROL_PORT: String(controlPort),
      PADDOCK_INSTANCE: `e2e-${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cleanup = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  await until(
    'the server to answer',
    async () => {
      if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
      return fetch(`${base}/appConfig.json`).then(
        (response) => response.ok,
        () => false,
      );
    },
    120_000,
  );
  await until('the simulator to answer', () =>
    fetch(`${simulatorUrl}/devices`).then(
      (response) => response.ok,
      () => false,
    ),
  );
  token = await demoToken(base, DEMO_LOGINS.manager);
}, 180_000);

afterAll(async () => {
  await cleanup();
}, 60_000);

type Site = { id: number; label: string; areas?: { id: number; type: string }[] };

async function demoIrrigationArea(): Promise<{ siteId: number; areaId: number }> {
  const sites = await api<Site[]>('GET', '/sites');
  const site = sites.find((candidate) => candidate.label === 'Te Awa Vineyard');
  if (!site) throw new Error('demo site missing');
  const { areas } = await api<{ areas: { id: number; type: string }[] }>(
    'GET',
    `/sites/${site.id}`,
  );
  const area = areas.find((candidate) => candidate.type === 'irrigation');
  if (!area) throw new Error('demo irrigation area missing');
  return { siteId: site.id, areaId: area.id };
}

/** A demo program the manager may run that is not already running. */
async function stoppedDemoProgram(): Promise<{ areaId: number; program: Program }> {
  const sites = await api<Site[]>('GET', '/sites');
  for (const site of sites) {
    const { areas } = await api<{ areas: { id: number; type: string }[] }>(
      'GET',
      `/sites/${site.id}`,
    );
    for (const area of areas.filter((candidate) => candidate.type === 'irrigation')) {
      const [program] = await api<Program[]>('GET', `/programs?area=${area.id}`);
      const sequence = program?.schedule.sequences.find((zones) => zones.length >= 2);
      if (program && sequence && program.status.activity === 'stopped') {
        return { areaId: area.id, program };
      }
    }
  }
  throw new Error('no stopped demo program with a sequence of two zones');
}

describe('the field network end to end (server + simulator)', () => {
  it('runs a demo program: valves open zone by zone, pause and resume mid-zone, ends irrigated', async () => {
    const { areaId, program } = await stoppedDemoProgram();
    const sequence = program.schedule.sequences.find((zones) => zones.length >= 2);
    if (!sequence) throw new Error('demo program has no sequence of two zones');
    // One sequence of short zones, so the run takes seconds (the first one paused on the way).
    const zones = program.zones.map((zone) => ({
      ...zone,
      setting: {
        ...zone.setting,
        depth: zone.id === sequence[0] ? FIRST_ZONE_SECONDS : ZONE_SECONDS,
        applicationRate: 3600,
        variation: 0,
        cycles: 1,
        repeat: false,
        manual: false,
        banned: !sequence.includes(zone.id),
      },
    }));
    await api('PUT', `/programs/${program.id}`, {
      schedule: { ...program.schedule, manual: false, sequences: [sequence], variations: [] },
      zones,
    });

    const valvesOf = async (sectionId: number) =>
      (await api<Control[]>('GET', `/controls?area=${areaId}`)).filter(
        (control) => control.type === 'valve' && control.section === sectionId,
      );
    const programNow = async () =>
      (await api<Program[]>('GET', `/programs?area=${areaId}`)).find((p) => p.id === program.id);

    const started = await api<{ status: string; requestId: number }>(
      'POST',
      `/programs/${program.id}/start`,
      {},
    );
    expect(started.requestId).toBeGreaterThan(0);

    // The first zone's valves report running (the simulator's readings, through ingest).
    const firstZone = sequence[0] as number;
    const secondZone = sequence[1] as number;
    await until('the first zone to run', async () => {
      const current = await programNow();
      return current?.status.activity === 'running' &&
        current.zones.find((zone) => zone.id === firstZone)?.application.status === 'running'
        ? current
        : null;
    });
    await until('the first zone valves to report running', async () => {
      const valves = await valvesOf(firstZone);
      return valves.length > 0 && valves.every((valve) => valve.isRunning === true);
    });
    // Zones run in sequence: the second waits while the first waters.
    const during = await programNow();
    expect(during?.zones.find((zone) => zone.id === secondZone)?.application.status).not.toBe(
      'running',
    );

    // Pause mid-zone: the program pauses and the valves close.
    await api('POST', `/programs/${program.id}/pause`, {});
    await until('the program to pause', async () => {
      const current = await programNow();
      return current?.status.activity === 'paused';
    });
    await until('the valves to close', async () => {
      const valves = await valvesOf(firstZone);
      return valves.every((valve) => valve.isRunning !== true);
    });

    await api('POST', `/programs/${program.id}/resume`, {});
    await until('the program to run again', async () => {
      const current = await programNow();
      return current?.status.activity === 'running';
    });

    // The second zone runs after the first, then the program ends irrigated.
    await until(
      'the second zone to run',
      async () => {
        const current = await programNow();
        return (
          current?.zones.find((zone) => zone.id === secondZone)?.application.status === 'running'
        );
      },
      90_000,
    );
    const finished = await until(
      'the program to finish',
      async () => {
        const current = await programNow();
        return current?.status.activity === 'stopped' && current.status.endTime ? current : null;
      },
      90_000,
    );
    for (const zoneId of sequence) {
      const zone = finished.zones.find((candidate) => candidate.id === zoneId);
      expect(zone?.application.irrigated, `zone ${zoneId} irrigated`).toBe(true);
      expect(zone?.application.status).toBe('stopped');
    }
    const first = finished.zones.find((zone) => zone.id === firstZone)?.application;
    const second = finished.zones.find((zone) => zone.id === secondZone)?.application;
    expect(Date.parse(second?.startTime ?? '')).toBeGreaterThanOrEqual(
      Date.parse(first?.endTime ?? ''),
    );
    await until('every valve to close', async () => {
      const valves = (await valvesOf(firstZone)).concat(await valvesOf(secondZone));
      return valves.every((valve) => valve.isRunning !== true);
    });
  }, 240_000);

  it('pings a radio: the request completes', async () => {
    const { areaId } = await demoIrrigationArea();
    const radios = await api<Radio[]>('GET', `/areas/${areaId}/radios`);
    const radio = radios[0];
    if (!radio) throw new Error('no radio');
    const ping = await api<{ id: number; status: string }>('POST', `/radios/${radio.id}/ping`, {});
    const done = await until('the ping to complete', async () => {
      const request = await api<{ status: string }>(
        'GET',
        `/radios/${radio.id}/requests/${ping.id}`,
      );
      return request.status === 'done' || request.status === 'failed' ? request : null;
    });
    expect(done.status).toBe('done');
  }, 120_000);

  it('a silenced radio becomes overdue, and normal again when it reports', async () => {
    const { areaId } = await demoIrrigationArea();
    const radio = await until('a radio reporting on time', async () => {
      const radios = await api<Radio[]>('GET', `/areas/${areaId}/radios`);
      return radios.find((candidate) => !candidate.overdue && !candidate.config.repeater);
    });
    const injected = await fetch(`${simulatorUrl}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'silence', serialno: radio.serialno }),
    });
    expect(injected.ok).toBe(true);
    await until('the radio to be overdue', async () => {
      const now = await api<Radio>('GET', `/radios/${radio.id}`);
      return now.overdue;
    });
    const events = await api<{ events: { type: string; message: string }[] }>(
      'POST',
      `/areas/${areaId}/events`,
      {},
    );
    expect(events.events.some((event) => /overdue/i.test(event.message))).toBe(true);

    const cleared = await fetch(`${simulatorUrl}/faults`, { method: 'DELETE' });
    expect(cleared.ok).toBe(true);
    await until('the radio to report again', async () => {
      const now = await api<Radio>('GET', `/radios/${radio.id}`);
      return !now.overdue;
    });
  }, 120_000);
});
