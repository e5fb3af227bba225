/**
 * The MQTT that ingest's client speaks, without a socket: the CONNECT it sends, the PUBACKs it
 * writes, the order they leave in and the words for a broker's refusal. mqtt-client.ts does the
 * I/O around them.
 */
import type { IConnectPacket } from 'mqtt-packet';

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

export function refusalReason(code: number): string {
  return REFUSALS[code] ?? 'unknown reason';
}

/** PUBACKs waiting for their turn: acks leave in receive order, whatever order `ack()` comes in. */
export class AckQueue {
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

/** What the CONNECT says: who we are and, on MQTT 5, how the broker is to keep our session. */
export type ConnectSettings = {
  protocolVersion: 4 | 5;
  clientId: string;
  /** A clean session (MQTT 5: clean start, ended at disconnect); persistent by default. */
  clean?: boolean;
  username?: string;
  password?: string;
  keepaliveSeconds: number;
  sessionExpirySeconds?: number;
  receiveMaximum?: number;
  maxPayloadBytes: number;
};

export function connectPacket(settings: ConnectSettings): IConnectPacket {
  const packet: IConnectPacket = {
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: settings.protocolVersion,
    clientId: settings.clientId,
    // A persistent session unless asked: subscriptions and unacknowledged messages outlive the
    // connection.
    clean: settings.clean ?? false,
    keepalive: settings.keepaliveSeconds,
  };
  if (settings.username !== undefined) packet.username = settings.username;
  if (settings.password !== undefined) packet.password = Buffer.from(settings.password, 'utf8');
  if (settings.protocolVersion === 5) {
    packet.properties = {
      sessionExpiryInterval: settings.clean ? 0 : (settings.sessionExpirySeconds ?? 7 * 24 * 3600),
      receiveMaximum: settings.receiveMaximum ?? 65_535,
      // MQTT 5 §3.1.2.11.4: the broker discards a larger message for us instead of sending it.
      maximumPacketSize: settings.maxPayloadBytes + OVERHEAD_ALLOWANCE_BYTES,
    };
  }
  return packet;
}

/**
 * PUBACKs for these message ids, back to back in one buffer. Each is the 4-byte form both MQTT
 * 3.1.1 and 5 (reason Success, no properties: MQTT 5 §3.4.2.1) define: type, remaining length
 * 2, message id.
 */
export function pubackPackets(messageIds: readonly number[]): Buffer {
  const packets = Buffer.allocUnsafe(messageIds.length * 4);
  messageIds.forEach((messageId, index) => {
    packets[index * 4] = PUBACK_HEADER;
    packets[index * 4 + 1] = 2;
    packets.writeUInt16BE(messageId, index * 4 + 2);
  });
  return packets;
}

/** MQTT 5 DISCONNECT reason: another connection with the same client id took the session. */
export const SESSION_TAKEN_OVER = 0x8e;

/** PUBACK's fixed header byte: packet type 4, no flags. */
const PUBACK_HEADER = 0x40;

/** Room for a publish's topic and properties beside its payload. */
const OVERHEAD_ALLOWANCE_BYTES = 4096;

export function asBuffer(payload: string | Buffer): Buffer {
  return typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
}

/** The URL for messages, without its password. */
export function redacted(url: URL): string {
  return `${url.protocol}//${url.host}`;
}
