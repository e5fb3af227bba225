/**
 * One virtual radio or unit, built from its config downlink. It keeps its sensors' models and
 * its controls' state, and turns time passing and commands into the uplinks a real device would
 * send: readings and status each report interval, acks for commands, and a readings message
 * whenever a control changes. No I/O and no clock of its own: the simulator passes `now` in and
 * publishes what comes back, so tests drive a device directly.
 */
import type {
  AckUplink,
  CommandDownlink,
  ConfigDownlink,
  Reading,
  ReadingsUplink,
  StatusUplink,
} from '@paddock/domain';
import { batteryVolts, RADIO_BATTERY } from './battery.ts';
import { commandAck, commandRefusal } from './device-commands.ts';
import { NO_FAULTS, type DeviceFaults } from './device-faults.ts';
import { controlReadings, readingsMessages } from './device-readings.ts';
import { baseSignal, missProbability, signalReading } from './link.ts';
import type { Random } from './random.ts';
import type { Wear } from './wear.ts';
import { createSensorModel, type SensorModel } from './sensors.ts';
import type { ControlRef, SiteState } from './site.ts';

type ControlConfig = ConfigDownlink['controls'][number];

export { NO_FAULTS, type DeviceFaults };

/** A pivot goes round once in this many hours. */
const PIVOT_HOURS_PER_TURN = 20;
/** Models advance in steps of at most this long, so a long gap still integrates smoothly. */
const MAX_STEP_MS = 10 * 60_000;
/** Commands remembered for de-duplication (QoS 1 redelivers). */
const REMEMBERED_COMMANDS = 200;

export type ReportOutcome = {
  readings: ReadingsUplink[];
  status: StatusUplink | null;
  /** The report was lost on the air: nothing was sent, the sequence numbers moved on. */
  missed: boolean;
};

export type DeviceSummary = {
  siteId: number;
  serialno: string;
  kind: 'radio' | 'unit';
  type: string | null;
  reportIntervalSeconds: number;
  sensors: { id: number; type: string; metrics: string[]; unmodelled: string[] }[];
  controls: {
    id: number;
    type: string;
    running: boolean;
    fault: boolean;
    closesAt: string | null;
  }[];
  reports: number;
  missed: number;
  lastReportAt: string | null;
};

export class VirtualDevice {
  config: ConfigDownlink;
  private readingsSeq = 0;
  private statusSeq = 0;
  /** Reports lost since the last status that got through. */
  private missesSinceStatus = 0;
  private lastAdvance: Date;
  private readonly installedAt: Date;
  /** Battery hours already used when the simulation started: devices were installed at different times. */
  private readonly batteryAgeHours: number;
  private readonly signalBase: number;
  private models = new Map<number, SensorModel & { forget?: () => void; lowBattery?: boolean }>();
  private readonly deadlines = new Map<number, number>();
  private readonly pivotAngles = new Map<number, number>();
  private readonly commands = new Map<string, AckUplink | null>();
  private readonly unmodelled = new Map<number, Set<string>>();
  reports = 0;
  missed = 0;
  lastReportAt: Date | null = null;

  constructor(
    config: ConfigDownlink,
    readonly siteId: number,
    private readonly site: SiteState,
    private readonly random: Random,
    now: Date,
    /** The radio's battery, link and silent spells over time (wear.ts); without it, a new
     * battery part-way through its life at `now` and a steady link. */
    private readonly wear: Wear | null = null,
  ) {
    this.config = config;
    this.lastAdvance = now;
    this.installedAt = now;
    this.batteryAgeHours = random() * 0.6 * RADIO_BATTERY.lifeHours;
    const base = baseSignal(random);
    // Repeaters and coordinators stand high and near the shed: they hear well.
    this.signalBase = config.device.repeater || config.device.coordinator ? base + 12 : base;
    if (config.device.location && !site.place) site.place = config.device.location;
    this.buildModels(now);
  }

  get serialno(): string {
    return this.config.device.serialno;
  }

  get reportIntervalSeconds(): number {
    return this.config.device.reportIntervalSeconds;
  }

  private controlRef(control: ControlConfig): ControlRef {
    return {
      id: control.id,
      type: control.type,
      areaId: this.config.device.areaId,
      sectionId: control.sectionId,
    };
  }

