/**
 * The largest MQTT packet the field side takes. aedes has no such setting and its parser
 * (mqtt-packet) buffers a whole packet before it hands it on, so one 200 MB PUBLISH costs the
 * server 200 MB and more; the embedded broker reads each packet's length from its fixed header
 * and closes the connection before the body arrives (docs/field-protocol.md "Message size").
 */
import type { Socket } from 'node:net';

/**
 * 256 KiB: about 2.5 times the largest message the protocol allows (500 readings whose fields all
 * have their longest form come to about 100 KB; a device config of a few hundred things is tens
 * of KB), so no correct device comes near it.
 */
export const MAX_FIELD_PACKET_BYTES = 256 * 1024;

/** The size of one packet over the limit, as the broker refused it. */
export type OversizePacket = { bytes: number; limit: number };

/**
 * Watches what a client sends and destroys the socket as soon as a packet announces a remaining
 * length over `limit` (MQTT 3.1.1 §2.2.3; MQTT 3.1.1 has no way to refuse one packet but to close
 * the connection). Register it before anything else reads the socket.
 */
export function refuseOversizePackets(
  socket: Socket,
  limit: number,
  onRefused: (packet: OversizePacket) => void,
): void {
  let stage: 'type' | 'length' | 'body' = 'type';
  let remaining = 0;
  let multiplier = 1;
  socket.on('data', (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length && !socket.destroyed) {
      if (stage === 'type') {
        remaining = 0;
        multiplier = 1;
        stage = 'length';
        i++;
      } else if (stage === 'length') {
        const byte = chunk[i] as number;
        remaining += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        i++;
        if ((byte & 0x80) === 0) {
          if (remaining > limit) {
            onRefused({ bytes: remaining, limit });
            socket.destroy();
            return;
          }
          stage = remaining === 0 ? 'type' : 'body';
        }
      } else {
        const take = Math.min(remaining, chunk.length - i);
        i += take;
        remaining -= take;
        if (remaining === 0) stage = 'type';
      }
    }
  });
}
