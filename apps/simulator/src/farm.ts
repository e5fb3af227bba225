/**
 * The live farm inside a running simulator: one runner per device (its timers and its site's
 * gateway connection), the sites' shared state and the faults injected. Here devices report on
 * their pace, answer commands after their actuation time and close what their fail-safe ends;
 * simulator.ts connects the gateways and hands each downlink in.
 */
import {
  commandDownlinkSchema,
  FIELD_TOPIC_ROOT,
  uplinkTopic,
  type CommandDownlink,
  type ConfigDownlink,
  type UplinkKind,
} from '@paddock/domain';
import type { MqttClient } from 'mqtt';
import type { z } from 'zod';
import { publishConfirmed } from './confirmed-publish.ts';
import { faultsOf, spendSpikes, waterFaultsOf, type DeviceFaults } from './device-faults.ts';
import { VirtualDevice, type ReportOutcome } from './device.ts';
import type { Fault } from './faults.ts';
import { seededRandom, seedFrom } from './random.ts';
import { quietLog, type SimulatorLog, type SimulatorOptions } from './simulator-options.ts';
import { SiteState } from './site.ts';
import { radioWear } from './wear.ts';

/** The first report of a device comes within this many seconds, so a fresh start shows data soon. */
export const FIRST_REPORT_WITHIN_SECONDS = 10;

export type Runner = {
  device: VirtualDevice;
  client: MqttClient;
  reportTimer: NodeJS.Timeout | null;
  deadlineTimer: NodeJS.Timeout | null;
  periodMs: number;
};

/**
 * A site's network server (network-server.ts), through which its radios with a devEUI report
 * instead of the field protocol.
 */
export type NetworkPort = {
  report(runner: Runner, outcome: ReportOutcome, now: Date): void;
  /** The device's controls changed: it reports at once. */
  change(runner: Runner, now: Date): void;
};

/** A site whose past is still to be made: the configs collected so far and the quiet timer. */
type PastPending = {
  client: MqttClient;
  configs: Map<string, Buffer>;
  timer: NodeJS.Timeout | null;
  running: boolean;
};

export type Farm = {
  options: SimulatorOptions;
  topicRoot: string;
  clock: { now(): Date };
  log: SimulatorLog;
  baseSeed: number;
  actuationMs: number;
  epoch: Date;
  /** By `runnerKey(siteId, serialno)`. */
  runners: Map<string, Runner>;
  sites: Map<number, SiteState>;
  faults: Fault[];
  spikeReportsLeft: Map<number, number>;
  /** Commands accepted and waiting for their actuation time. */
  pendingTimers: Set<NodeJS.Timeout>;
  /** When each site's frost night ends and its devices go back to their own pace. */
  nightTimers: Map<number, NodeJS.Timeout>;
  pastPending: Map<number, PastPending>;
  pastDone: Set<number>;
  /** By site: the sites that speak through a network server. */
  networks: Map<number, NetworkPort>;
  nextFaultId: number;
  closed: boolean;
};

/** A farm with no devices yet, as the simulator starts it (and the tests build one). */
export function createFarm(options: SimulatorOptions): Farm {
  const clock = options.clock ?? { now: () => new Date() };
  return {
    options,
    topicRoot: options.topicRoot ?? FIELD_TOPIC_ROOT,
    clock,
    log: options.log ?? quietLog,
    baseSeed: Math.floor((options.random ?? Math.random)() * 2 ** 32),
    actuationMs: (options.actuationSeconds ?? 1) * 1000,
    epoch: options.epoch ?? clock.now(),
    runners: new Map(),
    sites: new Map(),
    faults: [],
    spikeReportsLeft: new Map(),
    pendingTimers: new Set(),
    nightTimers: new Map(),
    pastPending: new Map(),
    pastDone: new Set(),
    networks: new Map(),
    nextFaultId: 1,
    closed: false,
  };
}

