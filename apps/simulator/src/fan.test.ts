import {
  ENGINE_TRIP_HOURS,
  FROST_FAN_WIND_SPEED_KPH,
  FUEL_FAULT_PERCENT,
  FROST_FAN_BATTERY_THRESHOLD_V,
} from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  commandFrostFan,
  fanReadings,
  fanWarming,
  FROST_FAN,
  stepFrostFan,
  type FanState,
} from './fan.ts';
import { seededRandom } from './random.ts';

const idle: FanState = {
  running: false,
  fuelLevel: 80,
  tripHours: 3,
  totalHours: 500,
  hoursSinceCharge: 0,
  stoppedHours: 48,
  coolant: 5,
  startBelow: 0.5,
  coldSpot: 0,
  fault: false,
  offsets: { canopy: 0.1, tower: -0.1, backup: 0 },
};
const night = { airTemperature: 1, windSpeed: 4, solar: 0 };
const cold = { ...night, canopyTemperature: -0.5 };
const mild = { ...night, canopyTemperature: 2 };

describe('virtual frost fan', () => {
  it('starts below 0.5 °C, resets its trip counter and counts engine hours', () => {
    const started = stepFrostFan(idle, 0.5, cold);
    expect(started.running).toBe(true);
    expect(started.tripHours).toBeCloseTo(0.5);
    expect(started.totalHours).toBeCloseTo(500.5);
    const later = stepFrostFan(started, 1, cold);
    expect(later.tripHours).toBeCloseTo(1.5);
    expect(later.totalHours).toBeCloseTo(501.5);
  });

  it('stays off above the start temperature', () => {
    expect(stepFrostFan(idle, 1, mild).running).toBe(false);
  });

  it('keeps running until the stirred canopy is above 3 °C, then stops', () => {
    const running = stepFrostFan(idle, 0.1, cold);
    // 1 °C plus the fan's warming is still under 3 °C: it keeps going.
    expect(stepFrostFan(running, 0.1, { ...night, canopyTemperature: 1 }).running).toBe(true);
    expect(stepFrostFan(idle, 0.1, { ...night, canopyTemperature: 1 }).running).toBe(false);
    const warm = { ...night, canopyTemperature: FROST_FAN.stopAbove };
    expect(stepFrostFan(running, 0.1, warm).running).toBe(false);
  });

  it('burns fuel while it runs and warms the canopy it stands in', () => {
    let fan = stepFrostFan(idle, 0.1, cold);
    const fuelAtStart = fan.fuelLevel;
    for (let hour = 0; hour < 5; hour++) fan = stepFrostFan(fan, 1, cold);
    expect(fan.fuelLevel).toBeCloseTo(fuelAtStart - 5 * FROST_FAN.fuelPercentPerHour);
    expect(fanWarming(fan)).toBe(FROST_FAN.warming);
    // Just started, it has not yet mixed the warm air down.
    expect(fanWarming(stepFrostFan(idle, 0.05, cold))).toBeLessThan(FROST_FAN.warming / 2);
    expect(fanWarming(idle)).toBe(0);
  });

  it('does not start in wind or with the tank at the fault level', () => {
    expect(stepFrostFan(idle, 1, { ...cold, windSpeed: FROST_FAN.windStopKph + 1 }).running).toBe(
      false,
    );
    expect(FROST_FAN.windStopKph).toBeLessThan(FROST_FAN_WIND_SPEED_KPH);
    expect(stepFrostFan({ ...idle, fuelLevel: FUEL_FAULT_PERCENT }, 1, cold).running).toBe(false);
  });

  it('stops at once in wind, and stays stopped with an engine fault', () => {
    const running = stepFrostFan(idle, 0.1, cold);
    expect(stepFrostFan(running, 0.1, { ...cold, windSpeed: 12 }).running).toBe(false);
    const faulted = stepFrostFan({ ...running, fault: true }, 0.1, cold);
    expect(faulted.running).toBe(false);
    expect(
      fanReadings(
        faulted,
        { windSpeed: 2, towerTemperature: 3, lowBattery: false },
        seededRandom(1),
      ),
    ).toMatchObject({ fault: 1, 'fan.rpm': 0 });
  });

  it('starts at its own start temperature in its own cold spot', () => {
    const warmSpot = { ...idle, coldSpot: 0.3 };
    expect(stepFrostFan(warmSpot, 0.1, { ...night, canopyTemperature: 0.3 }).running).toBe(false);
    const coldSpot = { ...idle, coldSpot: -0.3 };
    expect(stepFrostFan(coldSpot, 0.1, { ...night, canopyTemperature: 0.7 }).running).toBe(true);
    expect(fanWarming(coldSpot)).toBeCloseTo(-0.3);
  });

  it('stops when its trip reaches the engine trip hours', () => {
    const long = { ...idle, running: true, stoppedHours: 0, tripHours: ENGINE_TRIP_HOURS };
    expect(stepFrostFan(long, 0.1, cold).running).toBe(false);
  });

  it('is refuelled the morning after a run left it low, not before', () => {
    const low = { ...idle, fuelLevel: 30, stoppedHours: 0 };
    const soon = stepFrostFan(low, FROST_FAN.refuelAfterHours / 2, mild);
    expect(soon.fuelLevel).toBe(30);
    const next = stepFrostFan(soon, FROST_FAN.refuelAfterHours / 2, mild);
    expect(next.fuelLevel).toBe(100);
  });

  it('reports RPM only while running, and a nearly spent battery when told to', () => {
    const random = seededRandom(1);
    expect(
      fanReadings(idle, { windSpeed: 5, towerTemperature: 3, lowBattery: false }, random)[
        'fan.rpm'
      ],
    ).toBe(0);
    const running = stepFrostFan(idle, 0.5, cold);
    const readings = fanReadings(
      running,
      { windSpeed: 5, towerTemperature: 3, lowBattery: false },
      random,
    );
    expect(readings['fan.rpm']).toBeGreaterThan(2000);
    expect(readings['fan.windSpeed']).toBe(5);
    expect(readings['fan.total']).toBeCloseTo(500.5, 1);
    expect(
      fanReadings(idle, { windSpeed: 5, towerTemperature: 3, lowBattery: false }, random)[
        'fan.battery'
      ],
    ).toBeGreaterThan(FROST_FAN_BATTERY_THRESHOLD_V);
    expect(
      fanReadings(idle, { windSpeed: 5, towerTemperature: 3, lowBattery: true }, random)[
        'fan.battery'
      ],
    ).toBeLessThan(FROST_FAN_BATTERY_THRESHOLD_V);
  });

  it('keeps its battery up with the solar panel through day and night', () => {
    let fan = idle;
    for (let hour = 0; hour < 24 * 30; hour++) {
      const solar = hour % 24 >= 8 && hour % 24 < 17 ? 0.8 : 0;
      fan = stepFrostFan(fan, 1, { ...mild, canopyTemperature: 10, solar });
    }
    expect(
      fanReadings(fan, { windSpeed: 5, towerTemperature: 3, lowBattery: false }, seededRandom(1))[
        'fan.battery'
      ],
    ).toBeGreaterThan(FROST_FAN_BATTERY_THRESHOLD_V);
  });

  it('takes a start from the console whatever the canopy and the wind, and reports it as remote', () => {
    const windy = { ...mild, windSpeed: 20 };
    const started = commandFrostFan(idle, 'start', windy);
    expect(started).toMatchObject({ running: true, trigger: 'remote', tripHours: 0 });
    expect(
      fanReadings(started, { ...windy, towerTemperature: 3, lowBattery: false }, seededRandom(1))[
        'fan.trigger'
      ],
    ).toBe(3);
    // It runs on until told to stop, and an auto start later is reported as auto again.
    const later = stepFrostFan(started, 2, windy);
    expect(later.running).toBe(true);
    const stopped = commandFrostFan(later, 'stop', windy);
    expect(stopped.running).toBe(false);
    expect(stepFrostFan(idle, 0.1, cold).trigger).toBe('auto');
  });

  it('stays stopped after a stop from the console until the night is over, then is automatic again', () => {
    const running = stepFrostFan(idle, 0.1, cold);
    const stopped = commandFrostFan(running, 'stop', cold);
    expect(stopped.running).toBe(false);
    expect(stepFrostFan(stopped, 1, cold).running).toBe(false);
    const morning = stepFrostFan(stopped, 1, {
      ...night,
      canopyTemperature: FROST_FAN.stopAbove + 1,
    });
    expect(morning.remote).toBeNull();
    expect(stepFrostFan(morning, 0.1, cold).running).toBe(true);
  });

  it('does not start from the console with an engine fault or an empty tank', () => {
    expect(commandFrostFan({ ...idle, fault: true }, 'start', cold).running).toBe(false);
    expect(commandFrostFan({ ...idle, fuelLevel: 0 }, 'start', cold).running).toBe(false);
  });
});
