/**
 * What each configured sensor of a virtual device measures, metric by metric. A sensor is told
 * apart by its type and identifier (a canopy thermometer is not the weather station's); the
 * metric names are the ones the server's sensor topics use (§9 marker types where they exist).
 * A metric nothing here knows reads null: the device leaves it out and lists it as unmodelled.
 */
import { isFrostFanConfig, type ConfigDownlink, type FanCommandAction } from '@paddock/domain';
import {
  FAN_CONTROLLER_METRICS,
  commandFrostFan,
  fanReadings,
  fanWarming,
  newFanState,
  stepFrostFan,
  type FanState,
} from './fan.ts';
import { gaussian, type Random } from './random.ts';
import type { ControlRef, SiteState } from './site.ts';
import { nextLayerMoisture, nextSoilMoisture, SOIL_LAYER_METRIC } from './soil.ts';
import {
  mainlineFlow,
  PIVOT_APPLICATION_MM_H,
  STOCK_TANK,
  stepTank,
  stockDemand,
  ZONE_APPLICATION_MM_H,
  zoneFactor,
  type TankState,
} from './water.ts';
import { soilTemperatureAt, solarRadiation } from './weather.ts';

export type SensorConfig = ConfigDownlink['sensors'][number];

/** What a sensor's model may know of the device it is on and the farm around it. */
export type SensorContext = {
  site: SiteState;
  areaId: number | null;
  sectionId: number | null;
  /** The device's own controls, as the site knows them. */
  controls: () => ControlRef[];
  /** The device's frost fan, when it has one (its canopy thermometer feels the fan). */
  fan: () => FanState | null;
  /** The device has a tank level sensor: its meter is the tank's outlet, not a mainline. */
  tank: () => TankState | null;
  random: Random;
};

