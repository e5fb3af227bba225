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
  parseFieldTopic,
  siteDownlinksFilter,
  uplinkTopic,
  type CommandDownlink,
  type UplinkKind,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { z } from 'zod';
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
import { seededRandom, seedFrom, type Random } from './random.ts';
import { SiteState } from './site.ts';

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
};

export type Simulator = {
  inject(fault: FaultInput): Fault;
  /** Clears the matching faults (all without a filter) and returns them. */
  clear(filter?: FaultFilter): Fault[];
  faults(): Fault[];
  devices(): DeviceSummary[];
  /** Where the fault-injection server listens, if it runs. */
  controlUrl: string | null;
  close(): Promise<void>;
};

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

  const key = (siteId: number, serialno: string) => `${siteId}/${serialno}`;
  const findRunner = (serialno: string) =>
    [...runners.values()].find((runner) => runner.device.serialno === serialno);

  function faultsFor(device: VirtualDevice): DeviceFaults {
    const mine = (fault: Fault) => fault.serialno === device.serialno;
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
          sensorIds.includes(fault.sensorId)),
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
    return {
      silenced: relevant.some((fault) => fault.kind === 'silence'),
      lowBattery: relevant.some((fault) => fault.kind === 'lowBattery'),
      faultedControls,
      spikes,
    };
  }

  function publish(runner: Runner, kind: UplinkKind, payload: object): void {
    const topic = uplinkTopic(topicRoot, runner.device.siteId, runner.device.serialno, kind);
    runner.client.publish(topic, JSON.stringify(payload), { qos: 1 }, (error) => {
      if (error && !closed) log.warn({ topic, err: error.message }, 'simulator could not publish');
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
    if (withStatus && !current.silenced)
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
    return (options.reportEverySeconds ?? device.reportIntervalSeconds) * 1000;
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
    let site = sites.get(siteId);
    if (!site) {
      site = new SiteState(siteId, seedFrom(`site-${siteId}`, baseSeed));
      sites.set(siteId, site);
    }
    const device = new VirtualDevice(
      parsed.value,
      siteId,
      site,
      seededRandom(seedFrom(serialno, baseSeed)),
      now,
    );
    const runner: Runner = {
      device,
      client,
      reportTimer: null,
      deadlineTimer: null,
      periodMs: periodOf(device),
    };
    runners.set(key(siteId, serialno), runner);
    schedule(runner, Math.min(runner.periodMs, FIRST_REPORT_WITHIN_SECONDS * 1000));
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
      if (current.silenced) return;
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
      if (fault.kind === 'valveFault') {
        for (const device of affected) {
          const runner = findRunner(device.serialno);
          if (runner) reportChange(runner, true);
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
          (wanted.serialno === undefined || fault.serialno === wanted.serialno),
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
              fault.kind === 'valveFault' &&
              (fault.controlId === control.id || fault.serialno === runner.device.serialno),
          ),
        );
        if (had) reportChange(runner, true);
      }
      if (cleared.length > 0)
        log.info({ cleared: cleared.map((fault) => fault.id) }, 'faults cleared');
      return cleared;
    },
    faults: () => faults.map((fault) => ({ ...fault })),
    devices: () =>
      [...runners.values()]
        .map((runner) => runner.device.summary(faultsFor(runner.device)))
        .sort((a, b) => a.siteId - b.siteId || a.serialno.localeCompare(b.serialno)),
    controlUrl: null,
    async close() {
      closed = true;
      for (const runner of runners.values()) stopRunner(runner);
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
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
