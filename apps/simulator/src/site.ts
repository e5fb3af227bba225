/**
 * What the devices of one virtual site share: the weather over the farm, and which controls ran
 * when — a soil probe is watered by its zone's valves, a mainline meter counts every valve of its
 * area, though each sits on another radio.
 */
import { frostNightWeather, nightHour, simulatedHours, type FrostNight } from './frost-night.ts';
import { NO_WATER_FAULTS, type WaterFaults } from './water.ts';
import { waterBalance, weatherAt, type Place, type Weather } from './weather.ts';

export type ControlRef = {
  id: number;
  type: 'valve' | 'pump' | 'valveAddon' | 'pivot';
  /** The area of the device the control is on. */
  areaId: number | null;
  sectionId: number | null;
};

type Run = { start: number; end: number | null };

/** Runs are kept this long: enough for any report interval a device could have. */
const RUN_HISTORY_MS = 2 * 24 * 3_600_000;

export class SiteState {
  /** Where the farm is; the first device that knows its position sets it. */
  place: Place | null = null;
  private readonly runs = new Map<number, { control: ControlRef; runs: Run[] }>();
  private readonly meters = new Map<number, { areaId: number | null; total: () => number }>();
  private cached: { time: number; weather: Weather } | null = null;
  /** Every soil probe and rain gauge of the site asks for the same periods: sum them once. */
  private readonly balances = new Map<string, { rainMm: number; evapotranspirationMm: number }>();

  constructor(
    readonly siteId: number,
    /** Seeds the site's weather, so a site's weather is the same in every run with the seed. */
    readonly seed: number,
  ) {}

  /** The site's position, or 0°, 0° (UTC solar time) until a device with a position appears. */
  get where(): Place {
    return this.place ?? { lat: 0, lng: 0 };
  }

  /**
   * Burst and blocked zones and leaking meters (faults.ts), set by the farm as they are injected
   * and cleared: here because a zone's valves and the meter counting them are on different radios.
   */
  waterFaults: WaterFaults = NO_WATER_FAULTS;

  /** A compressed frost night the site is given (frost-night.ts), while it lasts. */
  private night: FrostNight | null = null;

  get frostNight(): FrostNight | null {
    return this.night;
  }

  set frostNight(night: FrostNight | null) {
    this.night = night;
    this.cached = null;
  }

  weather(time: Date): Weather {
    if (this.cached?.time !== time.getTime()) {
      const base = weatherAt(this.where, time, this.seed);
      const hour = this.night ? nightHour(this.night, time) : null;
      this.cached = {
        time: time.getTime(),
        weather: this.night && hour !== null ? frostNightWeather(base, this.night, hour) : base,
      };
    }
    return this.cached.weather;
  }

  /** Simulated hours between two times: a frost night's compressed hours count in full. */
  hoursBetween(from: Date, to: Date): number {
    return simulatedHours(this.night, from, to);
  }

  /** Simulated hours since dusk of the frost night at a time, or null outside one. */
  nightHourAt(time: Date): number | null {
    return this.night ? nightHour(this.night, time) : null;
  }

  /** Rain and evapotranspiration (mm) over the farm between two times. */
  waterBalance(from: Date, to: Date): { rainMm: number; evapotranspirationMm: number } {
    const key = `${from.getTime()}/${to.getTime()}`;
    let balance = this.balances.get(key);
    if (!balance) {
      balance = waterBalance(this.where, from, to, this.seed);
      if (this.balances.size >= 64) this.balances.clear();
      this.balances.set(key, balance);
    }
    return balance;
  }

  /** Makes a control known to the site before it ever runs (a pump that has not yet started). */
  know(control: ControlRef): void {
    const entry = this.runs.get(control.id);
    if (entry) entry.control = control;
    else this.runs.set(control.id, { control, runs: [] });
  }

  /** Whether the site has any matching control, running or not. */
  hasControl(match: (control: ControlRef) => boolean): boolean {
    for (const { control } of this.runs.values()) if (match(control)) return true;
    return false;
  }

  /**
   * The share (0 to 1) of a period that water reached an area's mains: all of it for an area
   * with no pump (gravity fed), else the time one of its pumps ran. Valves open against a
   * stopped pump pass nothing: meters stand still and soil stays dry.
   */
  pumpedShare(areaId: number | null, from: Date, to: Date): number {
    const pump = (control: ControlRef) => control.type === 'pump' && control.areaId === areaId;
    if (!this.hasControl(pump)) return 1;
    const hours = (to.getTime() - from.getTime()) / 3_600_000;
    if (hours <= 0) return 0;
    return Math.min(1, this.runHours(pump, from, to) / hours);
  }

  /** Whether water reaches an area's mains now (see pumpedShare). */
  pumpedNow(areaId: number | null): boolean {
    const pump = (control: ControlRef) => control.type === 'pump' && control.areaId === areaId;
    return !this.hasControl(pump) || this.countRunning(pump) > 0;
  }

  setRunning(control: ControlRef, running: boolean, at: Date): void {
    const entry = this.runs.get(control.id) ?? { control, runs: [] };
    entry.control = control;
    this.runs.set(control.id, entry);
    const last = entry.runs[entry.runs.length - 1];
    const open = last !== undefined && last.end === null;
    if (running && !open) entry.runs.push({ start: at.getTime(), end: null });
    if (!running && open) last.end = at.getTime();
    const horizon = at.getTime() - RUN_HISTORY_MS;
    entry.runs = entry.runs.filter((run) => run.end === null || run.end > horizon);
  }

  isRunning(controlId: number): boolean {
    const runs = this.runs.get(controlId)?.runs ?? [];
    return runs[runs.length - 1]?.end === null;
  }

  /**
   * How many of the matching controls run now; with `weight`, each running control counts as its
   * weight (a burst zone's valve as 1.6 of one).
   */
  countRunning(
    match: (control: ControlRef) => boolean,
    weight: (control: ControlRef) => number = () => 1,
  ): number {
    let count = 0;
    for (const { control } of this.runs.values()) {
      if (match(control) && this.isRunning(control.id)) count += weight(control);
    }
    return count;
  }

  /**
   * Control-hours the matching controls ran between two times (two valves for an hour: 2), each
   * control's hours times its `weight` when one is given.
   */
  runHours(
    match: (control: ControlRef) => boolean,
    from: Date,
    to: Date,
    weight: (control: ControlRef) => number = () => 1,
  ): number {
    let hours = 0;
    for (const { control, runs } of this.runs.values()) {
      if (!match(control)) continue;
      let ms = 0;
      for (const run of runs) {
        const start = Math.max(run.start, from.getTime());
        const end = Math.min(run.end ?? to.getTime(), to.getTime());
        if (end > start) ms += end - start;
      }
      hours += (ms / 3_600_000) * weight(control);
    }
    return hours;
  }

  /** A water meter's running total, for a combined meter of its area to add up. */
  registerMeter(sensorId: number, areaId: number | null, total: () => number): void {
    this.meters.set(sensorId, { areaId, total });
  }

  forgetMeter(sensorId: number): void {
    this.meters.delete(sensorId);
  }

  /** Sum of the area's meters (m³). */
  areaWaterTotal(areaId: number | null): number {
    let total = 0;
    for (const meter of this.meters.values()) if (meter.areaId === areaId) total += meter.total();
    return total;
  }
}
