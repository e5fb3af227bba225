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
import { generate, parser as packetParser, type Packet } from 'mqtt-packet';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { MAX_FIELD_PACKET_BYTES } from '../field/packet-size-limit.ts';
import {
  AckQueue,
  asBuffer,
  connectPacket,
  ConnectionRefusedError,
  pubackPackets,
  redacted,
  refusalReason,
  SESSION_TAKEN_OVER,
} from './mqtt-wire.ts';

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
  /**
   * A clean session, for a broker that is not ours (a network server's): nothing is queued for
   * us there while we are away. By default the session persists.
   */
  clean?: boolean;
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

type Connection = {
  socket: Socket;
  acks: AckQueue;
  /** Message ids free to acknowledge, written together once the current task is done. */
  acksOut: number[];
  /** Set once the SUBACK arrived: the connection is in use. */
  ready: boolean;
  pingOutstanding: boolean;
  keepaliveTimer: NodeJS.Timeout | null;
  connectTimer: NodeJS.Timeout | null;
  /** Why the socket closed, when we know: logged, and the first connection's start rejects with it. */
  failure: Error | null;
};

/** One client's settings and what it keeps from one connection to the next. */
type ClientState = {
  options: IngestClientOptions;
  url: URL;
  secure: boolean;
  host: string;
  port: number;
  keepalive: number;
  minDelay: number;
  maxDelay: number;
  connectTimeout: number;
  wireOptions: { protocolVersion: 4 | 5 };
  log: IngestClientLog;
  maxPayloadBytes: number;
  current: Connection | null;
  closing: boolean;
  paused: boolean;
  everConnected: boolean;
  delay: number;
  reconnectTimer: NodeJS.Timeout | null;
  /** When the connection in use was lost; null while connected or before the first. */
  lostAt: number | null;
  handle: IngestClient | null;
  resolveStart: (client: IngestClient) => void;
  rejectStart: (error: Error) => void;
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
  const minDelay = options.reconnectMinMs ?? 250;
  return new Promise<IngestClient>((resolveStart, rejectStart) => {
    const state: ClientState = {
      options,
      url,
      secure,
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : secure ? 8883 : 1883,
      keepalive: options.keepaliveSeconds ?? 30,
      minDelay,
      // Short: uplinks a broker takes while we are away may find no subscriber (a broker
      // restarted without its sessions, or one whose restored shared subscription delivers
      // nothing until it is made again), so every second away can lose devices' messages.
      maxDelay: options.reconnectMaxMs ?? 2_000,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
      wireOptions: { protocolVersion: options.protocolVersion },
      log: options.log,
      maxPayloadBytes: options.maxPayloadBytes ?? MAX_FIELD_PACKET_BYTES,
      current: null,
      closing: false,
      paused: false,
      everConnected: false,
      delay: minDelay,
      reconnectTimer: null,
      lostAt: null,
      handle: null,
      resolveStart,
      rejectStart,
    };
    state.handle = clientHandle(state);
    open(state);
  });
}

function clientHandle(state: ClientState): IngestClient {
  return {
    isConnected: () => state.current?.ready === true,
    pause: () => {
      state.paused = true;
      state.current?.socket.pause();
    },
    resume: () => {
      state.paused = false;
      state.current?.socket.resume();
    },
    close: async () => {
      state.closing = true;
      if (state.reconnectTimer) clearTimeout(state.reconnectTimer);
      const connection = state.current;
      if (!connection || connection.socket.destroyed) return;
      await new Promise<void>((resolve) => {
        connection.socket.once('close', () => resolve());
        if (connection.ready) {
          send(state, connection, { cmd: 'disconnect' });
          connection.socket.end();
        } else {
          connection.socket.destroy();
        }
      });
    },
  };
}

function send(state: ClientState, connection: Connection, packet: Packet) {
  if (!connection.socket.destroyed) connection.socket.write(generate(packet, state.wireOptions));
}