export interface SensorModel {
  /** Moves the sensor's own state (moisture, totals, fuel) over a period. */
  advance(from: Date, to: Date): void;
  /** The metric's value now, or null when this sensor has no model for it. */
  read(metric: string, now: Date): number | null;
  readonly fan?: FanState;
  readonly tank?: TankState;
  /** Metrics the sensor reports besides those its config lists (a fan controller's own). */
  readonly metrics?: readonly string[];
  /** m³ a meter has counted. */
  readonly total?: number;
  /** A frost fan's controller takes a start or stop from the console. */
  command?(action: FanCommandAction, now: Date): void;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The weather as a station or a canopy sensor reads it, a little noisy. */
function weatherReading(
  metric: string,
  now: Date,
  context: SensorContext,
  canopy: boolean,
): number | null {
  const weather = context.site.weather(now);
  const noise = (spread: number) => spread * gaussian(context.random);
  const fan = context.fan();
  switch (metric) {
    case 'temperature':
      return round(
        (canopy ? weather.canopyTemperature + (fan ? fanWarming(fan) : 0) : weather.temperature) +
          noise(0.1),
        1,
      );
    case 'humidity':
    case 'humidity.relative.current':
      return Math.round(Math.min(100, Math.max(0, weather.humidity + noise(1))));
    case 'temperature.dewpoint':
    case 'temperature.dewpoint.current':
      return round(Math.min(weather.dewPoint, weather.temperature), 1);
    case 'wind.speed':
      return round(Math.max(0, weather.windSpeed + noise(0.8)), 1);
    case 'wind.direction':
    case 'wind.direction.current':
      return Math.round((weather.windDirection + noise(6) + 360) % 360);
    case 'air.pressure':
    case 'air.pressure.relative.current':
      return round(weather.pressure + noise(0.2), 1);
    case 'air.density':
    case 'air.density.current':
      return round(weather.airDensity, 3);
    case 'solar.radiation':
    case 'solar.radiation.current': {
      // A pyranometer reads 0 at night, not noise around it.
      const watts = solarRadiation(context.site.where, now, weather.solar);
      return watts > 0 ? Math.round(Math.max(0, watts + noise(5))) : 0;
    }
    default:
      return null;
  }
}

/** A sensor that only reads the weather (station parts, canopy thermometers, tower wind). */
class WeatherSensor implements SensorModel {
  /** Rain is reported as the average rate since the last report (mm/h). */
  private rainSince: Date | null = null;
  constructor(
    private readonly context: SensorContext,
    private readonly canopy: boolean,
  ) {}
  advance(): void {}
  read(metric: string, now: Date): number | null {
    if (metric === 'rain' || metric === 'rain.avg') {
      const since = this.rainSince ?? new Date(now.getTime() - 10 * 60_000);
      this.rainSince = now;
      const hours = (now.getTime() - since.getTime()) / 3_600_000;
      if (hours <= 0) return 0;
      const { rainMm } = this.context.site.waterBalance(since, now);
      return round(rainMm / hours, 1);
    }
    return weatherReading(metric, now, this.context, this.canopy);
  }
}

/** A soil probe: its zone's valves (or its area's pivot) and the rain wet it, the crop dries it. */
class SoilProbe implements SensorModel {
  private moisture: number;
  /** A multi-layer probe's layers by depth (cm), made as the probe is first read at each. */
  private readonly layers = new Map<number, number>();
  constructor(private readonly context: SensorContext) {
    this.moisture = 22 + context.random() * 14;
  }
  advance(from: Date, to: Date): void {
    const { site, areaId, sectionId } = this.context;
    const valveHours = site.runHours(
      (control) =>
        sectionId !== null &&
        control.sectionId === sectionId &&
        (control.type === 'valve' || control.type === 'valveAddon'),
      from,
      to,
    );
    const pivotHours = site.runHours(
      (control) => control.type === 'pivot' && control.areaId === areaId,
      from,
      to,
    );
    const balance = site.waterBalance(from, to);
    // Several valves on one zone water it no faster: each covers its own share of the block.
    const hours = (to.getTime() - from.getTime()) / 3_600_000;
    const zoneHours = Math.min(valveHours, hours) * site.pumpedShare(areaId, from, to);
    this.moisture = nextSoilMoisture(this.moisture, {
      hours,
      waterMm:
        balance.rainMm +
        zoneHours * ZONE_APPLICATION_MM_H +
        pivotHours * PIVOT_APPLICATION_MM_H * site.pumpedShare(areaId, from, to),
      evapotranspirationMm: balance.evapotranspirationMm,
    });
    for (const [depth, moisture] of this.layers) {
      this.layers.set(depth, nextLayerMoisture(moisture, this.moisture, depth, hours));
    }
  }
  read(metric: string, now: Date): number | null {
    if (metric === 'soil.moisture') {
      return round(this.moisture + 0.2 * gaussian(this.context.random), 1);
    }
    const layer = SOIL_LAYER_METRIC.exec(metric);
    if (layer) {
      const depth = Number(layer[1]);
      const moisture = this.layers.get(depth) ?? this.moisture;
      if (!this.layers.has(depth)) this.layers.set(depth, moisture);
      return round(moisture + 0.2 * gaussian(this.context.random), 1);
    }
    if (metric === 'soil.temperature') {
      const { site } = this.context;
      return round(
        soilTemperatureAt(site.where, now, site.seed) + 0.05 * gaussian(this.context.random),
        1,
      );
    }
    return weatherReading(metric, now, this.context, false);
  }
}

/** Whether any pump on the device runs, or, when the device has none, any pump of its area. */
function pumping(context: SensorContext): boolean {
  const own = context.controls().filter((control) => control.type === 'pump');
  if (own.length > 0) return own.some((control) => context.site.isRunning(control.id));
  return (
    context.site.countRunning(
      (control) => control.type === 'pump' && control.areaId === context.areaId,
    ) > 0
  );
}

/** Pump status, mainline pressure, supply power and external inputs at the pump shed. */
class PumpShedSensor implements SensorModel {
  constructor(private readonly context: SensorContext) {}
  advance(): void {}
  read(metric: string, now: Date): number | null {
    const running = pumping(this.context);
    const noise = (spread: number) => spread * gaussian(this.context.random);
    switch (metric) {
      case 'pump.running':
        return running ? 1 : 0;
      case 'pump.current':
        return running ? round(20 + noise(0.6), 1) : 0;
      case 'pressure': {
        const tank = this.context.tank();
        if (tank) return Math.round(150 + tank.level * 0.6 + noise(2));
        return Math.round(running ? 325 + noise(4) : 45 + noise(2));
      }
      case 'power.voltage':
        return Math.round(415 + noise(2));
      case 'power.current':
        return running ? round(22 + noise(0.5), 1) : 0;
      case 'external.input':
        return 0;
      default:
        return weatherReading(metric, now, this.context, false);
    }
  }
}

/**
 * A water meter: on a tank's radio it counts the tank's outlet (stock demand), elsewhere the
 * mainline of its area (every open valve and running pivot).
 */
class WaterMeter implements SensorModel {
  total: number;
  constructor(
    private readonly context: SensorContext,
    private readonly sensorId: number,
  ) {
    this.total = context.tank() ? 2000 + context.random() * 3000 : 18_000 + context.random() * 9000;
    context.site.registerMeter(sensorId, context.areaId, () => this.total);
  }
  private isTankOutlet(): boolean {
    return this.context.tank() !== null;
  }
  /** m³/h a leak on this meter adds, whether or not anything runs (faults.ts). */
  private leakM3h(): number {
    return this.context.site.waterFaults.leaksM3h.get(this.sensorId) ?? 0;
  }
  /** A valve counts as its zone's share of the flow: more when burst, less when blocked. */
  private readonly valveWeight = (control: ControlRef) =>
    zoneFactor(this.context.site.waterFaults, control.sectionId);
  advance(from: Date, to: Date): void {
    const { site, areaId } = this.context;
    const hours = (to.getTime() - from.getTime()) / 3_600_000;
    this.total += this.leakM3h() * Math.max(0, hours);
    if (this.isTankOutlet()) {
      const mid = new Date((from.getTime() + to.getTime()) / 2);
      this.total += stockDemand(site.weather(mid).solar) * hours;
      return;
    }
    const valveHours = site.runHours(
      (control) =>
        control.areaId === areaId && (control.type === 'valve' || control.type === 'valveAddon'),
      from,
      to,
      this.valveWeight,
    );
    const pivotHours = site.runHours(
      (control) => control.areaId === areaId && control.type === 'pivot',
      from,
      to,
    );
    // The meter sits after the pump: it counts only while the pump runs.
    this.total += mainlineFlow(valveHours, pivotHours) * site.pumpedShare(areaId, from, to);
  }
  read(metric: string, now: Date): number | null {
    const { site, areaId } = this.context;
    switch (metric) {
      case 'water.flow': {
        // A leak drains past the meter even with the pump stopped (the line stays charged).
        const flow =
          this.leakM3h() +
          (this.isTankOutlet()
            ? stockDemand(site.weather(now).solar)
            : !site.pumpedNow(areaId)
              ? 0
              : mainlineFlow(
                  site.countRunning(
                    (control) =>
                      control.areaId === areaId &&
                      (control.type === 'valve' || control.type === 'valveAddon'),
                    this.valveWeight,
                  ),
                  site.countRunning(
                    (control) => control.areaId === areaId && control.type === 'pivot',
                  ),
                ));
        return flow > 0
          ? round(Math.max(0, flow * (1 + 0.02 * gaussian(this.context.random))), 1)
          : 0;
      }
      case 'water.total':
        return Math.round(this.total);
      default:
        return weatherReading(metric, now, this.context, false);
    }
  }
  forget(): void {
    this.context.site.forgetMeter(this.sensorId);
  }
}

/** A combined meter: the sum of the other meters of its area. */
class CombinedMeter implements SensorModel {
  constructor(private readonly context: SensorContext) {}
  advance(): void {}
  read(metric: string): number | null {
    if (metric !== 'water.total') return null;
    return Math.round(this.context.site.areaWaterTotal(this.context.areaId));
  }
}

/** A tank level sensor: the outlet draws it down, the float switch refills it. */
class TankLevel implements SensorModel {
  tank: TankState;
  constructor(private readonly context: SensorContext) {
    this.tank = { level: 45 + context.random() * 50, refilling: false };
  }
  advance(from: Date, to: Date): void {
    const mid = new Date((from.getTime() + to.getTime()) / 2);
    const demand = stockDemand(this.context.site.weather(mid).solar);
    this.tank = stepTank(this.tank, (to.getTime() - from.getTime()) / 3_600_000, demand);
  }
  read(metric: string): number | null {
    if (metric === 'level' || metric === 'tank.level') return Math.round(this.tank.level);
    if (metric === 'tank.volume') return round((this.tank.level / 100) * STOCK_TANK.capacityM3, 1);
    return null;
  }
}

/** Simulated hours a fan named by a frost night runs before its engine faults. */
const FAULT_AFTER_HOURS = 1;

/**
 * A frost fan's engine controller. It reports every §9 fan metric whatever its config lists (the
 * server takes the new topics), so a fan seeded with a few of them still shows them all.
 */
class FrostFanController implements SensorModel {
  fan: FanState;
  /** Set by the device: the controller's battery reads nearly spent. */
  lowBattery = false;
  readonly metrics = FAN_CONTROLLER_METRICS;
  constructor(
    private readonly context: SensorContext,
    private readonly sensorId: number,
    now: Date,
  ) {
    this.fan = newFanState(context.random, context.site.weather(now).temperature);
  }
  /** A start or stop from the console; the device has advanced the models to `now`. */
  command(action: FanCommandAction, now: Date): void {
    const weather = this.context.site.weather(now);
    this.fan = commandFrostFan(this.fan, action, {
      canopyTemperature: weather.canopyTemperature,
      airTemperature: weather.temperature,
      windSpeed: weather.windSpeed,
      solar: weather.solar,
    });
  }
  advance(from: Date, to: Date): void {
    const { site } = this.context;
    const mid = new Date((from.getTime() + to.getTime()) / 2);
    const weather = site.weather(mid);
    const night = site.frostNight;
    const inNight = site.nightHourAt(mid) !== null;
    // A frost night that names this fan faults its engine an hour into its run; the fault is
    // cleared when the night is over (someone fixed it in the morning).
    const faulting =
      inNight &&
      night?.faultFan === this.sensorId &&
      this.fan.running &&
      this.fan.tripHours >= FAULT_AFTER_HOURS;
    const fault = faulting || (this.fan.fault && inNight);
    this.fan = stepFrostFan({ ...this.fan, fault }, site.hoursBetween(from, to), {
      canopyTemperature: weather.canopyTemperature,
      airTemperature: weather.temperature,
      windSpeed: weather.windSpeed,
      solar: weather.solar,
    });
  }
  read(metric: string, now: Date): number | null {
    const weather = this.context.site.weather(now);
    const readings = fanReadings(
      this.fan,
      {
        windSpeed: weather.windSpeed,
        towerTemperature: weather.towerTemperature,
        lowBattery: this.lowBattery,
      },
      this.context.random,
    );
    return readings[metric] ?? weatherReading(metric, now, this.context, true);
  }
}

export function createSensorModel(
  sensor: SensorConfig,
  context: SensorContext,
  now: Date,
): SensorModel & { forget?: () => void; lowBattery?: boolean } {
  if (isFrostFanConfig(sensor)) return new FrostFanController(context, sensor.id, now);
  switch (sensor.type) {
    case 'soilMoisture':
      return new SoilProbe(context);
    case 'watermeter':
      return new WaterMeter(context, sensor.id);
    case 'combine':
      return new CombinedMeter(context);
    case 'level':
      return new TankLevel(context);
    case 'pump':
    case 'pressure':
    case 'power':
    case 'external':
      return new PumpShedSensor(context);
    default:
      return new WeatherSensor(context, sensor.identifier === 'canopy');
  }
}
