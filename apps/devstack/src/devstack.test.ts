import { loadConfig, startupProblem, type ServerConfig } from '@paddock/server';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDevstackConfig } from './config.ts';
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

describe('devstack settings', () => {
  it('seeds the demo farm and runs the simulator by default', () => {
    expect(loadDevstackConfig({})).toEqual({
      demo: true,
      simulator: true,
      simulatorControlPort: 8091,
      simulatorReportSeconds: null,
      demoReportIntervalSeconds: null,
    });
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
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadDevstackConfig(env)).toThrow(name);
  });
});

describe('the devstack', () => {
  it('seeds the demo farm before the field side starts and runs it in the simulator', async () => {
    const devstack = await startDevstack(
      serverSettings(),
      loadDevstackConfig({ SIMULATOR_CONTROL_PORT: '0' }),
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
