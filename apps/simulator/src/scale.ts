/**
 * Scale mode, for the ingest benchmark: N of the configured devices send synthetic readings at R
 * messages a second in total, round robin, each message a proper readings uplink of every metric
 * the device's config lists, with a per-device sequence and strictly increasing device times (so
 * none is a duplicate of another). It reports what it sent and what the broker acknowledged.
 */
import { MAX_READINGS_PER_MESSAGE, uplinkTopic, type Reading } from '@paddock/domain';
import { collectConfigs } from './configs.ts';
import { seededRandom, type Random } from './random.ts';
import { quietLog, type SimulatorLog, type SimulatorSite } from './simulator.ts';

export type ScaleOptions = {
  brokerUrl: string;
  topicRoot: string;
  sites: readonly SimulatorSite[];
  /** How many devices speak (the first N configs, by site and serial number). */
  devices: number;
  /** Messages per second, all devices together. */
  rate: number;
  durationSeconds: number;
  random?: Random;
  log?: SimulatorLog;
  /** Called about once a second. */
  onSecond?: (progress: { second: number; sent: number; acknowledged: number }) => void;
};

export type ScaleResult = {
  devices: number;
  sent: number;
  acknowledged: number;
  seconds: number;
  /** Acknowledged messages per second over the run. */
  perSecond: number;
  readingsPerMessage: number;
};

export async function runScale(options: ScaleOptions): Promise<ScaleResult> {
  if (!(options.rate > 0) || !(options.devices > 0) || !(options.durationSeconds > 0)) {
    throw new Error('scale mode needs devices, rate and duration above 0');
  }
  const log = options.log ?? quietLog;
  const random = options.random ?? seededRandom(1);
  const collected = await collectConfigs({
    brokerUrl: options.brokerUrl,
    topicRoot: options.topicRoot,
    sites: options.sites,
    log,
  });
  try {
    const speakers = collected
      .flatMap(({ siteId, client, configs }) =>
        configs.map((config) => ({
          topic: uplinkTopic(options.topicRoot, siteId, config.device.serialno, 'readings'),
          client,
          things: [
            ...config.sensors.flatMap((sensor) =>
              sensor.metrics.map((metric) => ({ thing: 'sensor' as const, id: sensor.id, metric })),
            ),
            ...config.controls.map((control) => ({
              thing: 'control' as const,
              id: control.id,
              metric: 'running',
            })),
          ].slice(0, MAX_READINGS_PER_MESSAGE),
          seq: 0,
          lastTime: 0,
        })),
      )
      .filter((speaker) => speaker.things.length > 0)
      .slice(0, options.devices);
    if (speakers.length === 0) {
      throw new Error('no configured device with a sensor or control: provision the sites first');
    }
    if (speakers.length < options.devices) {
      log.warn(
        { wanted: options.devices, found: speakers.length },
        'fewer configured devices than asked for; using those there are',
      );
    }

    let sent = 0;
    let acknowledged = 0;
    let failed: unknown = null;
    const started = Date.now();
    const endAt = started + options.durationSeconds * 1000;
    let next = 0;
    let second = 0;
    while (Date.now() < endAt && !failed) {
      const due = Math.floor(((Date.now() - started) / 1000) * options.rate);
      while (sent < due) {
        const speaker = speakers[next++ % speakers.length];
        if (!speaker) break;
        // Strictly increasing device time: two messages of one device never share a reading key.
        speaker.lastTime = Math.max(Date.now(), speaker.lastTime + 1);
        const readings: Reading[] = speaker.things.map((thing) => ({
          ...thing,
          value: Math.round(random() * 1000) / 10,
        }));
        const payload = JSON.stringify({
          seq: speaker.seq++,
          time: new Date(speaker.lastTime).toISOString(),
          readings,
        });
        speaker.client.publish(speaker.topic, payload, { qos: 1 }, (error) => {
          if (error) failed ??= error;
          else acknowledged++;
        });
        sent++;
      }
      const elapsed = Math.floor((Date.now() - started) / 1000);
      if (elapsed > second) {
        second = elapsed;
        options.onSecond?.({ second, sent, acknowledged });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Give the last messages their acknowledgements (a few seconds at most).
    const drainUntil = Date.now() + 10_000;
    while (acknowledged < sent && !failed && Date.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (failed) throw failed;
    const seconds = (Date.now() - started) / 1000;
    const readingsPerMessage =
      speakers.reduce((sum, speaker) => sum + speaker.things.length, 0) / speakers.length;
    return {
      devices: speakers.length,
      sent,
      acknowledged,
      seconds,
      perSecond: acknowledged / seconds,
      readingsPerMessage,
    };
  } finally {
    await Promise.all(collected.map(({ client }) => client.endAsync()));
  }
}
