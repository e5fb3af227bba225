/**
 * Two fixes that make the embedded broker (aedes) at-least-once across a crash and under
 * concurrent publishers. The SIGKILL test (test/flows/ingest-crash.test.ts) loses messages
 * without either.
 *
 * 1. PubackGate holds back PUBACKs until the message is safe. aedes acknowledges a QoS 1 PUBLISH before it stores the message for its subscribers
 * (lib/handlers/publish.js writes the PUBACK, then publishes). A device that has its PUBACK
 * forgets the message, so a server killed in between loses it. The gate sits between the socket
 * and aedes, frames what aedes writes, and keeps each PUBACK until the broker's `published` hook
 * says the message is queued (persisted, with a data folder) for every subscriber; then it lets
 * the PUBACKs go in the order the PUBLISHes came (MQTT 3.1.1 §4.6). Everything else passes.
 *
 * 2. keepOutOfOrderMessages turns off aedes's per-subscriber duplicate filter. It remembers the
 * highest broker counter forwarded to a client and drops any message with a lower one
 * (lib/client.js `dedupe`); but messages from different publishers finish storing in any order,
 * so a message that was merely overtaken is dropped for the online subscriber (it stays in the
 * persisted queue until that subscriber reconnects, which may be never). Without the filter a
 * client with overlapping subscriptions may get a message once per matching subscription, which
 * MQTT 3.1.1 §3.3.5 allows and QoS 1 receivers handle anyway.
 */
import type { Client } from 'aedes';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** MQTT control packet type 4 (the high nibble of the first byte). */
const PUBACK = 4;

type Held = { messageId: number; bytes: Buffer; released: boolean };

export class PubackGate extends Duplex {
  private readonly socket: Socket;
  private readonly held: Held[] = [];
  /** Releases that came before their PUBACK was written (not expected; kept to be safe). */
  private readonly early = new Set<number>();

  // Framing state of the outgoing byte stream.
  private stage: 'type' | 'length' | 'body' = 'type';
  private remaining = 0;
  private multiplier = 1;
  /** The bytes of the PUBACK being framed; null while framing another packet. */
  private puback: number[] | null = null;

  constructor(socket: Socket) {
    super();
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
  }

  /** The broker stored the message with this id: its PUBACK may go (after earlier ones). */
  release(messageId: number): void {
    const entry = this.held.find((held) => held.messageId === messageId && !held.released);
    if (!entry) {
      this.early.add(messageId);
      return;
    }
    entry.released = true;
    this.flushReleased();
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ) {
    this.forward(this.frame(chunk), callback);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ) {
    this.forward(Buffer.concat(chunks.map(({ chunk }) => this.frame(chunk))), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.socket.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.socket.destroy();
    callback(error);
  }

  private forward(bytes: Buffer, callback: (error?: Error | null) => void) {
    if (bytes.length === 0 || this.socket.destroyed) return callback();
    if (this.socket.write(bytes)) return callback();
    this.socket.once('drain', () => callback());
  }

  private flushReleased() {
    const ready: Buffer[] = [];
    while (this.held[0]?.released) ready.push((this.held.shift() as Held).bytes);
    if (ready.length > 0 && !this.socket.destroyed) this.socket.write(Buffer.concat(ready));
  }

  /** Splits what aedes wrote into the bytes to pass on now and the PUBACKs to hold. */
  private frame(chunk: Buffer): Buffer {
    const out: Buffer[] = [];
    // Start of the run of bytes to pass on; -1 while inside a PUBACK.
    let run = this.puback ? -1 : 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.stage === 'type') {
        const byte = chunk[i] as number;
        this.remaining = 0;
        this.multiplier = 1;
        this.stage = 'length';
        if (byte >> 4 === PUBACK) {
          if (run >= 0 && i > run) out.push(chunk.subarray(run, i));
          run = -1;
          this.puback = [byte];
        }
        i++;
      } else if (this.stage === 'length') {
        const byte = chunk[i] as number;
        this.remaining += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        this.puback?.push(byte);
        i++;
        if ((byte & 0x80) === 0) this.stage = 'body';
      } else {
        const take = Math.min(this.remaining, chunk.length - i);
        if (this.puback) for (let k = i; k < i + take; k++) this.puback.push(chunk[k] as number);
        i += take;
        this.remaining -= take;
      }
      if (this.stage === 'body' && this.remaining === 0) {
        this.stage = 'type';
        if (this.puback) {
          this.hold(Buffer.from(this.puback));
          this.puback = null;
          run = i;
        }
      }
    }
    if (run >= 0 && chunk.length > run) out.push(chunk.subarray(run));
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  private hold(bytes: Buffer) {
    // A PUBACK's remaining length fits one byte, so its packet identifier is bytes 2 and 3.
    const messageId = bytes.readUInt16BE(2);
    const released = this.early.delete(messageId);
    this.held.push({ messageId, bytes, released });
    if (released) this.flushReleased();
  }
}

/** Makes aedes forward every message to the client, even one overtaken by a later one. */
export function keepOutOfOrderMessages(client: Client): void {
  // aedes reads `duplicates[brokerId]` as the highest counter seen: always 0 means never seen.
  (client as unknown as { duplicates: Record<string, number> }).duplicates = new Proxy(
    {},
    { get: () => 0, set: () => true },
  );
}
