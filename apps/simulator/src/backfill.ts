/**
 * Back-fill: history for the charts. The virtual devices of the retained configs are run through
 * the past (3 years of 10-minute readings, say) with the same models as a live run, and their
 * readings are published as protocol batches — up to 500 readings a message, each with its own
 * past time — so the server stores them as it would a device catching up after an outage.
 * Irrigation in the past follows a plain schedule: each valve zone every third night of the
 * growing season, pivots every fourth, pumps whenever their area waters.
 */
import { MAX_READINGS_PER_MESSAGE, uplinkTopic, type Reading } from '@paddock/domain';
import { collectConfigs } from './configs.ts';
import { VirtualDevice } from './device.ts';
import { seededRandom, seedFrom, type Random } from './random.ts';
import { quietLog, type SimulatorLog, type SimulatorSite } from './simulator.ts';
import { applyPastSchedule, scheduledToRun } from './schedule.ts';
import { SiteState, type ControlRef } from './site.ts';

export { scheduledToRun };

const UNIT_MS = { y: 365 * 86_400_000, w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000 } as const;

/** '3y', '26w', '90d', '12h' in milliseconds; null for anything else. */
export function parseSpan(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)([ywdh])$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  const span = value * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return value > 0 && Number.isFinite(span) ? span : null;
}

export type BackfillOptions = {
  brokerUrl: string;
  topicRoot: string;
  sites: readonly SimulatorSite[];
  /** How far back, in ms or as text ('3y', '90d'). */
  span: number | string;
  /** The end of the history; now when not given. */
  until?: Date;
  /** Seconds between readings; 600 (10 minutes) when not given. */
  stepSeconds?: number;
  /** Only these devices. */
  serialnos?: readonly string[];
  random?: Random;
  log?: SimulatorLog;
  /** Messages published and not yet acknowledged at most. */
  maxInFlight?: number;
  /** Called every 1000 messages. */
  onProgress?: (progress: { messages: number; readings: number; time: string }) => void;
};

export type BackfillResult = {
  devices: number;
  messages: number;
  readings: number;
  from: string;
  to: string;
};

export async function backfill(options: BackfillOptions): Promise<BackfillResult> {
  const span = typeof options.span === 'number' ? options.span : parseSpan(options.span);
  if (span === null || span <= 0)
    throw new Error(`a span is like 3y, 26w, 90d or 12h: ${options.span}`);
  const stepMs = (options.stepSeconds ?? 600) * 1000;
  if (!(stepMs >= 1000)) throw new Error('the back-fill step is at least one second');
  const log = options.log ?? quietLog;
  const until = options.until ?? new Date();
  const from = new Date(until.getTime() - span);
  const baseSeed = Math.floor((options.random ?? Math.random)() * 2 ** 32);
  const maxInFlight = options.maxInFlight ?? 64;
  const wanted = options.serialnos ? new Set(options.serialnos) : null;

  const collected = await collectConfigs({
    brokerUrl: options.brokerUrl,
    topicRoot: options.topicRoot,
    sites: options.sites,
    log,
  });
  let messages = 0;
  let readings = 0;
  let devices = 0;
  try {
    for (const { siteId, client, configs } of collected) {
      const site = new SiteState(siteId, seedFrom(`site-${siteId}`, baseSeed));
      const farm = configs
        .filter((config) => !wanted || wanted.has(config.device.serialno))
        .map((config) => ({
          device: new VirtualDevice(
            config,
            siteId,
            site,
            seededRandom(seedFrom(config.device.serialno, baseSeed)),
            from,
          ),
          buffer: [] as Reading[],
          seq: 0,
        }));
      devices += farm.length;
      // Every control of the site drives meters and soil, even on devices not back-filled.
      const controls: ControlRef[] = configs.flatMap((config) =>
        config.controls.map((control) => ({
          id: control.id,
          type: control.type,
          areaId: config.device.areaId,
          sectionId: control.sectionId,
        })),
      );
      const inFlight = new Set<Promise<void>>();
      let failure: unknown = null;
      const send = async (entry: (typeof farm)[number]) => {
        if (failure) throw failure;
        const batch = entry.buffer;
        entry.buffer = [];
        const last = batch[batch.length - 1];
        if (!last?.time) return;
        const topic = uplinkTopic(options.topicRoot, siteId, entry.device.serialno, 'readings');
        const message = { seq: entry.seq++, time: last.time, readings: batch };
        const published: Promise<void> = client
          .publishAsync(topic, JSON.stringify(message), { qos: 1 })
          .then(
            () => void inFlight.delete(published),
            (error: unknown) => {
              inFlight.delete(published);
              failure ??= error;
            },
          );
        inFlight.add(published);
        messages++;
        readings += batch.length;
        if (messages % 1000 === 0) options.onProgress?.({ messages, readings, time: last.time });
        if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      };

      for (let t = from.getTime(); t <= until.getTime(); t += stepMs) {
        const time = new Date(t);
        applyPastSchedule(site, controls, time);
        for (const entry of farm) {
          for (const reading of entry.device.readingsAt(time)) {
            entry.buffer.push(reading);
            if (entry.buffer.length === MAX_READINGS_PER_MESSAGE) await send(entry);
          }
        }
      }
      for (const entry of farm) if (entry.buffer.length > 0) await send(entry);
      await Promise.all(inFlight);
      if (failure) throw failure;
    }
  } finally {
    await Promise.all(collected.map(({ client }) => client.endAsync()));
  }
  return { devices, messages, readings, from: from.toISOString(), to: until.toISOString() };
}