  private buildModels(now: Date): void {
    const previous = this.models;
    this.models = new Map();
    const context = {
      site: this.site,
      areaId: this.config.device.areaId,
      sectionId: this.config.device.sectionId,
      controls: () => this.config.controls.map((control) => this.controlRef(control)),
      fan: () => [...this.models.values()].find((model) => model.fan)?.fan ?? null,
      tank: () => [...this.models.values()].find((model) => model.tank)?.tank ?? null,
      random: this.random,
    };
    for (const control of this.config.controls) this.site.know(this.controlRef(control));
    // Tanks and fans first: the meters and thermometers beside them read their state.
    const ordered = [...this.config.sensors].sort(
      (a, b) => Number(b.type === 'level') - Number(a.type === 'level'),
    );
    for (const sensor of ordered) {
      const kept = previous.get(sensor.id);
      this.models.set(sensor.id, kept ?? createSensorModel(sensor, context, now));
    }
    for (const [id, model] of previous) if (!this.models.has(id)) model.forget?.();
  }

  /** A newer config of the same device: sensors and controls it keeps keep their state. */
  update(config: ConfigDownlink, now: Date): void {
    this.advance(now);
    const kept = new Set(config.controls.map((control) => control.id));
    for (const control of this.config.controls) {
      if (!kept.has(control.id)) this.setRunning(control, false, now);
    }
    this.config = config;
    if (config.device.location && !this.site.place) this.site.place = config.device.location;
    this.buildModels(now);
  }

  /** The device is gone from the server: its controls stop, its meters leave the totals. */
  remove(now: Date): void {
    for (const control of this.config.controls) this.setRunning(control, false, now);
    for (const model of this.models.values()) model.forget?.();
  }

  /** Moves every model on to `now`. */
  advance(now: Date): void {
    while (this.lastAdvance.getTime() < now.getTime()) {
      const from = this.lastAdvance;
      const to = new Date(Math.min(from.getTime() + MAX_STEP_MS, now.getTime()));
      for (const model of this.models.values()) model.advance(from, to);
      for (const control of this.config.controls) {
        if (control.type !== 'pivot') continue;
        const hours = this.site.runHours((ref) => ref.id === control.id, from, to);
        const angle = this.pivotAngles.get(control.id) ?? this.random() * 360;
        this.pivotAngles.set(control.id, (angle + (hours / PIVOT_HOURS_PER_TURN) * 360) % 360);
      }
      this.lastAdvance = to;
    }
  }

  private setRunning(control: ControlConfig, running: boolean, now: Date): void {
    this.site.setRunning(this.controlRef(control), running, now);
    if (!running) this.deadlines.delete(control.id);
  }

  isRunning(controlId: number): boolean {
    return this.site.isRunning(controlId);
  }

  /** A pump's motor protection trips: it stops at once. True when it was running. */
  trip(controlId: number, now: Date): boolean {
    this.advance(now);
    const control = this.config.controls.find((candidate) => candidate.id === controlId);
    if (!control || !this.isRunning(controlId)) return false;
    this.setRunning(control, false, now);
    return true;
  }

  private controlReadings(faults: DeviceFaults): Reading[] {
    return controlReadings(
      this.config.controls,
      (id) => this.isRunning(id),
      this.pivotAngles,
      faults,
    );
  }

  private sensorReadings(now: Date, faults: DeviceFaults): Reading[] {
    const readings: Reading[] = [];
    for (const sensor of this.config.sensors) {
      const model = this.models.get(sensor.id);
      if (!model) continue;
      if ('lowBattery' in model) model.lowBattery = faults.lowBattery;
      const spike = faults.spikes.get(sensor.id);
      const metrics = model.metrics
        ? [...new Set([...sensor.metrics, ...model.metrics])]
        : sensor.metrics;
      for (const metric of metrics) {
        const value = model.read(metric, now);
        if (value === null) {
          const missing = this.unmodelled.get(sensor.id) ?? new Set();
          missing.add(metric);
          this.unmodelled.set(sensor.id, missing);
          continue;
        }
        const spiked = spike && (spike.metric === null || spike.metric === metric);
        const failedLevel = sensor.type === 'level' && faults.failedLevels?.has(sensor.id);
        readings.push({
          thing: 'sensor',
          id: sensor.id,
          metric,
          value: failedLevel ? 0 : spiked ? (spike.value ?? Math.abs(value) * 10 + 1000) : value,
        });
      }
      // A level probe says whether it works, so its fault clears when it is mended.
      if (sensor.type === 'level') {
        readings.push({
          thing: 'sensor',
          id: sensor.id,
          metric: 'fault',
          value: faults.failedLevels?.has(sensor.id) ? 1 : 0,
        });
      }
    }
    return readings;
  }

  /** Readings as uplinks: one, or several when they exceed what one message may hold. */
  private readingsMessages(now: Date, readings: Reading[]): ReadingsUplink[] {
    return readingsMessages(now, readings, () => this.readingsSeq++);
  }

