/**
 * The virtual farm on a broker. For each site it connects as the site's gateway, subscribes to
 * the site's downlinks and builds one virtual device per retained config it receives — it knows
 * nothing of the server but the field protocol. Each device reports every interval, obeys
 * commands with acks, closes what it opened when the fail-safe runs out, and shows the faults it
 * is told to show.
 */
import { parseFieldTopic, siteDownlinksFilter } from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { startControlServer, type ControlledFarm, type ControlServer } from './control-server.ts';
import { onConfig } from './device-configs.ts';
import { createFarm, faultsFor, onCommand, stopRunner, type Farm } from './farm.ts';
import { clearFaults, clearFrostNight, injectFault, startFrostNight } from './farm-controls.ts';
import { describeFrostNight } from './frost-night.ts';
import { connectNetworkServer, type NetworkServer } from './network-server.ts';
import type { SimulatorOptions, SimulatorSite } from './simulator-options.ts';

export {
  quietLog,
  type NetworkServerLink,
  type SimulatorHistory,
  type SimulatorLog,
  type SimulatorOptions,
  type SimulatorSite,
} from './simulator-options.ts';

/** The faults, devices and frost nights the control server drives, and the simulator's own ends. */
export type Simulator = ControlledFarm & {
  /** Where the fault-injection server listens, if it runs. */
  controlUrl: string | null;
  close(): Promise<void>;
};

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const farm = createFarm(options);
  const { log } = farm;

  // Network servers first: a radio with a devEUI must not report natively while its site's
  // network server is still connecting.
  const networkServers: NetworkServer[] = [];
  const clients: MqttClient[] = [];
  const endClients = () =>
    Promise.all(
      [...clients, ...networkServers.map((server) => server.client)].map((client) =>
        client.endAsync(),
      ),
    );
  try {
    for (const site of options.sites) {
      if (!site.network) continue;
      const server = await connectNetworkServer(farm, site.siteId, site.network);
      networkServers.push(server);
      farm.networks.set(site.siteId, server);
    }
    clients.push(...(await Promise.all(options.sites.map((site) => connectSite(farm, site)))));
  } catch (error) {
    farm.closed = true;
    await endClients();
    throw error;
  }
  for (const server of networkServers) {
    const client = clients[options.sites.findIndex((site) => site.siteId === server.siteId)];
    if (client) server.addUnprovisioned(client);
  }

  const simulator: Simulator = {
    inject: (input) => injectFault(farm, input),
    clear: (filter) => clearFaults(farm, filter),
    faults: () => farm.faults.map((fault) => ({ ...fault })),
    frostNight: (input) => startFrostNight(farm, input),
    frostNights: () =>
      [...farm.sites.values()].flatMap((site) =>
        site.frostNight ? [describeFrostNight(site.frostNight)] : [],
      ),
    clearFrostNight: (siteId) => clearFrostNight(farm, siteId),
    devices: () =>
      [...farm.runners.values()]
        .map((runner) => runner.device.summary(faultsFor(farm, runner.device)))
        .sort((a, b) => a.siteId - b.siteId || a.serialno.localeCompare(b.serialno)),
    controlUrl: null,
    async close() {
      farm.closed = true;
      for (const pending of farm.pastPending.values()) {
        if (pending.timer) clearTimeout(pending.timer);
      }
      for (const runner of farm.runners.values()) stopRunner(runner);
      for (const timer of farm.pendingTimers) clearTimeout(timer);
      farm.pendingTimers.clear();
      for (const timer of farm.nightTimers.values()) clearTimeout(timer);
      farm.nightTimers.clear();
      await control?.close();
      await endClients();
    },
  };

  let control: ControlServer | null = null;
  if (options.controlPort !== undefined) {
    try {
      control = await startControlServer(simulator, {
        port: options.controlPort,
        host: options.controlHost ?? '127.0.0.1',
      });
    } catch (error) {
      farm.closed = true;
      for (const runner of farm.runners.values()) stopRunner(runner);
      await endClients();
      throw error;
    }
    simulator.controlUrl = control.url;
  }
  log.info(
    { sites: options.sites.map((site) => site.siteId), controlUrl: simulator.controlUrl },
    'simulator connected',
  );
  return simulator;
}

/**
 * Connects as the site's gateway and subscribes to its downlinks: configs build, update or remove
 * its devices, commands go to the device they name. Refused when the broker will not give the
 * gateway its site's downlinks.
 */
async function connectSite(farm: Farm, site: SimulatorSite): Promise<MqttClient> {
  const { options, topicRoot, log } = farm;
  const username = site.username ?? `gateway-${site.siteId}`;
  const client = await mqtt.connectAsync(options.brokerUrl, {
    clientId: `paddock-simulator-${site.siteId}-${randomUUID().slice(0, 8)}`,
    username,
    ...(site.password === undefined ? {} : { password: site.password }),
    clean: true,
    protocolVersion: options.protocolVersion ?? 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    keepalive: 30,
  });
  client.on('message', (topic, payload) => {
    const parsed = parseFieldTopic(topicRoot, topic);
    if (!parsed || parsed.direction !== 'down' || parsed.siteId !== site.siteId) {
      log.warn({ topic }, 'message on a topic the simulator does not serve');
      return;
    }
    if (parsed.kind === 'config')
      onConfig(farm, client, { siteId: site.siteId, serialno: parsed.serialno, payload });
    else onCommand(farm, site.siteId, parsed.serialno, payload);
  });
  client.on('error', (error) =>
    log.warn({ siteId: site.siteId, err: error.message }, 'broker link'),
  );
  const granted = await client.subscribeAsync(siteDownlinksFilter(topicRoot, site.siteId), {
    qos: 1,
  });
  if (granted.some((grant) => grant.qos === 128)) {
    await client.endAsync();
    throw new Error(`the broker refused ${username} the downlinks of site ${site.siteId}`);
  }
  return client;
}
