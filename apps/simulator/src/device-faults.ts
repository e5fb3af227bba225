/**
 * Which injected faults (faults.ts) a device shows, without I/O: the faults that name it or one
 * of its controls or sensors, in the shape the device reads them (DeviceFaults), which devices a
 * new fault reaches, and how a spike's reports run out.
 */
import type { ConfigDownlink } from '@paddock/domain';
import { UnknownTargetError, type Fault, type FaultFilter, type FaultSpec } from './faults.ts';
import {
  BLOCKED_FACTOR,
  BURST_FACTOR,
  litresPerMinuteToM3h,
  NO_WATER_FAULTS,
  type WaterFaults,
} from './water.ts';

/** The faults injected on this device (see faults.ts), as the device needs them. */
export type DeviceFaults = {
  silenced: boolean;
  lowBattery: boolean;
  /** Controls that report a fault and fail commands. */
  faultedControls: ReadonlySet<number>;
  /** Sensors whose readings are replaced: by metric (or every metric: '*') with a value or null. */
  spikes: ReadonlyMap<number, { metric: string | null; value: number | null }>;
  /** Pumps whose motor protection tripped: stopped, reporting a fault, refusing to start. */
  trippedPumps?: ReadonlySet<number>;
  /** Tank level sensors whose probe failed: reading an empty tank and reporting a fault. */
  failedLevels?: ReadonlySet<number>;
};

export const NO_FAULTS: DeviceFaults = {
  silenced: false,
  lowBattery: false,
  faultedControls: new Set(),
  spikes: new Map(),
};

/** A device as faults see it: its serial number and the controls and sensors its config has. */
export type FaultedDevice = { serialno: string; config: ConfigDownlink };

/** The faults among `faults` that this device shows. */
export function faultsOf(device: FaultedDevice, faults: readonly Fault[]): DeviceFaults {
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

/**
 * The spikes a report of this device carried count down (`reportsLeft`, by fault id); a spike
 * that has had its reports is taken out of `faults`.
 */
export function spendSpikes(
  device: FaultedDevice,
  faults: Fault[],
  reportsLeft: Map<number, number>,
): void {
  const sensorIds = new Set(device.config.sensors.map((sensor) => sensor.id));
  for (const fault of [...faults]) {
    if (fault.kind !== 'spike') continue;
    const applies =
      fault.serialno === device.serialno ||
      (fault.sensorId !== undefined && sensorIds.has(fault.sensorId));
    if (!applies) continue;
    const left = (reportsLeft.get(fault.id) ?? fault.reports) - 1;
    if (left > 0) {
      reportsLeft.set(fault.id, left);
    } else {
      reportsLeft.delete(fault.id);
      faults.splice(faults.indexOf(fault), 1);
    }
  }
}

/** The devices a new fault reaches; refused (UnknownTargetError) when it reaches none. */
export function faultTargets<D extends FaultedDevice>(spec: FaultSpec, devices: readonly D[]): D[] {
  let affected: D[];
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
  } else if (spec.kind === 'burst' || spec.kind === 'blocked') {
    // A zone is its valves: one with no valve has no flow to change.
    affected = devices.filter((device) =>
      device.config.controls.some(
        (control) =>
          control.sectionId === spec.sectionId &&
          (control.type === 'valve' || control.type === 'valveAddon'),
      ),
    );
    if (affected.length === 0) throw new UnknownTargetError(`no zone ${spec.sectionId}`);
  } else if (spec.kind === 'leak') {
    affected = devices.filter((device) =>
      device.config.sensors.some(
        (sensor) => sensor.id === spec.sensorId && sensor.type === 'watermeter',
      ),
    );
    if (affected.length === 0) throw new UnknownTargetError(`no water meter ${spec.sensorId}`);
  } else if (spec.kind === 'spike' && spec.sensorId !== undefined) {
    affected = devices.filter((device) =>
      device.config.sensors.some((sensor) => sensor.id === spec.sensorId),
    );
    if (affected.length === 0) throw new UnknownTargetError(`no sensor ${spec.sensorId}`);
  } else {
    affected = devices.filter((device) => device.serialno === spec.serialno);
    if (affected.length === 0) throw new UnknownTargetError(`no device ${spec.serialno}`);
  }
  return affected;
}

/** Whether the fault changes what meters read (burst, blocked, leak): the site's, not a device's. */
export function isWaterFault(fault: Fault): boolean {
  return fault.kind === 'burst' || fault.kind === 'blocked' || fault.kind === 'leak';
}

/**
 * The water faults among `faults`, as the site's meters read them. They are kept by the site, not
 * the device: a zone's valves and the meter that counts them are on different radios.
 */
export function waterFaultsOf(faults: readonly Fault[]): WaterFaults {
  if (!faults.some(isWaterFault)) return NO_WATER_FAULTS;
  const zoneFactors = new Map<number, number>();
  const leaksM3h = new Map<number, number>();
  for (const fault of faults) {
    if (fault.kind === 'burst') zoneFactors.set(fault.sectionId, BURST_FACTOR);
    if (fault.kind === 'blocked') zoneFactors.set(fault.sectionId, BLOCKED_FACTOR);
    if (fault.kind === 'leak') {
      // Two leaks on one meter both drain it.
      const m3h = litresPerMinuteToM3h(fault.flow);
      leaksM3h.set(fault.sensorId, (leaksM3h.get(fault.sensorId) ?? 0) + m3h);
    }
  }
  return { zoneFactors, leaksM3h };
}

/** Whether a clear with this filter takes the fault. */
export function clearedBy(fault: Fault, wanted: FaultFilter): boolean {
  return (
    (wanted.id === undefined || fault.id === wanted.id) &&
    (wanted.kind === undefined || fault.kind === wanted.kind) &&
    (wanted.serialno === undefined || ('serialno' in fault && fault.serialno === wanted.serialno))
  );
}

/**
 * Whether clearing these faults mends one of the device's controls (a valve fault on it or its
 * device, a tripped pump), so it reports its controls sound again.
 */
export function controlsMendedBy(device: FaultedDevice, cleared: readonly Fault[]): boolean {
  return device.config.controls.some((control) =>
    cleared.some(
      (fault) =>
        (fault.kind === 'valveFault' &&
          (fault.controlId === control.id || fault.serialno === device.serialno)) ||
        (fault.kind === 'pumpFault' && fault.controlId === control.id),
    ),
  );
}

/** Whether clearing these faults mends one of the device's tank level probes. */
export function levelsMendedBy(device: FaultedDevice, cleared: readonly Fault[]): boolean {
  return device.config.sensors.some((sensor) =>
    cleared.some((fault) => fault.kind === 'tankLevelFault' && fault.sensorId === sensor.id),
  );
}