  /** Whether the device sends and hears nothing now: silenced by a fault, or in a silent spell. */
  silentAt(now: Date, faults: DeviceFaults): boolean {
    return faults.silenced || (this.wear?.silent(now) ?? false);
  }

  /** Where the radio's signal sits now (dBm), before fading. */
  private signalBaseAt(now: Date): number {
    return this.wear?.signalBase(now) ?? this.signalBase;
  }

  /** The device's health now. Radios report battery, signal and the reports they missed. */
  status(now: Date, faults: DeviceFaults): StatusUplink {
    const fault = this.config.controls.some((control) => faults.faultedControls.has(control.id));
    if (this.config.device.kind === 'unit') {
      return { seq: this.statusSeq++, time: now.toISOString(), online: true, fault };
    }
    const hours =
      this.wear?.batteryHours(now) ??
      this.batteryAgeHours + (now.getTime() - this.installedAt.getTime()) / 3_600_000;
    const battery = faults.lowBattery
      ? batteryVolts(RADIO_BATTERY, RADIO_BATTERY.lifeHours * 0.97)
      : batteryVolts(RADIO_BATTERY, hours);
    const status: StatusUplink = {
      seq: this.statusSeq++,
      time: now.toISOString(),
      online: true,
      battery,
      signal: signalReading(this.signalBaseAt(now), this.random),
      misses: this.missesSinceStatus,
      fault,
    };
    this.missesSinceStatus = 0;
    return status;
  }

  /**
   * The regular report: readings of every sensor and control, and the status. A silenced device
   * sends nothing; a weak link now and then loses a report (the sequence numbers still move on,
   * so the server sees the gap, and the next status counts it).
   */
  report(now: Date, faults: DeviceFaults): ReportOutcome {
    this.advance(now);
    if (this.silentAt(now, faults)) return { readings: [], status: null, missed: false };
    if (this.lostOnTheAir(now)) {
      this.readingsSeq++;
      this.statusSeq++;
      return { readings: [], status: null, missed: true };
    }
    const readings = this.readingsMessages(now, [
      ...this.sensorReadings(now, faults),
      ...this.controlReadings(faults),
    ]);
    this.reports++;
    this.lastReportAt = now;
    return { readings, status: this.status(now, faults), missed: false };
  }

  /** A radio's report lost on the way (a weak link loses more); counted for its next status. */
  private lostOnTheAir(now: Date): boolean {
    if (this.config.device.kind !== 'radio') return false;
    const signal = signalReading(this.signalBaseAt(now), this.random);
    if (this.random() >= missProbability(signal)) return false;
    this.missesSinceStatus++;
    this.missed++;
    return true;
  }

  /**
   * The regular report as history (the back-fill): the readings with their time and the status,
   * or null when the device was silent or the report was lost, as a live report would be.
   */
  historyReport(now: Date): { readings: Reading[]; status: StatusUplink | null } | null {
    this.advance(now);
    if (this.silentAt(now, NO_FAULTS) || this.lostOnTheAir(now)) return null;
    const time = now.toISOString();
    const readings = [
      ...this.sensorReadings(now, NO_FAULTS),
      ...this.controlReadings(NO_FAULTS),
    ].map((reading) => ({ ...reading, time }));
    return { readings, status: this.status(now, NO_FAULTS) };
  }

  /** Just one sensor's readings: what a fan controller sends the moment it starts or stops. */
  sensorReport(now: Date, faults: DeviceFaults, sensorId: number): ReadingsUplink[] {
    if (this.silentAt(now, faults)) return [];
    const readings = this.sensorReadings(now, faults).filter((reading) => reading.id === sensorId);
    return readings.length > 0 ? this.readingsMessages(now, readings) : [];
  }

  /** Just the controls' readings: what a device sends the moment one of them changes. */
  controlReport(now: Date, faults: DeviceFaults): ReadingsUplink[] {
    if (this.silentAt(now, faults)) return [];
    return this.readingsMessages(now, this.controlReadings(faults));
  }

  /** Every reading of now with an explicit time, for history (the back-fill). */
  readingsAt(now: Date, faults: DeviceFaults = NO_FAULTS): Reading[] {
    this.advance(now);
    const time = now.toISOString();
    return [...this.sensorReadings(now, faults), ...this.controlReadings(faults)].map(
      (reading) => ({ ...reading, time }),
    );
  }

