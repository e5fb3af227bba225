/**
 * The PUBACK gate of the embedded broker: what aedes writes passes through at once, except
 * PUBACKs, which wait for their message to be stored and then leave in the order they came.
 */
import { generate } from 'mqtt-packet';
import { createServer, connect, type Socket, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PubackGate } from '../../src/field/broker-durability.ts';
import { waitFor } from '../helpers/field.ts';

const open: Socket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});

/** A gate on one end of a TCP connection, and everything the other end receives. */
async function gatedConnection() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const peer = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const socket = await accepted;
  server.close();
  open.push(peer, socket);
  const received: Buffer[] = [];
  peer.on('data', (chunk: Buffer) => received.push(chunk));
  return { gate: new PubackGate(socket), peer, received: () => Buffer.concat(received) };
}

const puback = (messageId: number) => generate({ cmd: 'puback', messageId });
const publish = (topic: string, payload: string) =>
  generate({ cmd: 'publish', topic, payload, qos: 0, dup: false, retain: false });
const pingresp = generate({ cmd: 'pingresp' });

describe('PubackGate', () => {
  it('holds a PUBACK until its message is released, and passes everything else', async () => {
    const { gate, received } = await gatedConnection();
    const message = publish('paddock/v1/1/R-1/down/command', 'x'.repeat(300));
    gate.write(Buffer.concat([puback(5), message, pingresp]));
    const passed = Buffer.concat([message, pingresp]);
    await waitFor('the other packets', () => received().length >= passed.length);
    expect(received()).toEqual(passed);

    gate.release(5);
    const all = Buffer.concat([passed, puback(5)]);
    await waitFor('the PUBACK', () => received().length >= all.length);
    expect(received()).toEqual(all);
  });

  it('sends PUBACKs in the order their PUBLISHes came, whatever order they are released in', async () => {
    const { gate, received } = await gatedConnection();
    gate.write(puback(1));
    gate.write(puback(2));
    gate.write(puback(3));
    gate.release(3);
    gate.release(2);
    // Nothing may overtake 1.
    gate.write(pingresp);
    await waitFor('the PINGRESP', () => received().length >= pingresp.length);
    expect(received()).toEqual(pingresp);

    gate.release(1);
    const all = Buffer.concat([pingresp, puback(1), puback(2), puback(3)]);
    await waitFor('the PUBACKs', () => received().length >= all.length);
    expect(received()).toEqual(all);
  });

  it('frames packets split across writes at any byte', async () => {
    const { gate, received } = await gatedConnection();
    const message = publish('t', 'y'.repeat(200));
    const bytes = Buffer.concat([message, puback(7), message]);
    for (let i = 0; i < bytes.length; i++) gate.write(bytes.subarray(i, i + 1));
    const passed = Buffer.concat([message, message]);
    await waitFor('the PUBLISHes', () => received().length >= passed.length);
    expect(received()).toEqual(passed);
    gate.release(7);
    await waitFor('the PUBACK', () => received().length >= passed.length + 4);
    expect(received().subarray(passed.length)).toEqual(puback(7));
  });

  it('passes on what the peer sends', async () => {
    const { gate, peer } = await gatedConnection();
    const chunks: Buffer[] = [];
    gate.on('data', (chunk: Buffer) => chunks.push(chunk));
    peer.write(pingresp);
    await waitFor('the bytes', () => Buffer.concat(chunks).length >= pingresp.length);
    expect(Buffer.concat(chunks)).toEqual(pingresp);
  });
});