export const runnerKey = (siteId: number, serialno: string) => `${siteId}/${serialno}`;

export function findRunner(farm: Farm, serialno: string): Runner | undefined {
  return [...farm.runners.values()].find((runner) => runner.device.serialno === serialno);
}

export function faultsFor(farm: Farm, device: VirtualDevice): DeviceFaults {
  return faultsOf(device, farm.faults);
}

function publish(farm: Farm, runner: Runner, kind: UplinkKind, payload: object): void {
  const topic = uplinkTopic(farm.topicRoot, runner.device.siteId, runner.device.serialno, kind);
  publishConfirmed(runner.client, topic, JSON.stringify(payload), {
    stopped: () => farm.closed,
  }).catch((error: Error) => {
    if (!farm.closed) farm.log.warn({ topic, err: error.message }, 'simulator could not publish');
  });
}

/** The network server a device reports through: its site's, when it has a devEUI. */
function networkOf(farm: Farm, runner: Runner): NetworkPort | null {
  if (!runner.device.config.device.devEui) return null;
  return farm.networks.get(runner.device.siteId) ?? null;
}

export function report(farm: Farm, runner: Runner): void {
  const now = farm.clock.now();
  const { device } = runner;
  if (device.expire(now)) armDeadline(farm, runner);
  const outcome = device.report(now, faultsFor(farm, device));
  const network = networkOf(farm, runner);
  if (network) {
    network.report(runner, outcome, now);
  } else {
    for (const message of outcome.readings) publish(farm, runner, 'readings', message);
    if (outcome.status) publish(farm, runner, 'status', outcome.status);
  }
  // The spikes a report carried count down; a spike that has had its reports goes.
  if (outcome.readings.length > 0) spendSpikes(device, farm.faults, farm.spikeReportsLeft);
}

/** Reports a change of the device's controls (and its health, which a fault changes) now. */
export function reportChange(farm: Farm, runner: Runner, withStatus: boolean): void {
  const now = farm.clock.now();
  const network = networkOf(farm, runner);
  if (network) {
    network.change(runner, now);
    return;
  }
  const current = faultsFor(farm, runner.device);
  for (const message of runner.device.controlReport(now, current)) {
    publish(farm, runner, 'readings', message);
  }
  if (withStatus && !runner.device.silentAt(now, current))
    publish(farm, runner, 'status', runner.device.status(now, current));
}

export function armDeadline(farm: Farm, runner: Runner): void {
  if (runner.deadlineTimer) clearTimeout(runner.deadlineTimer);
  runner.deadlineTimer = null;
  const deadline = runner.device.nextDeadline();
  if (deadline === null || farm.closed) return;
  runner.deadlineTimer = setTimeout(
    () => {
      runner.deadlineTimer = null;
      if (runner.device.expire(farm.clock.now())) reportChange(farm, runner, false);
      armDeadline(farm, runner);
    },
    Math.max(0, deadline - farm.clock.now().getTime()),
  );
}

export function schedule(farm: Farm, runner: Runner, firstWithinMs: number): void {
  if (runner.reportTimer) clearTimeout(runner.reportTimer);
  const tick = () => {
    report(farm, runner);
    runner.reportTimer = setTimeout(tick, runner.periodMs);
  };
  const random = seededRandom(seedFrom(runner.device.serialno, farm.baseSeed + 1));
  runner.reportTimer = setTimeout(tick, random() * firstWithinMs);
}

export function periodOf(farm: Farm, device: VirtualDevice): number {
  const night = farm.sites.get(device.siteId)?.frostNight;
  if (night && farm.clock.now().getTime() < night.endsAt) return night.reportSeconds * 1000;
  return (farm.options.reportEverySeconds ?? device.reportIntervalSeconds) * 1000;
}

