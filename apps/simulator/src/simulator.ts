/**
 * The virtual farm on a broker. For each site it connects as the site's gateway, subscribes to
 * the site's downlinks and builds one virtual device per retained config it receives — it knows
 * nothing of the server but the field protocol. Each device reports every interval, obeys
 * commands with acks, closes what it opened when the fail-safe runs out, and shows the faults it
 * is told to show.
 */
import {
  commandDownlinkSchema,
  configDownlinkSchema,
  FIELD_TOPIC_ROOT,
  isFrostFanConfig,
  parseFieldTopic,
  siteDownlinksFilter,
  uplinkTopic,
  type CommandDownlink,
  type ConfigDownlink,
  type UplinkKind,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { z } from 'zod';
import { publishConfirmed } from './confirmed-publish.ts';
import { startControlServer, type ControlServer } from './control-server.ts';
import { NO_FAULTS, VirtualDevice, type DeviceFaults, type DeviceSummary } from './device.ts';
import {
  faultFilterSchema,
  faultInputSchema,
  UnknownTargetError,
  type Fault,
  type FaultFilter,
  type FaultInput,
} from './faults.ts';
import {
  describeFrostNight,
  frostNightInputSchema,
  newFrostNight,
  type FrostNightInput,
} from './frost-night.ts';
import { siteHistory, type HistoryChunk } from './history.ts';
import { seededRandom, seedFrom, type Random } from './random.ts';
import { SiteState } from './site.ts';
import { radioWear } from './wear.ts';

/** pino's shape, which the server's logger has; the CLI writes to the console. */
export type SimulatorLog = {
  info: (object: object, message?: string) => void;
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

/** Warnings and errors to stderr, no chatter: the default when none is given. */
export const quietLog: SimulatorLog = {
  info: () => {},
  warn: (object, message) => console.warn('simulator:', message ?? '', JSON.stringify(object)),
  error: (object, message) => console.error('simulator:', message ?? '', JSON.stringify(object)),
};

export type SimulatorSite = {
  siteId: number;
  /** `gateway-{siteId}` when not given. */
  username?: string;
  /** The gateway's key (`npm run field:keys`); an anonymous external broker needs none. */
  password?: string;
};

export type SimulatorOptions = {
  brokerUrl: string;
  /**
   * 5 on a broker that speaks MQTT 5 (Mosquitto): an uplink whose PUBACK says no subscriber took
   * it is sent again (confirmed-publish.ts). 4 (the default) for the embedded broker (aedes).
   */
  protocolVersion?: 4 | 5;
  topicRoot?: string;
  sites: readonly SimulatorSite[];
  clock?: { now(): Date };
  /** Seeds every device's and site's randomness; the same seed repeats the same farm. */
  random?: Random;
  /** Report every this many seconds instead of each device's configured interval (demos, tests). */
  reportEverySeconds?: number;
  /** Seconds from accepting a command to having carried it out (a valve's travel). */
  actuationSeconds?: number;
  /** Port of the fault-injection HTTP server (0: any free one); none when not given. */
  controlPort?: number;
  controlHost?: string;
  log?: SimulatorLog;
  /**
   * When the farm was set up (its first start): the radios' batteries, links and silent spells
   * run on from it (wear.ts), so they carry on across restarts. The simulator's start when not given.
   */
  epoch?: Date;
  /**
   * Give the farm a past: each site's devices are first run through `spanMs` before now (history.ts)
   * and their reports handed to `onChunk`, then the same devices go live, so the history ends where
   * the live run begins. Devices whose config comes later start live at once.
   */
  history?: SimulatorHistory;
};

export type SimulatorHistory = {
  spanMs: number;
  /** Seconds between the past reports; 600 when not given. */
  stepSeconds?: number;
  /** A simulated day of one site's reports. */
  onChunk: (chunk: HistoryChunk) => void;
  /** A site's past is complete and its devices are live. */
  onSiteDone?: (site: { siteId: number; devices: number; from: Date; until: Date }) => void;
  /**
   * Waited for between two simulated days: a server in this process lets its people's requests
   * go first (PeopleFirst.yieldToPeople, in the server). The next turn of the event loop when not given.
   */
  pace?: () => Promise<void>;
};

export type Simulator = {
  inject(fault: FaultInput): Fault;
  /** Clears the matching faults (all without a filter) and returns them. */
  clear(filter?: FaultFilter): Fault[];
  faults(): Fault[];
  devices(): DeviceSummary[];
  /**
   * Runs a compressed frost night now (frost-night.ts) on the site, or on every site with frost
   * fans; refused (UnknownTargetError) when there is no such site.
   */
  frostNight(input: FrostNightInput): FrostNightSummary[];
  /** The frost nights given, running or over. */
  frostNights(): FrostNightSummary[];
  /** Takes the frost night off the site (all sites without one); the weather is its own again. */
  clearFrostNight(siteId?: number): FrostNightSummary[];
  /** Where the fault-injection server listens, if it runs. */
  controlUrl: string | null;
  close(): Promise<void>;
};

export type FrostNightSummary = ReturnType<typeof describeFrostNight>;

/** A site's configs have all come once none has for this long (the broker sends retained ones at once). */
const CONFIGS_QUIET_MS = 500;

/** The first report of a device comes within this many seconds, so a fresh start shows data soon. */
const FIRST_REPORT_WITHIN_SECONDS = 10;

type Runner = {
  device: VirtualDevice;
  client: MqttClient;
  reportTimer: NodeJS.Timeout | null;
  deadlineTimer: NodeJS.Timeout | null;
  periodMs: number;
};

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const topicRoot = options.topicRoot ?? FIELD_TOPIC_ROOT;
  const clock = options.clock ?? { now: () => new Date() };
  const log = options.log ?? quietLog;
  const baseSeed = Math.floor((options.random ?? Math.random)() * 2 ** 32);
  const actuationMs = (options.actuationSeconds ?? 1) * 1000;
  const runners = new Map<string, Runner>();
  const sites = new Map<number, SiteState>();
  const faults: Fault[] = [];
  const spikeReportsLeft = new Map<number, number>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  let nextFaultId = 1;
  let closed = false;
  const epoch = options.epoch ?? clock.now();
  /** Sites whose past is still to be made: the configs collected so far and the quiet timer. */
  const pastPending = new Map<
    number,
    {
      client: MqttClient;
      configs: Map<string, Buffer>;
      timer: NodeJS.Timeout | null;
      running: boolean;
    }
  >();
  const pastDone = new Set<number>();

  const key = (siteId: number, serialno: string) => `${siteId}/${serialno}`;
  const findRunner = (serialno: string) =>
    [...runners.values()].find((runner) => runner.device.serialno === serialno);

  function faultsFor(device: VirtualDevice): DeviceFaults {
    const mine = (fault: Fault) => 'serialno' in fault && fault.serialno === device.serialno;
    const controlIds = new Set(device.config.controls.map((control) => control.id));
    const sensorIds = device.config.sensors.map((sensor) => sensor.id);
    const relevant = faults.filter(
      (fault) =>
        mine(fault) ||
        (fault.kind === 'valveFault' &&
          fault.controlId !== undefined &&
          controlIds.has(fault.controlId)) ||
        (fault.kind === 'spike' &&
          fault.sensorId !== undefined &&
          sensorIds.includes(fault.sensorId)) ||
        (fault.kind === 'pumpFault' && controlIds.has(fault.controlId)) ||
        (fault.kind === 'tankLevelFault' && sensorIds.includes(fault.sensorId)),
    );
    if (relevant.length === 0) return NO_FAULTS;
    const faultedControls = new Set<number>();
    const spikes = new Map<number, { metric: string | null; value: number | null }>();
    for (const fault of relevant) {
      if (fault.kind === 'valveFault') {
        if (fault.controlId !== undefined) faultedControls.add(fault.controlId);
        else for (const id of controlIds) faultedControls.add(id);
      }
      if (fault.kind === 'spike') {
        const targets = fault.sensorId !== undefined ? [fault.sensorId] : sensorIds;
        for (const id of targets) {
          spikes.set(id, { metric: fault.metric ?? null, value: fault.value ?? null });
        }
      }
    }
    const trippedPumps = new Set<number>();
    const failedLevels = new Set<number>();
    for (const fault of relevant) {
      if (fault.kind === 'pumpFault') trippedPumps.add(fault.controlId);
      if (fault.kind === 'tankLevelFault') failedLevels.add(fault.sensorId);
    }
    return {
      trippedPumps,
      failedLevels,
      silenced: relevant.some((fault) => fault.kind === 'silence'),
      lowBattery: relevant.some((fault) => fault.kind === 'lowBattery'),
      faultedControls,
      spikes,
    };
  }

  function publish(runner: Runner, kind: UplinkKind, payload: object): void {
    const topic = uplinkTopic(topicRoot, runner.device.siteId, runner.device.serialno, kind);
    publishConfirmed(runner.client, topic, JSON.stringify(payload), {
      stopped: () => closed,
    }).catch((error: Error) => {
      if (!closed) log.warn({ topic, err: error.message }, 'simulator could not publish');
    });
  }

  /** The spikes a report carried count down; a spike that has had its reports goes. */
  function spent(device: VirtualDevice): void {
    const sensorIds = new Set(device.config.sensors.map((sensor) => sensor.id));
    for (const fault of [...faults]) {
      if (fault.kind !== 'spike') continue;
      const applies =
        fault.serialno === device.serialno ||
        (fault.sensorId !== undefined && sensorIds.has(fault.sensorId));
      if (!applies) continue;
      const left = (spikeReportsLeft.get(fault.id) ?? fault.reports) - 1;
      if (left > 0) {
        spikeReportsLeft.set(fault.id, left);
      } else {
        spikeReportsLeft.delete(fault.id);
        faults.splice(faults.indexOf(fault), 1);
      }
    }
  }

  function report(runner: Runner): void {
    const now = clock.now();
    const { device } = runner;
    if (device.expire(now)) armDeadline(runner);
    const outcome = device.report(now, faultsFor(device));
    for (const message of outcome.readings) publish(runner, 'readings', message);
    if (outcome.status) publish(runner, 'status', outcome.status);
    if (outcome.readings.length > 0) spent(device);
  }

  /** Reports a change of the device's controls (and its health, which a fault changes) now. */
  function reportChange(runner: Runner, withStatus: boolean): void {
    const now = clock.now();
    const current = faultsFor(runner.device);
    for (const message of runner.device.controlReport(now, current)) {
      publish(runner, 'readings', message);
    }
    if (withStatus && !runner.device.silentAt(now, current))
      publish(runner, 'status', runner.device.status(now, current));
  }

  function armDeadline(runner: Runner): void {
    if (runner.deadlineTimer) clearTimeout(runner.deadlineTimer);
    runner.deadlineTimer = null;
    const deadline = runner.device.nextDeadline();
    if (deadline === null || closed) return;
    runner.deadlineTimer = setTimeout(
      () => {
        runner.deadlineTimer = null;
        if (runner.device.expire(clock.now())) reportChange(runner, false);
        armDeadline(runner);
      },
      Math.max(0, deadline - clock.now().getTime()),
    );
  }

  function schedule(runner: Runner, firstWithinMs: number): void {
    if (runner.reportTimer) clearTimeout(runner.reportTimer);
    const tick = () => {
      report(runner);
      runner.reportTimer = setTimeout(tick, runner.periodMs);
    };
    const random = seededRandom(seedFrom(runner.device.serialno, baseSeed + 1));
    runner.reportTimer = setTimeout(tick, random() * firstWithinMs);
  }

  function periodOf(device: VirtualDevice): number {
    const night = sites.get(device.siteId)?.frostNight;
    if (night && clock.now().getTime() < night.endsAt) return night.reportSeconds * 1000;
    return (options.reportEverySeconds ?? device.reportIntervalSeconds) * 1000;
  }

  /** Every device of the site reports at the pace its weather now asks for. */
  function repace(siteId: number, firstWithinMs: number): void {
    for (const runner of runners.values()) {
      if (runner.device.siteId !== siteId) continue;
      runner.periodMs = periodOf(runner.device);
      schedule(runner, Math.min(runner.periodMs, firstWithinMs));
    }
  }

  const nightTimers = new Map<number, NodeJS.Timeout>();

  function sitesWithFans(): number[] {
    const ids = new Set<number>();
    for (const runner of runners.values()) {
      if (runner.device.config.sensors.some(isFrostFanConfig)) ids.add(runner.device.siteId);
    }
    return [...ids].sort((a, b) => a - b);
  }

  function onConfig(client: MqttClient, siteId: number, serialno: string, payload: Buffer): void {
    const existing = runners.get(key(siteId, serialno));
    const now = clock.now();
    if (payload.length === 0) {
      // The config was taken back: the server no longer has the device.
      if (!existing) return;
      existing.device.remove(now);
      stopRunner(existing);
      runners.delete(key(siteId, serialno));
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
      const period = periodOf(existing.device);
      if (period !== existing.periodMs) {
        existing.periodMs = period;
        schedule(existing, Math.min(period, FIRST_REPORT_WITHIN_SECONDS * 1000));
      }
      return;
    }
    if (options.history && !pastDone.has(siteId)) {
      awaitPast(client, siteId, serialno, payload);
      return;
    }
    goLive(client, buildDevice(siteId, parsed.value, now));
  }

  function siteOf(siteId: number): SiteState {
    let site = sites.get(siteId);
    if (!site) {
      site = new SiteState(siteId, seedFrom(`site-${siteId}`, baseSeed));
      sites.set(siteId, site);
    }
    return site;
  }

  function buildDevice(siteId: number, config: ConfigDownlink, at: Date): VirtualDevice {
    const { serialno, kind } = config.device;
    return new VirtualDevice(
      config,
      siteId,
      siteOf(siteId),
      seededRandom(seedFrom(serialno, baseSeed)),
      at,
      kind === 'radio' ? radioWear(serialno, baseSeed, epoch) : null,
    );
  }

  function goLive(client: MqttClient, device: VirtualDevice): void {
    const runner: Runner = {
      device,
      client,
      reportTimer: null,
      deadlineTimer: null,
      periodMs: periodOf(device),
    };
    runners.set(key(device.siteId, device.serialno), runner);
    schedule(runner, Math.min(runner.periodMs, FIRST_REPORT_WITHIN_SECONDS * 1000));
  }

  /** Holds a site's configs until they have all come, then makes the site's past. */
  function awaitPast(client: MqttClient, siteId: number, serialno: string, payload: Buffer): void {
    let pending = pastPending.get(siteId);
    if (!pending) {
      pending = { client, configs: new Map(), timer: null, running: false };
      pastPending.set(siteId, pending);
    }
    pending.configs.set(serialno, payload);
    if (pending.running) return;
    if (pending.timer) clearTimeout(pending.timer);
    const site = pending;
    site.timer = setTimeout(() => {
      site.timer = null;
      site.running = true;
      makePast(siteId, site).catch((error: unknown) =>
        log.error({ siteId, err: String(error) }, 'the site history failed'),
      );
    }, CONFIGS_QUIET_MS);
  }

  /**
   * Runs the site's devices through their past, a simulated day per turn of the event loop (the
   * server beside us keeps answering), then lets the same devices go live. Configs that came
   * meanwhile are taken as usual afterwards.
   */
  async function makePast(
    siteId: number,
    pending: { client: MqttClient; configs: Map<string, Buffer> },
  ): Promise<void> {
    const history = options.history as SimulatorHistory;
    const until = clock.now();
    const from = new Date(until.getTime() - history.spanMs);
    const taken = new Map(pending.configs);
    const devices: VirtualDevice[] = [];
    for (const [serialno, payload] of taken) {
      if (payload.length === 0) continue;
      const parsed = parseJson(payload, configDownlinkSchema);
      if (!parsed.ok || parsed.value.device.serialno !== serialno) {
        log.warn({ siteId, serialno }, 'config refused');
        continue;
      }
      devices.push(buildDevice(siteId, parsed.value, from));
    }
    devices.sort((a, b) => a.serialno.localeCompare(b.serialno));
    const past = siteHistory({
      siteId,
      site: siteOf(siteId),
      devices,
      from,
      until,
      ...(history.stepSeconds ? { stepMs: history.stepSeconds * 1000 } : {}),
    });
    for (const chunk of past) {
      if (closed) return;
      history.onChunk(chunk);
      await (history.pace ? history.pace() : new Promise((resolve) => setImmediate(resolve)));
    }
    if (closed) return;
    pastDone.add(siteId);
    pastPending.delete(siteId);
    for (const device of devices) goLive(pending.client, device);
    history.onSiteDone?.({ siteId, devices: devices.length, from, until });
    // Configs changed or added while the past was being made.
    for (const [serialno, payload] of pending.configs) {
      if (taken.get(serialno) !== payload) onConfig(pending.client, siteId, serialno, payload);
    }
  }

  function onCommand(siteId: number, serialno: string, payload: Buffer): void {
    const runner = runners.get(key(siteId, serialno));
    if (!runner) {
      log.warn({ siteId, serialno }, 'command for a device the simulator has no config of');
      return;
    }
    const parsed = parseJson(payload, commandDownlinkSchema);
    if (!parsed.ok) {
      log.warn({ siteId, serialno, reason: parsed.reason }, 'command refused');
      return;
    }
    const command: CommandDownlink = parsed.value;
    const { acks, pending } = runner.device.receive(command, clock.now(), faultsFor(runner.device));
    for (const ack of acks) publish(runner, 'ack', ack);
    if (!pending) return;
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      if (closed) return;
      const current = faultsFor(runner.device);
      // A device silenced meanwhile never finishes: its answer is lost like the rest.
      if (runner.device.silentAt(clock.now(), current)) return;
      const { ack, changed } = runner.device.complete(command, clock.now(), current);
      publish(runner, 'ack', ack);
      if (changed) reportChange(runner, false);
      if (command.action === 'ping')
        publish(runner, 'status', runner.device.status(clock.now(), current));
      armDeadline(runner);
    }, actuationMs);
    pendingTimers.add(timer);
  }

  function stopRunner(runner: Runner): void {
    if (runner.reportTimer) clearTimeout(runner.reportTimer);
    if (runner.deadlineTimer) clearTimeout(runner.deadlineTimer);
    runner.reportTimer = null;
    runner.deadlineTimer = null;
  }

  const clients = await Promise.all(
    options.sites.map(async (site) => {
      const username = site.username ?? `gateway-${site.siteId}`;
      const client = await mqtt.connectAsync(options.brokerUrl, {
        clientId: `paddock-simulator-${site.siteId}-${randomUUID().slice(0, 8)}`,
        username,
        ...(site.password === undefined ? {} : { password: site.password }),
        clean: true,
        protocolVersion: options.protocolVersion ?? 4,
        reconnectPeriod: 1000,
        connectTimeout: 10_000,
        keepalive: 30,
      });
      client.on('message', (topic, payload) => {
        const parsed = parseFieldTopic(topicRoot, topic);
        if (!parsed || parsed.direction !== 'down' || parsed.siteId !== site.siteId) {
          log.warn({ topic }, 'message on a topic the simulator does not serve');
          return;
        }
        if (parsed.kind === 'config') onConfig(client, site.siteId, parsed.serialno, payload);
        else onCommand(site.siteId, parsed.serialno, payload);
      });
      client.on('error', (error) =>
        log.warn({ siteId: site.siteId, err: error.message }, 'broker link'),
      );
      const granted = await client.subscribeAsync(siteDownlinksFilter(topicRoot, site.siteId), {
        qos: 1,
      });
      if (granted.some((grant) => grant.qos === 128)) {
        await client.endAsync();
        throw new Error(`the broker refused ${username} the downlinks of site ${site.siteId}`);
      }
      return client;
    }),
  );

  const simulator: Simulator = {
    inject(input) {
      const spec = faultInputSchema.parse(input);
      const devices = [...runners.values()].map((runner) => runner.device);
      let affected: VirtualDevice[];
      if (spec.kind === 'valveFault' && spec.controlId !== undefined) {
        affected = devices.filter((device) =>
          device.config.controls.some((control) => control.id === spec.controlId),
        );
        if (affected.length === 0) throw new UnknownTargetError(`no control ${spec.controlId}`);
      } else if (spec.kind === 'pumpFault') {
        affected = devices.filter((device) =>
          device.config.controls.some(
            (control) => control.id === spec.controlId && control.type === 'pump',
          ),
        );
        if (affected.length === 0) throw new UnknownTargetError(`no pump ${spec.controlId}`);
      } else if (spec.kind === 'tankLevelFault') {
        affected = devices.filter((device) =>
          device.config.sensors.some(
            (sensor) => sensor.id === spec.sensorId && sensor.type === 'level',
          ),
        );
        if (affected.length === 0) {
          throw new UnknownTargetError(`no tank level sensor ${spec.sensorId}`);
        }
      } else if (spec.kind === 'spike' && spec.sensorId !== undefined) {
        affected = devices.filter((device) =>
          device.config.sensors.some((sensor) => sensor.id === spec.sensorId),
        );
        if (affected.length === 0) throw new UnknownTargetError(`no sensor ${spec.sensorId}`);
      } else {
        affected = devices.filter((device) => device.serialno === spec.serialno);
        if (affected.length === 0) throw new UnknownTargetError(`no device ${spec.serialno}`);
      }
      const fault: Fault = { ...spec, id: nextFaultId++, injectedAt: clock.now().toISOString() };
      faults.push(fault);
      log.info({ fault }, 'fault injected');
      if (fault.kind === 'pumpFault') {
        for (const device of affected) device.trip(fault.controlId, clock.now());
      }
      if (fault.kind === 'valveFault' || fault.kind === 'pumpFault') {
        for (const device of affected) {
          const runner = findRunner(device.serialno);
          if (runner) reportChange(runner, true);
        }
      }
      // A failed level probe is heard at once, as a tripped pump is.
      if (fault.kind === 'tankLevelFault') {
        for (const device of affected) {
          const runner = findRunner(device.serialno);
          if (runner) report(runner);
        }
      }
      return fault;
    },
    clear(filter = {}) {
      const wanted = faultFilterSchema.parse(filter);
      const cleared = faults.filter(
        (fault) =>
          (wanted.id === undefined || fault.id === wanted.id) &&
          (wanted.kind === undefined || fault.kind === wanted.kind) &&
          (wanted.serialno === undefined ||
            ('serialno' in fault && fault.serialno === wanted.serialno)),
      );
      for (const fault of cleared) {
        faults.splice(faults.indexOf(fault), 1);
        spikeReportsLeft.delete(fault.id);
      }
      // A device whose valve fault went reports its controls sound again.
      for (const runner of runners.values()) {
        const had = runner.device.config.controls.some((control) =>
          cleared.some(
            (fault) =>
              (fault.kind === 'valveFault' &&
                (fault.controlId === control.id || fault.serialno === runner.device.serialno)) ||
              (fault.kind === 'pumpFault' && fault.controlId === control.id),
          ),
        );
        if (had) reportChange(runner, true);
        const mended = runner.device.config.sensors.some((sensor) =>
          cleared.some((fault) => fault.kind === 'tankLevelFault' && fault.sensorId === sensor.id),
        );
        if (mended) report(runner);
      }
      if (cleared.length > 0)
        log.info({ cleared: cleared.map((fault) => fault.id) }, 'faults cleared');
      return cleared;
    },
    faults: () => faults.map((fault) => ({ ...fault })),
    frostNight(input) {
      const spec = frostNightInputSchema.parse(input);
      const withFans = sitesWithFans();
      const targets = spec.siteId === undefined ? withFans : [spec.siteId];
      if (targets.length === 0 || targets.some((id) => !withFans.includes(id))) {
        throw new UnknownTargetError(
          spec.siteId === undefined
            ? 'no site with frost fans'
            : `no site ${spec.siteId} with frost fans`,
        );
      }
      const now = clock.now();
      return targets.map((siteId) => {
        const site = siteOf(siteId);
        // Everything before the night is moved on in the site's own weather first.
        for (const runner of runners.values()) {
          if (runner.device.siteId === siteId) runner.device.advance(now);
        }
        const night = newFrostNight(spec, siteId, now);
        site.frostNight = night;
        repace(siteId, 1000);
        const previous = nightTimers.get(siteId);
        if (previous) clearTimeout(previous);
        const timer = setTimeout(() => {
          nightTimers.delete(siteId);
          if (!closed) repace(siteId, 1000);
        }, night.endsAt - now.getTime());
        nightTimers.set(siteId, timer);
        log.info({ frostNight: describeFrostNight(night) }, 'frost night started');
        return describeFrostNight(night);
      });
    },
    frostNights: () =>
      [...sites.values()].flatMap((site) =>
        site.frostNight ? [describeFrostNight(site.frostNight)] : [],
      ),
    clearFrostNight(siteId) {
      const cleared: FrostNightSummary[] = [];
      for (const site of sites.values()) {
        if (!site.frostNight || (siteId !== undefined && site.siteId !== siteId)) continue;
        for (const runner of runners.values()) {
          if (runner.device.siteId === site.siteId) runner.device.advance(clock.now());
        }
        cleared.push(describeFrostNight(site.frostNight));
        site.frostNight = null;
        const timer = nightTimers.get(site.siteId);
        if (timer) clearTimeout(timer);
        nightTimers.delete(site.siteId);
        repace(site.siteId, 1000);
      }
      return cleared;
    },
    devices: () =>
      [...runners.values()]
        .map((runner) => runner.device.summary(faultsFor(runner.device)))
        .sort((a, b) => a.siteId - b.siteId || a.serialno.localeCompare(b.serialno)),
    controlUrl: null,
    async close() {
      closed = true;
      for (const pending of pastPending.values()) if (pending.timer) clearTimeout(pending.timer);
      for (const runner of runners.values()) stopRunner(runner);
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      for (const timer of nightTimers.values()) clearTimeout(timer);
      nightTimers.clear();
      await control?.close();
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };

  let control: ControlServer | null = null;
  if (options.controlPort !== undefined) {
    try {
      control = await startControlServer(simulator, {
        port: options.controlPort,
        host: options.controlHost ?? '127.0.0.1',
      });
    } catch (error) {
      await Promise.all(clients.map((client) => client.endAsync()));
      throw error;
    }
    simulator.controlUrl = control.url;
  }
  log.info(
    { sites: options.sites.map((site) => site.siteId), controlUrl: simulator.controlUrl },
    'simulator connected',
  );
  return simulator;
}

/** JSON then schema; the reason when either fails. */
function parseJson<T>(
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