  /**
   * A command arrives. A new one is accepted at once and carried out by `complete` (the caller
   * waits the actuation time in between); a repeat of one already finished gets its final ack
   * again and does nothing twice; a silenced device hears nothing.
   */
  receive(
    command: CommandDownlink,
    now: Date,
    faults: DeviceFaults,
  ): { acks: AckUplink[]; pending: boolean } {
    if (this.silentAt(now, faults)) return { acks: [], pending: false };
    if (this.commands.has(command.commandId)) {
      const final = this.commands.get(command.commandId);
      return { acks: final ? [final] : [], pending: false };
    }
    this.commands.set(command.commandId, null);
    while (this.commands.size > REMEMBERED_COMMANDS) {
      const oldest = this.commands.keys().next().value;
      if (oldest === undefined) break;
      this.commands.delete(oldest);
    }
    return { acks: [commandAck(command, 'accepted', now)], pending: true };
  }

  /**
   * Carries out an accepted command: opens (with its fail-safe deadline) or closes the controls,
   * answers a ping, or starts or stops a frost fan. `changed` tells whether a control changed,
   * `fan` which fan took a command, so the caller reports it.
   */
  complete(
    command: CommandDownlink,
    now: Date,
    faults: DeviceFaults,
  ): { ack: AckUplink; changed: boolean; fan?: number } {
    this.advance(now);
    const finish = (ack: AckUplink, changed: boolean) => {
      this.commands.set(command.commandId, ack);
      return { ack, changed };
    };
    if (command.action === 'ping') return finish(commandAck(command, 'done', now), false);
    if (command.action === 'fanStart' || command.action === 'fanStop') {
      const controller = this.models.get(command.fan);
      if (!controller?.fan || !controller.command) {
        return finish(
          commandAck(command, 'failed', now, `no fan ${command.fan} on ${this.serialno}`),
          false,
        );
      }
      // A faulted engine cannot start; the controller says so at once.
      if (command.action === 'fanStart' && controller.fan.fault) {
        return finish(commandAck(command, 'failed', now, 'engine fault'), false);
      }
      controller.command(command.action === 'fanStart' ? 'start' : 'stop', now);
      return { ...finish(commandAck(command, 'done', now), false), fan: command.fan };
    }
    const controls = command.controls.map((id) => ({
      id,
      control: this.config.controls.find((control) => control.id === id),
    }));
    const refusal = commandRefusal(command, controls, faults, this.serialno);
    if (refusal !== null) return finish(commandAck(command, 'failed', now, refusal), false);
    let changed = false;
    for (const { control } of controls) {
      if (!control) continue;
      const wasRunning = this.isRunning(control.id);
      if (command.action === 'open') {
        this.setRunning(control, true, now);
        this.deadlines.set(control.id, now.getTime() + command.durationSeconds * 1000);
        changed ||= !wasRunning;
      } else {
        this.setRunning(control, false, now);
        changed ||= wasRunning;
      }
    }
    return finish(commandAck(command, 'done', now), changed);
  }

  /** Closes the controls whose fail-safe duration has run out; true when one closed. */
  expire(now: Date): boolean {
    this.advance(now);
    let changed = false;
    for (const [id, deadline] of this.deadlines) {
      if (deadline > now.getTime()) continue;
      const control = this.config.controls.find((candidate) => candidate.id === id);
      this.deadlines.delete(id);
      if (control && this.isRunning(id)) {
        this.setRunning(control, false, new Date(deadline));
        changed = true;
      }
    }
    return changed;
  }

  /** When the next fail-safe closes a control (ms since the epoch), if one is armed. */
  nextDeadline(): number | null {
    let next: number | null = null;
    for (const deadline of this.deadlines.values()) {
      if (next === null || deadline < next) next = deadline;
    }
    return next;
  }

  summary(faults: DeviceFaults): DeviceSummary {
    return {
      siteId: this.siteId,
      serialno: this.serialno,
      kind: this.config.device.kind,
      type: this.config.device.type,
      reportIntervalSeconds: this.reportIntervalSeconds,
      sensors: this.config.sensors.map((sensor) => ({
        id: sensor.id,
        type: sensor.type,
        metrics: sensor.metrics,
        unmodelled: [...(this.unmodelled.get(sensor.id) ?? [])],
      })),
      controls: this.config.controls.map((control) => {
        const deadline = this.deadlines.get(control.id);
        return {
          id: control.id,
          type: control.type,
          running: this.isRunning(control.id),
          fault: faults.faultedControls.has(control.id),
          closesAt: deadline === undefined ? null : new Date(deadline).toISOString(),
        };
      }),
      reports: this.reports,
      missed: this.missed,
      lastReportAt: this.lastReportAt?.toISOString() ?? null,
    };
  }
}
