/**
 * The retained device configs of some sites, collected once: what the back-fill and the scale
 * mode build their devices from. The broker sends retained messages right after the
 * subscription; once none has come for a short while, the collection is complete.
 */
import {
  configDownlinkSchema,
  parseFieldTopic,
  siteDownlinksFilter,
  type ConfigDownlink,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { SimulatorLog, SimulatorSite } from './simulator.ts';

export type SiteConfigs = {
  siteId: number;
  client: MqttClient;
  configs: ConfigDownlink[];
};

export async function collectConfigs(input: {
  brokerUrl: string;
  topicRoot: string;
  sites: readonly SimulatorSite[];
  log: SimulatorLog;
  /** Done once no config has come for this long. */
  quietMs?: number;
  /** And at the latest after this long. */
  maxWaitMs?: number;
}): Promise<SiteConfigs[]> {
  const quietMs = input.quietMs ?? 500;
  const maxWaitMs = input.maxWaitMs ?? 15_000;
  return Promise.all(
    input.sites.map(async (site) => {
      const client = await mqtt.connectAsync(input.brokerUrl, {
        clientId: `paddock-simulator-${site.siteId}-${randomUUID().slice(0, 8)}`,
        username: site.username ?? `gateway-${site.siteId}`,
        ...(site.password === undefined ? {} : { password: site.password }),
        clean: true,
        reconnectPeriod: 1000,
      });
      const configs = new Map<string, ConfigDownlink>();
      /** When the last config came (or the subscription was made). */
      const quiet = { since: Date.now() };
      client.on('message', (topic, payload) => {
        const parsed = parseFieldTopic(input.topicRoot, topic);
        if (!parsed || parsed.direction !== 'down' || parsed.kind !== 'config') return;
        quiet.since = Date.now();
        if (payload.length === 0) {
          configs.delete(parsed.serialno);
          return;
        }
        try {
          const config = configDownlinkSchema.safeParse(JSON.parse(payload.toString('utf8')));
          if (config.success) configs.set(parsed.serialno, config.data);
          else input.log.warn({ topic, reason: config.error.message }, 'config refused');
        } catch {
          input.log.warn({ topic, reason: 'not JSON' }, 'config refused');
        }
      });
      await client.subscribeAsync(siteDownlinksFilter(input.topicRoot, site.siteId), { qos: 1 });
      const started = Date.now();
      quiet.since = started;
      while (Date.now() - quiet.since < quietMs && Date.now() - started < maxWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.unsubscribeAsync(siteDownlinksFilter(input.topicRoot, site.siteId));
      client.removeAllListeners('message');
      return {
        siteId: site.siteId,
        client,
        configs: [...configs.values()].sort((a, b) =>
          a.device.serialno.localeCompare(b.device.serialno),
        ),
      };
    }),
  );
}
