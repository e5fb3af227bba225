/**
 * A `npm start` stack of a spec's own (devstack: server, demo farm and, unless told otherwise,
 * the simulator), for the specs that need settings the run's shared stack cannot have: fast
 * report intervals, a catching SMTP server. It keeps its data in a fresh folder and its
 * database in memory, with no outside broker.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function spawnOwnStack(options: {
  port: number;
  /** Names the data folder (`paddock-e2e-{name}-…`), so a failed run's leftovers say whose. */
  name: string;
  /** The spec's own settings, over the ones every such stack has. */
  env: Record<string, string>;
  stdio: StdioOptions;
}): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'apps/devstack/src/main.ts'], {
    stdio: options.stdio,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PADDOCK_ENVIRONMENT: 'testing',
      BUGSNAG_API_KEY: 'e2e-key',
      PADDOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), `paddock-e2e-${options.name}-`)),
      DATABASE_URL: '',
      MQTT_URL: '',
      MQTT_PORT: '0',
      ...options.env,
    },
  });
}
