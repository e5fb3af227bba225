/**
 * What a config downlink does to the live farm (farm.ts): a new device goes live, a newer config
 * updates its device, an empty one removes it. When the farm is given a past, a site's first
 * configs are held until they have all come, its devices are run through the past (history.ts),
 * and only then go live, so the history ends where the live run begins.
 */
import { configDownlinkSchema } from '@paddock/domain';
import type { MqttClient } from 'mqtt';
import type { VirtualDevice } from './device.ts';
import {
  buildDevice,
  FIRST_REPORT_WITHIN_SECONDS,
  goLive,
  parseJson,
  periodOf,
  runnerKey,
  schedule,
  siteOf,
  stopRunner,
  type Farm,
} from './farm.ts';
import { siteHistory } from './history.ts';
import type { SimulatorHistory } from './simulator-options.ts';

/** A site's configs have all come once none has for this long (the broker sends retained ones at once). */
const CONFIGS_QUIET_MS = 500;

/** A config downlink as it came: the site and device its topic names, and its bytes. */
type ConfigMessage = { siteId: number; serialno: string; payload: Buffer };

export function onConfig(farm: Farm, client: MqttClient, message: ConfigMessage): void {
  const { log } = farm;
  const { siteId, serialno, payload } = message;
  const existing = farm.runners.get(runnerKey(siteId, serialno));
  const now = farm.clock.now();
  if (payload.length === 0) {
    // The config was taken back: the server no longer has the device.
    if (!existing) return;
    existing.device.remove(now);
    stopRunner(existing);
    farm.runners.delete(runnerKey(siteId, serialno));
    log.info({ siteId, serialno }, 'virtual device removed');
    return;
  }
  const parsed = parseJson(payload, configDownlinkSchema);
  if (!parsed.ok) {
    log.warn({ siteId, serialno, reason: parsed.reason }, 'config refused');
    return;
  }
  if (parsed.value.device.serialno !== serialno) {
    log.warn({ siteId, serialno, reason: 'the config names another device' }, 'config refused');
    return;
  }
  if (existing) {
    existing.device.update(parsed.value, now);
    const period = periodOf(farm, existing.device);
    if (period !== existing.periodMs) {
      existing.periodMs = period;
      schedule(farm, existing, Math.min(period, FIRST_REPORT_WITHIN_SECONDS * 1000));
    }
    return;
  }
  if (farm.options.history && !farm.pastDone.has(siteId)) {
    awaitPast(farm, client, message);
    return;
  }
  goLive(farm, client, buildDevice(farm, siteId, parsed.value, now));
}

/** Holds a site's configs until they have all come, then makes the site's past. */
function awaitPast(farm: Farm, client: MqttClient, message: ConfigMessage): void {
  const { siteId, serialno, payload } = message;
  let pending = farm.pastPending.get(siteId);
  if (!pending) {
    pending = { client, configs: new Map(), timer: null, running: false };
    farm.pastPending.set(siteId, pending);
  }
  pending.configs.set(serialno, payload);
  if (pending.running) return;
  if (pending.timer) clearTimeout(pending.timer);
  const site = pending;
  site.timer = setTimeout(() => {
    site.timer = null;
    site.running = true;
    makePast(farm, siteId, site).catch((error: unknown) =>
      farm.log.error({ siteId, err: String(error) }, 'the site history failed'),
    );
  }, CONFIGS_QUIET_MS);
}

/**
 * Runs the site's devices through their past, a simulated day per turn of the event loop (the
 * server beside us keeps answering), then lets the same devices go live. Configs that came
 * meanwhile are taken as usual afterwards.
 */
async function makePast(
  farm: Farm,
  siteId: number,
  pending: { client: MqttClient; configs: Map<string, Buffer> },
): Promise<void> {
  const history = farm.options.history as SimulatorHistory;
  const until = farm.clock.now();
  const from = new Date(until.getTime() - history.spanMs);
  const taken = new Map(pending.configs);
  const devices: VirtualDevice[] = [];
  for (const [serialno, payload] of taken) {
    if (payload.length === 0) continue;
    const parsed = parseJson(payload, configDownlinkSchema);
    if (!parsed.ok || parsed.value.device.serialno !== serialno) {
      farm.log.warn({ siteId, serialno }, 'config refused');
      continue;
    }
    devices.push(buildDevice(farm, siteId, parsed.value, from));
  }
  devices.sort((a, b) => a.serialno.localeCompare(b.serialno));
  const past = siteHistory({
    siteId,
    site: siteOf(farm, siteId),
    devices,
    from,
    until,
    ...(history.stepSeconds ? { stepMs: history.stepSeconds * 1000 } : {}),
  });
  for (const chunk of past) {
    if (farm.closed) return;
    history.onChunk(chunk);
    await (history.pace ? history.pace() : new Promise((resolve) => setImmediate(resolve)));
  }
  if (farm.closed) return;
  farm.pastDone.add(siteId);
  farm.pastPending.delete(siteId);
  for (const device of devices) goLive(farm, pending.client, device);
  history.onSiteDone?.({ siteId, devices: devices.length, from, until });
  // Configs changed or added while the past was being made.
  for (const [serialno, payload] of pending.configs) {
    if (taken.get(serialno) !== payload) {
      onConfig(farm, pending.client, { siteId, serialno, payload });
    }
  }
}