/** Every device of the site reports at the pace its weather now asks for. */
export function repace(farm: Farm, siteId: number, firstWithinMs: number): void {
  for (const runner of farm.runners.values()) {
    if (runner.device.siteId !== siteId) continue;
    runner.periodMs = periodOf(farm, runner.device);
    schedule(farm, runner, Math.min(runner.periodMs, firstWithinMs));
  }
}

export function siteOf(farm: Farm, siteId: number): SiteState {
  let site = farm.sites.get(siteId);
  if (!site) {
    site = new SiteState(siteId, seedFrom(`site-${siteId}`, farm.baseSeed));
    // A site that comes after a burst, blocked or leak fault was injected shows it too.
    site.waterFaults = waterFaultsOf(farm.faults);
    farm.sites.set(siteId, site);
  }
  return site;
}

export function buildDevice(
  farm: Farm,
  siteId: number,
  config: ConfigDownlink,
  at: Date,
): VirtualDevice {
  const { serialno, kind } = config.device;
  return new VirtualDevice(
    config,
    siteId,
    siteOf(farm, siteId),
    seededRandom(seedFrom(serialno, farm.baseSeed)),
    at,
    kind === 'radio' ? radioWear(serialno, farm.baseSeed, farm.epoch) : null,
  );
}

export function goLive(farm: Farm, client: MqttClient, device: VirtualDevice): void {
  const runner: Runner = {
    device,
    client,
    reportTimer: null,
    deadlineTimer: null,
    periodMs: periodOf(farm, device),
  };
  farm.runners.set(runnerKey(device.siteId, device.serialno), runner);
  schedule(farm, runner, Math.min(runner.periodMs, FIRST_REPORT_WITHIN_SECONDS * 1000));
}

export function stopRunner(runner: Runner): void {
  if (runner.reportTimer) clearTimeout(runner.reportTimer);
  if (runner.deadlineTimer) clearTimeout(runner.deadlineTimer);
  runner.reportTimer = null;
  runner.deadlineTimer = null;
}

export function onCommand(farm: Farm, siteId: number, serialno: string, payload: Buffer): void {
  const { clock, log } = farm;
  const runner = farm.runners.get(runnerKey(siteId, serialno));
  if (!runner) {
    log.warn({ siteId, serialno }, 'command for a device the simulator has no config of');
    return;
  }
  // A device behind a network server hears commands only through it (network-server.ts): the
  // server's bridge carries them there, and two answers would settle one command twice.
  if (networkOf(farm, runner)) return;
  const parsed = parseJson(payload, commandDownlinkSchema);
  if (!parsed.ok) {
    log.warn({ siteId, serialno, reason: parsed.reason }, 'command refused');
    return;
  }
  const command: CommandDownlink = parsed.value;
  const { acks, pending } = runner.device.receive(
    command,
    clock.now(),
    faultsFor(farm, runner.device),
  );
  for (const ack of acks) publish(farm, runner, 'ack', ack);
  if (!pending) return;
  const timer = setTimeout(() => {
    farm.pendingTimers.delete(timer);
    if (farm.closed) return;
    const current = faultsFor(farm, runner.device);
    // A device silenced meanwhile never finishes: its answer is lost like the rest.
    if (runner.device.silentAt(clock.now(), current)) return;
    const { ack, changed, fan } = runner.device.complete(command, clock.now(), current);
    publish(farm, runner, 'ack', ack);
    if (changed) reportChange(farm, runner, false);
    // A fan that started or stopped reports its RPM now, not at the next report.
    if (fan !== undefined) {
      for (const message of runner.device.sensorReport(clock.now(), current, fan)) {
        publish(farm, runner, 'readings', message);
      }
    }
    if (command.action === 'ping')
      publish(farm, runner, 'status', runner.device.status(clock.now(), current));
    armDeadline(farm, runner);
  }, farm.actuationMs);
  farm.pendingTimers.add(timer);
}

/** JSON then schema; the reason when either fails. */
export function parseJson<T>(
  payload: Buffer,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    reason: parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; '),
  };
}
