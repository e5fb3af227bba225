/**
 * A site gateway as the ingest bench plays it: one MQTT 3.1.1 connection publishing QoS 1
 * uplinks and counting the broker's PUBACKs. The packets are the ones mqtt.js would send (same
 * fixed header, topic, message id and payload); what is left out is mqtt.js's outgoing store,
 * callbacks and packet objects, which cost about a quarter of a core at 10,000 messages a
 * second. On one machine that is CPU taken from the broker, ingest and PostgreSQL being measured,
 * while a farm's gateways run on their own hardware.
 */
import { connect as netConnect, type Socket } from 'node:net';
import { generate } from 'mqtt-packet';

export type GatewayPublisher = {
  /** Sends one QoS 1 PUBLISH; its PUBACK is counted when it arrives. */
  publish: (topic: string, payload: string) => void;
  /** Published and not yet acknowledged by the broker. */
  unacknowledged: () => number;
  /** Sends DISCONNECT and closes the socket. */
  end: () => Promise<void>;
};

const CONNACK = 0x20;
const PUBACK = 0x40;
const PINGRESP = 0xd0;
/** PUBLISH, QoS 1, no dup, no retain. */
const PUBLISH_QOS1 = 0x32;
const KEEPALIVE_SECONDS = 60;

export async function connectGatewayPublisher(
  brokerUrl: string,
  login: { clientId: string; username: string; password: string },
): Promise<GatewayPublisher> {
  const url = new URL(brokerUrl);
  const socket: Socket = netConnect({ host: url.hostname, port: Number(url.port || 1883) });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    generate({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      clientId: login.clientId,
      keepalive: KEEPALIVE_SECONDS,
      username: login.username,
      password: Buffer.from(login.password, 'utf8'),
    }),
  );

  let inFlight = 0;
  let corked = false;
  let messageId = 0;
  let pending: Buffer = Buffer.alloc(0);
  let connected: ((error?: Error) => void) | null = null;
  const connack = new Promise<void>((resolve, reject) => {
    connected = (error) => (error ? reject(error) : resolve());
  });
  socket.on('error', (error) => connected?.(error));
  // Everything the broker sends us is a CONNACK, PUBACKs and PINGRESPs: fixed-size packets.
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    while (pending.length - offset >= 2) {
      const type = (pending[offset] as number) & 0xf0;
      const size = 2 + (pending[offset + 1] as number);
      if (pending.length - offset < size) break;
      if (type === PUBACK) inFlight--;
      else if (type === CONNACK) {
        const code = pending[offset + 3] as number;
        connected?.(code === 0 ? undefined : new Error(`the broker refused the gateway: ${code}`));
        connected = null;
      } else if (type !== PINGRESP) {
        connected?.(new Error(`unexpected MQTT packet type ${type >> 4}`));
      }
      offset += size;
    }
    pending = pending.subarray(offset);
  });
  await connack;
  const ping = setInterval(
    () => socket.write(Buffer.from([0xc0, 0])),
    (KEEPALIVE_SECONDS / 2) * 1000,
  );

  return {
    publish: (topic, payload) => {
      messageId = (messageId % 0xffff) + 1;
      const topicBytes = Buffer.byteLength(topic);
      const payloadBytes = Buffer.byteLength(payload);
      const remaining = 2 + topicBytes + 2 + payloadBytes;
      const lengthBytes = remaining < 128 ? 1 : remaining < 16_384 ? 2 : 3;
      const packet = Buffer.allocUnsafe(1 + lengthBytes + remaining);
      packet[0] = PUBLISH_QOS1;
      let offset = 1;
      for (let rest = remaining; ;) {
        const byte = rest % 128;
        rest = Math.floor(rest / 128);
        packet[offset++] = rest > 0 ? byte | 0x80 : byte;
        if (rest === 0) break;
      }
      packet.writeUInt16BE(topicBytes, offset);
      offset += 2;
      offset += packet.write(topic, offset, 'utf8');
      packet.writeUInt16BE(messageId, offset);
      offset += 2;
      packet.write(payload, offset, 'utf8');
      inFlight++;
      // What one tick of the publishing loop sends leaves in one write, as a busy gateway's
      // TCP stack would coalesce it (Nagle), instead of a syscall per message.
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(() => {
          corked = false;
          socket.uncork();
        });
      }
      socket.write(packet);
    },
    unacknowledged: () => inFlight,
    end: async () => {
      clearInterval(ping);
      socket.end(Buffer.from([0xe0, 0]));
      await new Promise((resolve) => socket.once('close', resolve));
    },
  };
}
