/**
 * The API bench's publisher child (api.bench.ts forks itself with `--publish`): the site gateways
 * of the mixed workload, in a process of their own so they share no event loop with the server or
 * the load generator.
 */
import { randomUUID } from 'node:crypto';
import { connectGatewayPublisher, type GatewayPublisher } from '../gateway-publisher.ts';
import type { Device, Field } from './protocol.ts';

/**
 * The publisher child of the mixed workload: one connection per site gateway, readings of every
 * probe in turn at the given rate (QoS 1), until the parent says stop (or the given time has
 * passed, should the parent be gone), then it exits.
 */
export async function publish(input: { field: Field; rate: number; durationMs: number }) {
  const { field, rate, durationMs } = input;
  const { fieldKey } = await import('../../src/field/credentials.ts');
  // The ingest bench's lean gateways: mqtt.js would take a tenth of a core at 5,000 messages a
  // second from the server being measured on this one machine.
  const gateways = new Map<number, GatewayPublisher>();
  for (const siteId of new Set(field.devices.map((device) => device.siteId))) {
    const username = `gateway-${siteId}`;
    gateways.set(
      siteId,
      await connectGatewayPublisher(field.brokerUrl, {
        clientId: `bench-api-${username}-${randomUUID()}`,
        username,
        password: fieldKey(field.fieldSecret, username),
      }),
    );
  }
  // Readings from now on, every ten minutes: into this month's partition, after any history the
  // series have (a database of `npm run bench:hundred-million` has a week of it).
  const base = Math.ceil(Date.now() / 600_000) * 600_000;
  const started = Date.now();
  let published = 0;
  let stopped = false;
  process.once('message', () => {
    stopped = true;
  });
  // The parent waits for this before it measures: under load, starting this process and
  // connecting takes seconds.
  process.send?.({ type: 'publishing' });
  while (!stopped && Date.now() - started < durationMs) {
    const due = Math.floor(((Date.now() - started) * rate) / 1000) - published;
    for (let i = 0; i < due; i++) {
      const device = field.devices[published % field.devices.length] as Device;
      const seq = Math.floor(published / field.devices.length) + 1;
      const time = new Date(base + seq * 600_000).toISOString();
      const payload = JSON.stringify({
        seq,
        time: new Date().toISOString(),
        readings: ['soil.moisture', 'soil.temperature', 'soil.ec'].map((metric, m) => ({
          thing: 'sensor',
          id: device.sensorId,
          metric,
          value: 20 + ((seq + m) % 17) * 0.5,
          time,
        })),
      });
      (gateways.get(device.siteId) as GatewayPublisher).publish(
        `${field.topicRoot}/${device.siteId}/${device.serialno}/up/readings`,
        payload,
      );
      published++;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  // Acknowledgements still in flight get up to 5 s.
  const unacknowledged = () =>
    [...gateways.values()].reduce((sum, gateway) => sum + gateway.unacknowledged(), 0);
  for (let waited = 0; unacknowledged() > 0 && waited < 5000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const missing = unacknowledged();
  await Promise.all([...gateways.values()].map((gateway) => gateway.end()));
  console.log(
    `  publishers: ${published} sent, ${published - missing} acknowledged, ${missing} not acknowledged`,
  );
  process.exit(0);
}
