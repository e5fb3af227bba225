/**
 * The development stack in one process: the server (every role, embedded database and broker
 * unless configured otherwise), the demo farm seeded into an empty database before the field
 * side starts, and the simulator running the farm's devices over the server's broker with each
 * site gateway's key. The server knows nothing of the simulator; this is where they meet.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@paddock/domain/demo';
import {
  portInUse,
  seedDemoFarmIfEmpty,
  startServer,
  type RunningServer,
  type ServerConfig,
} from '@paddock/server';
import { startSimulator, type Simulator } from '@paddock/simulator';
import type { DevstackConfig } from './config.ts';

export type Devstack = {
  server: RunningServer;
  simulator: Simulator | null;
  log: RunningServer['log'];
  /** Stops the simulator, then the server. */
  close: () => Promise<void>;
};

export async function startDevstack(
  serverConfig: ServerConfig,
  config: DevstackConfig,
): Promise<Devstack> {
  const server = await startServer(serverConfig, {
    prepare: async (db, { now, log }) => {
      if (!config.demo) return;
      const seeded = await seedDemoFarmIfEmpty(db, {
        now,
        ...(config.demoReportIntervalSeconds
          ? { reportIntervalSeconds: config.demoReportIntervalSeconds }
          : {}),
      });
      if (seeded) {
        const logins = DEMO_ACCOUNTS.map((account) => account.login).join(', ');
        log.info(`demo farm seeded: sign in as ${logins} with password ${DEMO_PASSWORD}`);
      }
    },
  });
  if (!config.simulator) {
    return { server, simulator: null, log: server.log, close: server.close };
  }
  try {
    const log = server.log.child({ part: 'simulator' });
    const sites = await server.gatewayKeys();
    const simulator = await startSimulator({
      brokerUrl: server.broker.url,
      topicRoot: serverConfig.field.topicRoot,
      sites: sites.map(({ siteId, username, key }) => ({ siteId, username, password: key })),
      controlPort: config.simulatorControlPort,
      ...(config.simulatorReportSeconds
        ? { reportEverySeconds: config.simulatorReportSeconds }
        : {}),
      log,
    }).catch((error: unknown) => {
      throw portInUse(error, {
        port: config.simulatorControlPort,
        variable: 'SIMULATOR_CONTROL_PORT',
      });
    });
    log.info(
      `simulator running the demo farm on ${sites.length} sites; faults at ${simulator.controlUrl}`,
    );
    return {
      server,
      simulator,
      log: server.log,
      close: async () => {
        await simulator.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
