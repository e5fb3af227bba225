/**
 * The MQTT subscriber behind ingest: just enough MQTT (3.1.1 and 5) over a TCP or TLS socket to
 * take QoS 1 uplinks in batches and acknowledge them only after they are committed.
 *
 * Why not mqtt.js: it sends a QoS 1 message's PUBACK when its handler calls back, and it hands
 * the next message over only after that (its `work` loop and handlers/publish.js), so a handler
 * that waits for a database commit sees one message per commit. Here every PUBLISH goes to the
 * handler at once with an `ack()`; the caller commits many and then acks them.
 *
 * Guarantees: at-least-once. A message is acknowledged only through its `ack()`, PUBACKs go out
 * in the order the PUBLISHes came in (MQTT 3.1.1 §4.6), and an `ack()` from before a reconnect
 * sends nothing: the broker redelivers such messages in the persistent session (clean = false).
 */
import { generate, parser as packetParser, type IConnectPacket, type Packet } from 'mqtt-packet';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { MAX_FIELD_PACKET_BYTES } from '../field/packet-size-limit.ts';

export type IngestClientLog = {
  info: (object: object, message?: string) => void;
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

export type IncomingMessage = {
  topic: string;
  payload: Buffer;
  /** Set only on a retained message the broker replays because we (re)subscribed. */
  retain: boolean;
  /** Sends the PUBACK (after the PUBACKs of every earlier message); idempotent. */
  ack: () => void;
};

export type IngestClientOptions = {
  /** mqtt://host:port or mqtts://host:port. */
  url: string;
  /** Stable across restarts: the broker keeps the session (subscriptions, queue) under it. */
  clientId: string;
  username?: string;
  password?: string;
  /** 4 = MQTT 3.1.1 (aedes), 5 = MQTT 5 (Mosquitto, EMQX). */
  protocolVersion: 4 | 5;
  /** Topic filters, subscribed with QoS 1 on every connect. */
  filters: readonly string[];
  onMessage: (message: IncomingMessage) => void;
  log: IngestClientLog;
  keepaliveSeconds?: number;
  /**
   * MQTT 5: how long the broker keeps the session while the client is away. MQTT 5 ends a session
   * at disconnect unless this is set, so without it a restart would lose the queue.
   */
  sessionExpirySeconds?: number;
  /** MQTT 5: QoS 1 messages the broker may have in flight to us (Mosquitto's v3 default is 20). */
  receiveMaximum?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  connectTimeoutMs?: number;
  /**
   * A message with a larger payload is acknowledged and dropped with a log line, never stored:
   * an external broker without a size limit could otherwise hand ingest any size.
   */
  maxPayloadBytes?: number;
};

export type IngestClient = {
  isConnected: () => boolean;
  /** Stops reading from the socket (TCP back-pressure on the broker) until `resume`. */
  pause: () => void;
  resume: () => void;
  /** Sends DISCONNECT and closes; the broker keeps the session for the next start. */
  close: () => Promise<void>;
};

/** A CONNACK that refused us, with the broker's reason in words. */
export class ConnectionRefusedError extends Error {
  constructor(
    readonly code: number,
    url: string,
  ) {
    super(`MQTT broker ${url} refused the connection: ${refusalReason(code)} (code ${code})`);
    this.name = 'ConnectionRefusedError';
  }
}

const REFUSALS: Record<number, string> = {
  // MQTT 3.1.1 return codes.
  1: 'unacceptable protocol version',
  2: 'client identifier rejected',
  3: 'server unavailable',
  4: 'bad user name or password',
  5: 'not authorized',
  // MQTT 5 reason codes.
  0x80: 'unspecified error',
  0x81: 'malformed packet',
  0x82: 'protocol error',
  0x83: 'implementation specific error',
  0x84: 'unsupported protocol version',
  0x85: 'client identifier not valid',
  0x86: 'bad user name or password',
  0x87: 'not authorized',
  0x88: 'server unavailable',
  0x89: 'server busy',
  0x8a: 'banned',
  0x8c: 'bad authentication method',
  0x90: 'topic name invalid',
  0x95: 'packet too large',
  0x97: 'quota exceeded',
  0x99: 'payload format invalid',
  0x9a: 'retain not supported',
  0x9b: 'QoS not supported',
  0x9c: 'use another server',
  0x9d: 'server moved',
  0x9f: 'connection rate exceeded',
};

function refusalReason(code: number): string {
  return REFUSALS[code] ?? 'unknown reason';
}

/** PUBACKs waiting for their turn: acks leave in receive order, whatever order `ack()` comes in. */
class AckQueue {
  private ids: number[] = [];
  private done: boolean[] = [];
  /** Absolute position of `ids[0]`: positions handed out stay valid when the front is dropped. */
  private base = 0;
  private head = 0;

  /** Queues a message id; returns its position for `complete`. */
  push(messageId: number): number {
    this.ids.push(messageId);
    this.done.push(false);
    return this.base + this.ids.length - 1;
  }

  /** Marks one done and returns the message ids now free to acknowledge, in order. */
  complete(position: number): number[] {
    const index = position - this.base;
    if (index < this.head) return [];
    this.done[index] = true;
    const ready: number[] = [];
    while (this.head < this.ids.length && this.done[this.head]) {
      ready.push(this.ids[this.head] as number);
      this.head++;
    }
    if (this.head > 4096 && this.head * 2 > this.ids.length) {
      this.ids = this.ids.slice(this.head);
      this.done = this.done.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
    return ready;
  }
}

type Connection = {
  socket: Socket;
  acks: AckQueue;
  /** Message ids free to acknowledge, written together once the current task is done. */
  acksOut: number[];
  /** Set once the SUBACK arrived: the connection is in use. */
  ready: boolean;
  pingOutstanding: boolean;
  keepaliveTimer: NodeJS.Timeout | null;
};

/**
 * Connects, subscribes and resolves once the subscription stands. The first connection's
 * failure rejects (a wrong key or URL should stop the server's start with a clear message);
 * after that the client reconnects with backoff for as long as it is open.
 */
export function startIngestClient(options: IngestClientOptions): Promise<IngestClient> {
  const url = new URL(options.url);
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') {
    return Promise.reject(
      new Error(`ingest connects over mqtt:// or mqtts://, not ${url.protocol}//`),
    );
  }
  const secure = url.protocol === 'mqtts:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : secure ? 8883 : 1883;
  const keepalive = options.keepaliveSeconds ?? 30;
  const minDelay = options.reconnectMinMs ?? 250;
  // Short: uplinks a broker takes while we are away may find no subscriber (a broker restarted
  // without its sessions, or one whose restored shared subscription delivers nothing until it is
  // made again), so every second away can lose devices' messages.
  const maxDelay = options.reconnectMaxMs ?? 2_000;
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  const wireOptions = { protocolVersion: options.protocolVersion };
  const log = options.log;
  const maxPayloadBytes = options.maxPayloadBytes ?? MAX_FIELD_PACKET_BYTES;

  let current: Connection | null = null;
  let closing = false;
  let paused = false;
  let everConnected = false;
  let delay = minDelay;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** When the connection in use was lost; null while connected or before the first. */
  let lostAt: number | null = null;

  const send = (connection: Connection, packet: Packet) => {
    if (!connection.socket.destroyed) connection.socket.write(generate(packet, wireOptions));
  };

  const connectPacket = (): IConnectPacket => {
    const packet: IConnectPacket = {
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: options.protocolVersion,
      clientId: options.clientId,
      // A persistent session: subscriptions and unacknowledged messages outlive the connection.
      clean: false,
      keepalive,
    };
    if (options.username !== undefined) packet.username = options.username;
    if (options.password !== undefined) packet.password = Buffer.from(options.password, 'utf8');
    if (options.protocolVersion === 5) {
      packet.properties = {
        sessionExpiryInterval: options.sessionExpirySeconds ?? 7 * 24 * 3600,
        receiveMaximum: options.receiveMaximum ?? 65_535,
        // MQTT 5 §3.1.2.11.4: the broker discards a larger message for us instead of sending it.
        maximumPacketSize: maxPayloadBytes + OVERHEAD_ALLOWANCE_BYTES,
      };
    }
    return packet;
  };

  return new Promise<IngestClient>((resolveStart, rejectStart) => {
    const client: IngestClient = {
      isConnected: () => current?.ready === true,
      pause: () => {
        paused = true;
        current?.socket.pause();
      },
      resume: () => {
        paused = false;
        current?.socket.resume();
      },
      close: async () => {
        closing = true;
        if (reconnectTimer) clearTimeout(reconnectTimer);
        const connection = current;
        if (!connection || connection.socket.destroyed) return;
        await new Promise<void>((resolve) => {
          connection.socket.once('close', () => resolve());
          if (connection.ready) {
            send(connection, { cmd: 'disconnect' });
            connection.socket.end();
          } else {
            connection.socket.destroy();
          }
        });
      },
    };

    const failFirst = (error: Error) => {
      if (everConnected) return false;
      closing = true;
      rejectStart(error);
      return true;
    };

    const scheduleReconnect = () => {
      if (closing) return;
      // Right after losing a connection that was in use, try every FAST_RETRY_MS: a restarted
      // broker without our session drops what devices send until we subscribe again, and devices
      // flush everything they held back as soon as they are in (mqtt.js retries every second).
      const justLost = lostAt !== null && Date.now() - lostAt < FAST_RETRY_WINDOW_MS;
      const wait = justLost ? Math.min(delay, FAST_RETRY_MS) : delay;
      delay = Math.min(Math.max(delay * 2, minDelay), maxDelay);
      reconnectTimer = setTimeout(open, wait);
    };

    function open() {
      reconnectTimer = null;
      const socket = secure
        ? tlsConnect({ host, port, servername: host })
        : netConnect({ host, port });
      socket.setNoDelay(true);
      const connection: Connection = {
        socket,
        acks: new AckQueue(),
        acksOut: [],
        ready: false,
        pingOutstanding: false,
        keepaliveTimer: null,
      };
      current = connection;
      if (paused) socket.pause();
      const parser = packetParser(wireOptions);
      let failure: Error | null = null;

      const connectTimer = setTimeout(() => {
        failure = new Error(
          `MQTT broker ${options.url} did not answer within ${connectTimeout} ms`,
        );
        socket.destroy();
      }, connectTimeout);

      socket.once(secure ? 'secureConnect' : 'connect', () => send(connection, connectPacket()));
      socket.on('data', (chunk: Buffer) => parser.parse(chunk));
      socket.on('error', (error) => {
        failure ??= error;
      });
      parser.on('error', (error: Error) => {
        failure ??= new Error(`malformed packet from the broker: ${error.message}`);
        socket.destroy();
      });

      socket.on('close', () => {
        clearTimeout(connectTimer);
        if (connection.keepaliveTimer) clearInterval(connection.keepaliveTimer);
        const wasReady = connection.ready;
        connection.ready = false;
        if (current === connection) current = null;
        if (closing) return;
        const error = failure ?? new Error('connection closed by the broker');
        if (failFirst(error)) return;
        // A connection that was in use is tried again at once, then often, then with backoff.
        if (wasReady) {
          delay = 0;
          lostAt = Date.now();
        }
        log.warn(
          { err: error.message, retryInMs: delay },
          'ingest lost the MQTT broker; reconnecting',
        );
        scheduleReconnect();
      });

      const subscribeId = 1;

      parser.on('packet', (packet: Packet) => {
        switch (packet.cmd) {
          case 'connack': {
            const code =
              options.protocolVersion === 5 ? (packet.reasonCode ?? 0) : (packet.returnCode ?? 0);
            if (code !== 0) {
              failure = new ConnectionRefusedError(code, redacted(url));
              socket.destroy();
              return;
            }
            send(connection, {
              cmd: 'subscribe',
              messageId: subscribeId,
              subscriptions: options.filters.map((topic) => ({ topic, qos: 1 as const })),
            });
            return;
          }
          case 'suback': {
            const refused = (packet.granted as number[])
              .map((code, i) => ({ code, filter: options.filters[i] }))
              .filter(({ code }) => code >= 0x80);
            if (refused.length > 0) {
              failure = new Error(
                `MQTT broker refused the subscription to ${refused.map((r) => r.filter).join(', ')}`,
              );
              socket.destroy();
              return;
            }
            clearTimeout(connectTimer);
            connection.ready = true;
            delay = minDelay;
            lostAt = null;
            connection.keepaliveTimer = setInterval(() => {
              // A PINGREQ unanswered for a whole keepalive period: the link is dead.
              if (connection.pingOutstanding) {
                failure = new Error('the broker stopped answering PINGREQ');
                socket.destroy();
                return;
              }
              connection.pingOutstanding = true;
              send(connection, { cmd: 'pingreq' });
            }, keepalive * 1000);
            connection.keepaliveTimer.unref();
            if (everConnected) {
              log.info({ url: redacted(url) }, 'ingest reconnected to the MQTT broker');
            } else {
              everConnected = true;
              resolveStart(client);
            }
            return;
          }
          case 'publish': {
            const payload = asBuffer(packet.payload);
            if (payload.length > maxPayloadBytes) {
              log.warn(
                { topic: packet.topic, bytes: payload.length, limit: maxPayloadBytes },
                'ingest dropped a message over the size limit',
              );
              // Acknowledged, so the broker does not hand it over again.
              if (packet.qos === 1 && packet.messageId !== undefined) {
                const ready = connection.acks.complete(connection.acks.push(packet.messageId));
                if (ready.length > 0) writeAcks(connection, ready);
              }
              return;
            }
            if (packet.qos === 0) {
              options.onMessage({
                topic: packet.topic,
                payload,
                retain: packet.retain,
                ack,
              });
              return;
            }
            if (packet.qos !== 1 || packet.messageId === undefined) {
              // We subscribe with QoS 1; a broker that sends QoS 2 breaks the protocol.
              failure = new Error(`the broker sent a QoS ${packet.qos} message`);
              socket.destroy();
              return;
            }
            const { acks } = connection;
            const position = acks.push(packet.messageId);
            let acked = false;
            options.onMessage({
              topic: packet.topic,
              payload: asBuffer(packet.payload),
              retain: packet.retain,
              ack: () => {
                if (acked || current !== connection) return;
                acked = true;
                const ready = acks.complete(position);
                if (ready.length > 0) writeAcks(connection, ready);
              },
            });
            return;
          }
          case 'pingresp':
            connection.pingOutstanding = false;
            return;
          case 'disconnect':
            if (packet.reasonCode === SESSION_TAKEN_OVER) {
              log.error(
                { clientId: options.clientId },
                'another process connected with this client id and took the session: give each ' +
                  'process its own PADDOCK_INSTANCE',
              );
            }
            // MQTT 5: the broker says why before it closes (e.g. another client took our id).
            failure = new Error(
              `the broker disconnected us: ${refusalReason(packet.reasonCode ?? 0)} (code ${packet.reasonCode ?? 0})`,
            );
            return;
          default:
            return;
        }
      });
    }

    /**
     * A committed batch acks hundreds of messages in one go: their PUBACKs leave in one write
     * after the task that acked them, not one small TCP segment each (which cost the broker as
     * much as us). Each is the 4-byte form both MQTT 3.1.1 and 5 (reason Success, no
     * properties: MQTT 5 §3.4.2.1) define: type, remaining length 2, message id.
     */
    const writeAcks = (connection: Connection, messageIds: number[]) => {
      const waiting = connection.acksOut.length > 0;
      for (const messageId of messageIds) connection.acksOut.push(messageId);
      if (waiting) return;
      queueMicrotask(() => {
        const ids = connection.acksOut;
        connection.acksOut = [];
        if (connection.socket.destroyed) return;
        const packets = Buffer.allocUnsafe(ids.length * 4);
        ids.forEach((messageId, index) => {
          packets[index * 4] = PUBACK_HEADER;
          packets[index * 4 + 1] = 2;
          packets.writeUInt16BE(messageId, index * 4 + 2);
        });
        connection.socket.write(packets);
      });
    };

    open();
  });
}

/** How often a lost broker is tried again in the first FAST_RETRY_WINDOW_MS. */
const FAST_RETRY_MS = 100;
const FAST_RETRY_WINDOW_MS = 30_000;

/** MQTT 5 DISCONNECT reason: another connection with the same client id took the session. */
const SESSION_TAKEN_OVER = 0x8e;

/** PUBACK's fixed header byte: packet type 4, no flags. */
const PUBACK_HEADER = 0x40;

/** A QoS 0 message needs no acknowledgement. */
function ack() {}

/** Room for a publish's topic and properties beside its payload. */
const OVERHEAD_ALLOWANCE_BYTES = 4096;

function asBuffer(payload: string | Buffer): Buffer {
  return typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
}

/** The URL for messages, without its password. */
function redacted(url: URL): string {
  return `${url.protocol}//${url.host}`;
}
