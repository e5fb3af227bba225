import { loadConfig, startupProblem, type ServerConfig } from '@paddock/server';
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDevstackConfig } from './config.ts';
import { DEMO_LOGINS } from '@paddock/domain/demo';
import { demoToken } from '../../server/test/helpers/sign-in.ts';
import { DEMO_UNPROVISIONED_DEV_EUI, DEMO_VALVE_DEV_EUI } from './demo-farm/network-server.ts';
import { startDevstack } from './devstack.ts';

/** The server with every role on an embedded database in a new folder, on free ports, silent. */
function serverSettings(): ServerConfig {
  return loadConfig({
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: '0',
    PADDOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'paddock-devstack-')),
    PADDOCK_INSTANCE: `devstack-test-${process.pid}`,
  });
}

async function until(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What `read` gives once `done` says so. */
async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('devstack settings', () => {
  it('seeds the demo farm and runs the simulator by default', () => {
    expect(loadDevstackConfig({})).toEqual({
      demo: true,
      simulator: true,
      simulatorControlPort: 8091,
      simulatorReportSeconds: null,
      demoReportIntervalSeconds: null,
      demoHistoryMs: 90 * 86_400_000,
      simulatorSeed: 10,
      twilioStandinPort: 0,
      webhookStandinPort: 0,
    });
    expect(loadDevstackConfig({ PADDOCK_DEMO_HISTORY: '0' }).demoHistoryMs).toBe(0);
    expect(loadDevstackConfig({ PADDOCK_DEMO_HISTORY: '12h' }).demoHistoryMs).toBe(43_200_000);
  });

  it('without the demo farm the simulator is off unless asked for', () => {
    expect(loadDevstackConfig({ PADDOCK_DEMO: 'false' }).simulator).toBe(false);
    expect(loadDevstackConfig({ PADDOCK_DEMO: 'false', PADDOCK_SIMULATOR: 'true' }).simulator).toBe(
      true,
    );
  });

  it.each([
    [{ PADDOCK_DEMO: 'perhaps' }, 'PADDOCK_DEMO'],
    [{ SIMULATOR_CONTROL_PORT: '70000' }, 'SIMULATOR_CONTROL_PORT'],
    [{ DEMO_REPORT_INTERVAL_SECONDS: '-5' }, 'DEMO_REPORT_INTERVAL_SECONDS'],
    [{ PADDOCK_DEMO_HISTORY: '3 months' }, 'PADDOCK_DEMO_HISTORY'],
    [{ SIMULATOR_SEED: 'abc' }, 'SIMULATOR_SEED'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadDevstackConfig(env)).toThrow(name);
  });
});

describe('the devstack', () => {
  it('seeds the demo farm before the field side starts and runs it in the simulator', async () => {
    const devstack = await startDevstack(
      serverSettings(),
      loadDevstackConfig({ SIMULATOR_CONTROL_PORT: '0', PADDOCK_DEMO_HISTORY: '0' }),
    );
    try {
      // Six demo sites, each with its gateway key, and the devices their retained configs describe.
      expect(await devstack.server.gatewayKeys()).toHaveLength(6);
      await until('the simulated devices', () => (devstack.simulator?.devices().length ?? 0) > 0);
      expect(devstack.simulator?.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await devstack.close();
    }
  });

  it('gives a new demo farm its past, ending where the live readings begin, and only on the first start', async () => {
    const settings = serverSettings();
    const config = loadDevstackConfig({ SIMULATOR_CONTROL_PORT: '0', PADDOCK_DEMO_HISTORY: '3h' });
    const first = await startDevstack(settings, config);
    let farmDevices = 0;
    try {
      const loaded = await first.history;
      expect(loaded?.sites).toBe(6);
      // Each site's past ends where its devices go live; the sites start within moments of each other.
      const liveFrom = Date.parse(loaded?.until ?? '');
      const pastFrom = Date.parse(loaded?.from ?? '');
      expect(liveFrom - pastFrom).toBeGreaterThanOrEqual(3 * 3_600_000);
      expect(liveFrom - pastFrom).toBeLessThan(3 * 3_600_000 + 60_000);
      // 18 reports of every device, less those lost on weak links or in silent spells.
      expect(loaded?.readings).toBeGreaterThan(15 * 600);
      const db = first.server.app.ctx.db;
      const span = await db.execute(sql`
        select s.thing_type as thing, count(*)::int as readings,
               min(r.time) as first, max(r.time) filter (where r.time < ${new Date(liveFrom).toISOString()}::timestamptz) as last
        from readings r join series s on s.id = r.series_id
        group by 1 order by 1`);
      const rows = (
        span as unknown as {
          rows: { thing: string; readings: number; first: string; last: string }[];
        }
      ).rows;
      expect(rows.map((row) => row.thing)).toEqual(['control', 'radio', 'sensor']);
      for (const row of rows) {
        const first = new Date(row.first).getTime();
        if (row.thing === 'control') {
          // Valves also have the three months of irrigation runs before the past of readings
          // (demo-farm/run-history.ts): from the first of the month two months back at the most.
          expect(first).toBeLessThan(pastFrom);
          expect(pastFrom - first).toBeLessThanOrEqual(93 * 86_400_000);
          continue;
        }
        expect(first).toBeGreaterThanOrEqual(pastFrom);
        expect(first).toBeLessThan(pastFrom + 60_000);
        // The last report of the past is within one report interval of the live start.
        expect(liveFrom - new Date(row.last).getTime()).toBeLessThanOrEqual(600_000);
      }
      const rollups = await db.execute(sql`
        select (select coalesce(sum(count), 0)::int from reading_rollups) as rolled,
               (select count(*)::int from readings) as stored`);
      const counts = (rollups as unknown as { rows: { rolled: number; stored: number }[] }).rows[0];
      expect(counts?.rolled).toBe(counts?.stored);
      farmDevices = first.simulator?.devices().length ?? 0;
    } finally {
      await first.close();
    }
    // The next start finds the farm and loads no past again.
    const second = await startDevstack(settings, config);
    try {
      expect(second.history).toBeNull();
      // Closing while the broker still sends the retained configs trips its store: let them land.
      await until(
        'the simulated devices',
        () => (second.simulator?.devices().length ?? 0) === farmDevices,
      );
    } finally {
      await second.close();
    }
  });

  it("runs the demo's ChirpStack site through its network server link beside the native sites", async () => {
    const devstack = await startDevstack(
      serverSettings(),
      loadDevstackConfig({
        SIMULATOR_CONTROL_PORT: '0',
        PADDOCK_DEMO_HISTORY: '0',
        SIMULATOR_REPORT_SECONDS: '2',
      }),
    );
    try {
      const db = devstack.server.app.ctx.db;
      const startedAt = new Date().toISOString();
      const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;
      // The probes' soil readings, stored from ChirpStack uplinks: their frame counters prove the way.
      const lorawanReadings = () =>
        rowsOf<{ radio: number; metric: string; fcnt: number | null }>(sql`
          select distinct r.id as radio, s.metric, f.f_cnt::int as fcnt
          from radios r
          join sensors sn on sn.radio_id = r.id
          join series s on s.thing_type = 'sensor' and s.thing_id = sn.id
          join readings rd on rd.series_id = s.id and rd.time >= ${startedAt}::timestamptz
          left join lorawan_frames f on f.radio_id = r.id
          where r.dev_eui is not null`);
      const rows = await eventually(
        'a reading through the ChirpStack link',
        lorawanReadings,
        (found) => found.some((row) => row.metric === 'soil.moisture' && row.fcnt !== null),
      );
      expect(new Set(rows.map((row) => row.metric))).toEqual(
        new Set(['soil.moisture', 'soil.temperature']),
      );
      const links = await rowsOf<{ kind: string; state: string; username: string }>(
        sql`select kind, state, username from network_links`,
      );
      expect(links).toEqual([
        { kind: 'chirpstack', state: 'connected', username: 'network-server' },
      ]);
      // The device no radio has is listed as heard, for a site admin to attach.
      const heard = await eventually(
        'the unprovisioned device heard',
        () => rowsOf<{ devEui: string }>(sql`select dev_eui as "devEui" from lorawan_heard`),
        (found) => found.length > 0,
      );
      expect(heard).toEqual([{ devEui: DEMO_UNPROVISIONED_DEV_EUI }]);
      const native = await rowsOf<{ n: number }>(sql`
        select count(*)::int as n from readings rd join series s on s.id = rd.series_id
        join sensors sn on s.thing_type = 'sensor' and sn.id = s.thing_id
        join radios r on r.id = sn.radio_id
        where r.dev_eui is null and rd.time >= ${startedAt}::timestamptz`);
      expect(native[0]?.n).toBeGreaterThan(0);

      // A valve on the site's LoRaWAN valve controller is tested through the link: the simulated
      // device answers only ChirpStack's command/down, so the request settles by that way alone.
      const [valve] = await rowsOf<{ id: number }>(sql`
        select c.id from controls c join radios r on r.id = c.radio_id
        where r.dev_eui = ${DEMO_VALVE_DEV_EUI} and c.type = 'valve' order by c.id limit 1`);
      if (!valve) throw new Error('the demo has no LoRaWAN valve');
      const url = `${devstack.server.url as string}/api/controls/${valve.id}/test`;
      const headers = {
        authorization: `Bearer ${await demoToken(devstack.server.url as string, DEMO_LOGINS.admin)}`,
        'content-type': 'application/json',
      };
      const posted = await fetch(url, { method: 'POST', headers, body: '{}' });
      expect(posted.status).toBe(202);
      const { id: requestId } = (await posted.json()) as { id: number };
      const followed = await eventually(
        'the valve test done through ChirpStack',
        async () => {
          const answer = await fetch(url, {
            method: 'POST',
            headers,
            body: JSON.stringify({ requestId }),
          });
          return (await answer.json()) as { status: string };
        },
        (answer) => answer.status === 'done' || answer.status === 'failed',
      );
      expect(followed.status).toBe('done');
    } finally {
      await devstack.close();
    }
  });

  it('a simulator control port in use names it and SIMULATOR_CONTROL_PORT, and stops the server', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const settings = serverSettings();
    try {
      const error = await startDevstack(
        settings,
        loadDevstackConfig({
          PADDOCK_DEMO: 'false',
          PADDOCK_SIMULATOR: 'true',
          SIMULATOR_CONTROL_PORT: String(port),
        }),
      ).then(
        async (devstack) => {
          await devstack.close();
          return null;
        },
        (caught: unknown) => caught,
      );
      expect(startupProblem(error)).toBe(
        `Port ${port} is in use: set SIMULATOR_CONTROL_PORT to another port.`,
      );
      // The server it had started is stopped: the same settings start again.
      await (await startDevstack(settings, loadDevstackConfig({ PADDOCK_DEMO: 'false' }))).close();
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