/** Ends a connection for a reason the close handler logs (or the start rejects with). */
function drop(connection: Connection, failure: Error) {
  connection.failure = failure;
  connection.socket.destroy();
}

function failFirst(state: ClientState, error: Error): boolean {
  if (state.everConnected) return false;
  state.closing = true;
  state.rejectStart(error);
  return true;
}

function scheduleReconnect(state: ClientState) {
  if (state.closing) return;
  // Right after losing a connection that was in use, try every FAST_RETRY_MS: a restarted
  // broker without our session drops what devices send until we subscribe again, and devices
  // flush everything they held back as soon as they are in (mqtt.js retries every second).
  const justLost = state.lostAt !== null && Date.now() - state.lostAt < FAST_RETRY_WINDOW_MS;
  const wait = justLost ? Math.min(state.delay, FAST_RETRY_MS) : state.delay;
  state.delay = Math.min(Math.max(state.delay * 2, state.minDelay), state.maxDelay);
  state.reconnectTimer = setTimeout(() => open(state), wait);
}

function open(state: ClientState) {
  const { host, port, options } = state;
  state.reconnectTimer = null;
  const socket = state.secure
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
    connectTimer: null,
    failure: null,
  };
  state.current = connection;
  if (state.paused) socket.pause();
  const parser = packetParser(state.wireOptions);

  connection.connectTimer = setTimeout(() => {
    connection.failure = new Error(
      `MQTT broker ${options.url} did not answer within ${state.connectTimeout} ms`,
    );
    socket.destroy();
  }, state.connectTimeout);

  socket.once(state.secure ? 'secureConnect' : 'connect', () =>
    send(
      state,
      connection,
      connectPacket({
        protocolVersion: options.protocolVersion,
        clientId: options.clientId,
        ...(options.clean !== undefined ? { clean: options.clean } : {}),
        ...(options.username !== undefined ? { username: options.username } : {}),
        ...(options.password !== undefined ? { password: options.password } : {}),
        keepaliveSeconds: state.keepalive,
        ...(options.sessionExpirySeconds !== undefined
          ? { sessionExpirySeconds: options.sessionExpirySeconds }
          : {}),
        ...(options.receiveMaximum !== undefined ? { receiveMaximum: options.receiveMaximum } : {}),
        maxPayloadBytes: state.maxPayloadBytes,
      }),
    ),
  );
  socket.on('data', (chunk: Buffer) => parser.parse(chunk));
  socket.on('error', (error) => {
    connection.failure ??= error;
  });
  parser.on('error', (error: Error) => {
    connection.failure ??= new Error(`malformed packet from the broker: ${error.message}`);
    socket.destroy();
  });
  socket.on('close', () => onClose(state, connection));
  parser.on('packet', (packet: Packet) => onPacket(state, connection, packet));
}

function onClose(state: ClientState, connection: Connection) {
  if (connection.connectTimer) clearTimeout(connection.connectTimer);
  if (connection.keepaliveTimer) clearInterval(connection.keepaliveTimer);
  const wasReady = connection.ready;
  connection.ready = false;
  if (state.current === connection) state.current = null;
  if (state.closing) return;
  const error = connection.failure ?? new Error('connection closed by the broker');
  if (failFirst(state, error)) return;
  // A connection that was in use is tried again at once, then often, then with backoff.
  if (wasReady) {
    state.delay = 0;
    state.lostAt = Date.now();
  }
  state.log.warn(
    { err: error.message, retryInMs: state.delay },
    'ingest lost the MQTT broker; reconnecting',
  );
  scheduleReconnect(state);
}

const SUBSCRIBE_ID = 1;

