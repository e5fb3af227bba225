/**
 * How the server's own clients reach the broker. The embedded broker knows the server by the
 * `server` user and its derived key; an external broker (MQTT_URL) by the credentials in its URL,
 * which the operator sets up with the broker's own users and ACLs (docs/field-protocol.md).
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { fieldKey, SERVER_USERNAME } from './credentials.ts';

export type BrokerEndpoint = {
  url: string;
  /** The embedded broker checks keys; an external one brings its credentials in the URL. */
  kind: 'embedded' | 'external';
  /** Derives keys for the embedded broker. */
  fieldSecret: string;
};

export function serverClientOptions(broker: BrokerEndpoint, clientId: string): IClientOptions {
  const options: IClientOptions = {
    clientId,
    // A persistent session: QoS 1 messages for the server queue at the broker while it is away.
    clean: false,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    keepalive: 30,
  };
  if (broker.kind === 'embedded') {
    options.username = SERVER_USERNAME;
    options.password = fieldKey(broker.fieldSecret, SERVER_USERNAME);
  }
  return options;
}

/**
 * The server's login apart from the URL, for a client that takes them separately (ingest's
 * own, ingest/mqtt-client.ts): the URL's credentials on an external broker, the derived key on
 * the embedded one.
 */
export function serverLogin(broker: BrokerEndpoint): {
  url: string;
  kind: BrokerEndpoint['kind'];
  username?: string;
  password?: string;
} {
  if (broker.kind === 'embedded') {
    return {
      url: broker.url,
      kind: broker.kind,
      username: SERVER_USERNAME,
      password: fieldKey(broker.fieldSecret, SERVER_USERNAME),
    };
  }
  const url = new URL(broker.url);
  if (!url.username) return { url: broker.url, kind: broker.kind };
  return {
    url: broker.url,
    kind: broker.kind,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/** A connected mqtt.js client for the server's control traffic (commands, acks, configs). */
export function connectServerClient(broker: BrokerEndpoint, clientId: string): Promise<MqttClient> {
  return mqtt.connectAsync(broker.url, serverClientOptions(broker, clientId));
}
