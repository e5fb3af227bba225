/**
 * A broker for tests: the embedded one (in memory) by default, or the machine's Mosquitto when
 * MQTT_URL is set (CI). On a shared broker every test uses its own topic root, so retained
 * configs and queued messages of one test never reach another.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IClientOptions } from 'mqtt';
import { startEmbeddedBroker } from '../../src/field/broker.ts';
import type { BrokerEndpoint } from '../../src/field/connection.ts';
import { fieldKey } from '../../src/field/credentials.ts';

export type TestBroker = BrokerEndpoint & {
  topicRoot: string;
  /** Connect options for a device or gateway user (the key is ignored by an external broker). */
  clientOptions: (username: string, clientId?: string) => IClientOptions;
  close: () => Promise<void>;
};

export async function startTestBroker(
  options: { deviceSite?: (serialno: string) => Promise<number | null> } = {},
): Promise<TestBroker> {
  const fieldSecret = randomBytes(32).toString('base64url');
  const clientOptions = (username: string, clientId = `${username}-${randomUUID()}`) => ({
    clientId,
    username,
    password: fieldKey(fieldSecret, username),
    reconnectPeriod: 0,
  });
  const external = process.env.MQTT_URL;
  if (external) {
    return {
      url: external,
      kind: 'external',
      fieldSecret,
      topicRoot: `paddock-test/${randomUUID()}`,
      clientOptions,
      close: async () => {},
    };
  }
  const broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    topicRoot: 'paddock/v1',
    fieldSecret,
    deviceSite: options.deviceSite ?? (async () => null),
  });
  return {
    url: broker.url,
    kind: 'embedded',
    fieldSecret,
    topicRoot: 'paddock/v1',
    clientOptions,
    close: broker.close,
  };
}
