/**
 * The embedded MQTT broker (aedes), used when no MQTT_URL is set: `npm start` needs nothing
 * installed. It enforces the field protocol's authentication and topic rules (credentials.ts).
 * With a data folder its sessions and queued QoS 1 messages live in LevelDB, so the server's
 * persistent subscriptions survive a restart; without one (tests) they live in memory. The
 * uplinks ingest stores are the exception: queued in memory, their PUBACK waits for ingest's
 * commit (stored-uplinks.ts).
 */
import { parseFieldTopic } from '@paddock/domain';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import aedesPersistenceLevel from 'aedes-persistence-level';
import { Level } from 'level';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  identify,
  keyMatches,
  mayPublish,
  maySubscribe,
  type FieldIdentity,
} from './credentials.ts';
import { keepOutOfOrderMessages, PubackGate } from './broker-durability.ts';
import { StoredUplinks } from './stored-uplinks.ts';
import {
  MAX_FIELD_PACKET_BYTES,
  refuseOversizePackets,
  type OversizePacket,
} from './packet-size-limit.ts';

export type EmbeddedBrokerOptions = {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Folder for the broker's LevelDB; null keeps sessions in memory. */
  dataDir: string | null;
  topicRoot: string;
  fieldSecret: string;
  /** The site of a device by serial number, or null when the server knows no such device. */
  deviceSite: (serialno: string) => Promise<number | null>;
  /** Largest packet a client may send; a larger one closes its connection. */
  maxPacketBytes?: number;
  /** Told of each connection closed for an oversize packet. */
  log?: { warn: (object: object, message?: string) => void };
};

export type EmbeddedBroker = {
  url: string;
  port: number;
  close: () => Promise<void>;
};

const identities = new WeakMap<Client, FieldIdentity>();

function authError(message: string): AuthenticateError {
  // 4: bad user name or password (MQTT 3.1.1 CONNACK return code).
  return Object.assign(new Error(message), { returnCode: 4 }) as AuthenticateError;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  let level: Level<string, unknown> | null = null;
  let persistence: unknown;
  let clients: Record<string, unknown> = {};
  // Readings and status: ingest acknowledges them after its commit.
  const storedUplinks = new StoredUplinks(
    (topic) => {
      const parsed = parseFieldTopic(options.topicRoot, topic);
      return parsed?.direction === 'up' && (parsed.kind === 'readings' || parsed.kind === 'status');
    },
    (clientId) => Object.hasOwn(clients, clientId),
  );
  let endRetainedReads = async () => {};
  if (options.dataDir) {
    const folder = path.join(options.dataDir, 'broker');
    mkdirSync(folder, { recursive: true });
    level = new Level(folder);
    const reads = closableRetainedReads(aedesPersistenceLevel(level) as object);
    persistence = storedUplinks.persistence(reads.persistence);
    endRetainedReads = reads.end;
  }

  const broker = await Aedes.createBroker({
    ...(persistence ? { persistence } : {}),
    authenticate: (client, username, password, done) => {
      if (!username || !password) return done(authError('user name and key required'), false);
      if (!keyMatches(options.fieldSecret, username, password.toString('utf8'))) {
        return done(authError('wrong key'), false);
      }
      identify(username, options.deviceSite).then(
        (identity) => {
          if (!identity) return done(authError('unknown device'), false);
          identities.set(client, identity);
          keepOutOfOrderMessages(client);
          done(null, true);
        },
        (error: unknown) => done(authError(String(error)), false),
      );
    },
    authorizePublish: (client, packet, callback) => {
      // A null client is the broker itself (e.g. a will it publishes for a client).
      const identity = client ? identities.get(client) : { kind: 'server' as const };
      if (identity && mayPublish(options.topicRoot, identity, packet.topic)) return callback(null);
      callback(new Error(`not allowed to publish to ${packet.topic}`));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const identity = identities.get(client);
      if (identity && maySubscribe(options.topicRoot, identity, subscription.topic)) {
        return callback(null, subscription);
      }
      // A refusal is answered in the SUBACK (0x80, MQTT 3.1.1 §3.9.3) and the connection stays:
      // a device that asks for too much still gets its own topics on the same connection.
      callback(null, null);
    },
    // The message is now queued for every subscriber: let its PUBACK go (broker-durability.ts),
    // or, for an uplink ingest stores, once ingest has stored it (stored-uplinks.ts).
    published: (packet, client, callback) => {
      const conn: unknown = client?.conn;
      const publisher =
        conn instanceof PubackGate && packet.qos === 1 && packet.messageId !== undefined
          ? { gate: conn, messageId: packet.messageId }
          : null;
      if (storedUplinks.published(packet, publisher)) {
        publisher?.gate.release(publisher.messageId);
      }
      callback(null);
    },
  });

  // aedes's map of connected clients by id (not in its types).
  clients = (broker as unknown as { clients: Record<string, unknown> }).clients;
  broker.on('clientDisconnect', (client) => {
    storedUplinks.disconnected(client.id).catch((error: unknown) =>
      // The device has no PUBACK for these: it sends them again after a reconnect.
      options.log?.warn({ err: String(error), clientId: client.id }, 'uplinks not requeued'),
    );
  });

  const maxPacketBytes = options.maxPacketBytes ?? MAX_FIELD_PACKET_BYTES;
  const server: Server = createServer((socket) => {
    refuseOversizePackets(socket, maxPacketBytes, (packet: OversizePacket) =>
      options.log?.warn(
        { ...packet, remoteAddress: socket.remoteAddress },
        'field broker closed a connection that sent a packet over the size limit',
      ),
    );
    broker.handle(new PubackGate(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `mqtt://${options.host}:${port}`,
    port,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await endRetainedReads();
      await level?.close();
    },
  };
}

/**
 * The broker reads retained messages from LevelDB as streams (a subscription's, a device
 * connecting). One still reading when LevelDB closes throws "Iterator is not open" out of
 * aedes-persistence-level, where nothing can catch it, and takes the process down; so the
 * streams are kept, and ended before LevelDB closes.
 */
function closableRetainedReads<T extends object>(
  inner: T,
): { persistence: T; end: () => Promise<void> } {
  const open = new Set<Readable>();
  const persistence = new Proxy(inner, {
    get: (target, property, receiver) => {
      const value: unknown = Reflect.get(target, property, receiver);
      if (
        (property !== 'createRetainedStreamCombi' && property !== 'createRetainedStream') ||
        typeof value !== 'function'
      ) {
        return value;
      }
      return (...args: unknown[]) => {
        const stream = (value as (...given: unknown[]) => Readable).apply(target, args);
        open.add(stream);
        stream.once('close', () => open.delete(stream));
        return stream;
      };
    },
  });
  const end = async () => {
    await Promise.all(
      [...open].map(
        (stream) =>
          new Promise<void>((resolve) => {
            if (stream.closed) return resolve();
            // Shutting down: the read's own error on its way out concerns no one.
            stream.on('error', () => {});
            stream.once('close', () => resolve());
            stream.destroy();
          }),
      ),
    );
  };
  return { persistence, end };
}