function onPacket(state: ClientState, connection: Connection, packet: Packet) {
  const { options } = state;
  switch (packet.cmd) {
    case 'connack': {
      const code =
        options.protocolVersion === 5 ? (packet.reasonCode ?? 0) : (packet.returnCode ?? 0);
      if (code !== 0) {
        drop(connection, new ConnectionRefusedError(code, redacted(state.url)));
        return;
      }
      send(state, connection, {
        cmd: 'subscribe',
        messageId: SUBSCRIBE_ID,
        subscriptions: options.filters.map((topic) => ({ topic, qos: 1 as const })),
      });
      return;
    }
    case 'suback':
      onSubscribed(state, connection, packet.granted as number[]);
      return;
    case 'publish':
      onPublish(state, connection, packet);
      return;
    case 'pingresp':
      connection.pingOutstanding = false;
      return;
    case 'disconnect':
      if (packet.reasonCode === SESSION_TAKEN_OVER) {
        state.log.error(
          { clientId: options.clientId },
          'another process connected with this client id and took the session: give each ' +
            'process its own PADDOCK_INSTANCE',
        );
      }
      // MQTT 5: the broker says why before it closes (e.g. another client took our id).
      connection.failure = new Error(
        `the broker disconnected us: ${refusalReason(packet.reasonCode ?? 0)} (code ${packet.reasonCode ?? 0})`,
      );
      return;
    default:
      return;
  }
}

function onSubscribed(state: ClientState, connection: Connection, granted: number[]) {
  const refused = granted
    .map((code, i) => ({ code, filter: state.options.filters[i] }))
    .filter(({ code }) => code >= 0x80);
  if (refused.length > 0) {
    drop(
      connection,
      new Error(
        `MQTT broker refused the subscription to ${refused.map((r) => r.filter).join(', ')}`,
      ),
    );
    return;
  }
  if (connection.connectTimer) clearTimeout(connection.connectTimer);
  connection.ready = true;
  state.delay = state.minDelay;
  state.lostAt = null;
  connection.keepaliveTimer = setInterval(() => {
    // A PINGREQ unanswered for a whole keepalive period: the link is dead.
    if (connection.pingOutstanding) {
      drop(connection, new Error('the broker stopped answering PINGREQ'));
      return;
    }
    connection.pingOutstanding = true;
    send(state, connection, { cmd: 'pingreq' });
  }, state.keepalive * 1000);
  connection.keepaliveTimer.unref();
  if (state.everConnected) {
    state.log.info({ url: redacted(state.url) }, 'ingest reconnected to the MQTT broker');
  } else {
    state.everConnected = true;
    state.resolveStart(state.handle as IngestClient);
  }
}

function onPublish(
  state: ClientState,
  connection: Connection,
  packet: Extract<Packet, { cmd: 'publish' }>,
) {
  const { options, maxPayloadBytes } = state;
  const payload = asBuffer(packet.payload);
  if (payload.length > maxPayloadBytes) {
    state.log.warn(
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
    drop(connection, new Error(`the broker sent a QoS ${packet.qos} message`));
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
      if (acked || state.current !== connection) return;
      acked = true;
      const ready = acks.complete(position);
      if (ready.length > 0) writeAcks(connection, ready);
    },
  });
}

/**
 * A committed batch acks hundreds of messages in one go: their PUBACKs leave in one write after
 * the task that acked them, not one small TCP segment each (which cost the broker as much as us).
 */
function writeAcks(connection: Connection, messageIds: number[]) {
  const waiting = connection.acksOut.length > 0;
  for (const messageId of messageIds) connection.acksOut.push(messageId);
  if (waiting) return;
  queueMicrotask(() => {
    const ids = connection.acksOut;
    connection.acksOut = [];
    if (connection.socket.destroyed) return;
    connection.socket.write(pubackPackets(ids));
  });
}

/** How often a lost broker is tried again in the first FAST_RETRY_WINDOW_MS. */
const FAST_RETRY_MS = 100;
const FAST_RETRY_WINDOW_MS = 30_000;

/** A QoS 0 message needs no acknowledgement. */
function ack() {}
