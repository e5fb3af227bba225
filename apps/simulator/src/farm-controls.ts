/**
 * What the control server and the CLI do to the live farm (farm.ts): inject and clear faults,
 * which the devices they reach show at once, and start or end a site's frost night, which moves
 * its weather and its devices' pace.
 */
import { isFrostFanConfig } from '@paddock/domain';
import {
  clearedBy,
  controlsMendedBy,
  faultTargets,
  isWaterFault,
  levelsMendedBy,
  waterFaultsOf,
} from './device-faults.ts';
import { findRunner, repace, report, reportChange, siteOf, type Farm } from './farm.ts';
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
import type { FrostNightSummary } from './simulator-options.ts';

export function injectFault(farm: Farm, input: FaultInput): Fault {
  const { clock, log } = farm;
  const spec = faultInputSchema.parse(input);
  const devices = [...farm.runners.values()].map((runner) => runner.device);
  const affected = faultTargets(spec, devices);
  const fault: Fault = { ...spec, id: farm.nextFaultId++, injectedAt: clock.now().toISOString() };
  if (isWaterFault(fault)) {
    changeWater(farm, () => farm.faults.push(fault));
  } else {
    farm.faults.push(fault);
  }
  log.info({ fault }, 'fault injected');
  if (fault.kind === 'pumpFault') {
    for (const device of affected) device.trip(fault.controlId, clock.now());
  }
  if (fault.kind === 'valveFault' || fault.kind === 'pumpFault') {
    for (const device of affected) {
      const runner = findRunner(farm, device.serialno);
      if (runner) reportChange(farm, runner, true);
    }
  }
  // A failed level probe is heard at once, as a tripped pump is.
  if (fault.kind === 'tankLevelFault') {
    for (const device of affected) {
      const runner = findRunner(farm, device.serialno);
      if (runner) report(farm, runner);
    }
  }
  return fault;
}

/**
 * Burst, blocked and leak faults change what meters count from now on: the meters are moved up to
 * now at the old flow first, then every site is given the new water faults, and the meters report
 * at once so the change shows without waiting for their next report.
 */
function changeWater(farm: Farm, change: () => void): void {
  const now = farm.clock.now();
  const meters = [...farm.runners.values()].filter((runner) =>
    runner.device.config.sensors.some((sensor) => sensor.type === 'watermeter'),
  );
  for (const runner of meters) runner.device.advance(now);
  change();
  const waterFaults = waterFaultsOf(farm.faults);
  for (const site of farm.sites.values()) site.waterFaults = waterFaults;
  for (const runner of meters) report(farm, runner);
}

export function clearFaults(farm: Farm, filter: FaultFilter = {}): Fault[] {
  const wanted = faultFilterSchema.parse(filter);
  const cleared = farm.faults.filter((fault) => clearedBy(fault, wanted));
  const take = () => {
    for (const fault of cleared) {
      farm.faults.splice(farm.faults.indexOf(fault), 1);
      farm.spikeReportsLeft.delete(fault.id);
    }
  };
  if (cleared.some(isWaterFault)) changeWater(farm, take);
  else take();
  // A device whose valve fault went reports its controls sound again.
  for (const runner of farm.runners.values()) {
    if (controlsMendedBy(runner.device, cleared)) reportChange(farm, runner, true);
    if (levelsMendedBy(runner.device, cleared)) report(farm, runner);
  }
  if (cleared.length > 0)
    farm.log.info({ cleared: cleared.map((fault) => fault.id) }, 'faults cleared');
  return cleared;
}

function sitesWithFans(farm: Farm): number[] {
  const ids = new Set<number>();
  for (const runner of farm.runners.values()) {
    if (runner.device.config.sensors.some(isFrostFanConfig)) ids.add(runner.device.siteId);
  }
  return [...ids].sort((a, b) => a - b);
}

export function startFrostNight(farm: Farm, input: FrostNightInput): FrostNightSummary[] {
  const spec = frostNightInputSchema.parse(input);
  const withFans = sitesWithFans(farm);
  const targets = spec.siteId === undefined ? withFans : [spec.siteId];
  if (targets.length === 0 || targets.some((id) => !withFans.includes(id))) {
    throw new UnknownTargetError(
      spec.siteId === undefined
        ? 'no site with frost fans'
        : `no site ${spec.siteId} with frost fans`,
    );
  }
  const now = farm.clock.now();
  return targets.map((siteId) => {
    const site = siteOf(farm, siteId);
    // Everything before the night is moved on in the site's own weather first.
    for (const runner of farm.runners.values()) {
      if (runner.device.siteId === siteId) runner.device.advance(now);
    }
    const night = newFrostNight(spec, siteId, now);
    site.frostNight = night;
    repace(farm, siteId, 1000);
    const previous = farm.nightTimers.get(siteId);
    if (previous) clearTimeout(previous);
    const timer = setTimeout(() => {
      farm.nightTimers.delete(siteId);
      if (!farm.closed) repace(farm, siteId, 1000);
    }, night.endsAt - now.getTime());
    farm.nightTimers.set(siteId, timer);
    farm.log.info({ frostNight: describeFrostNight(night) }, 'frost night started');
    return describeFrostNight(night);
  });
}

export function clearFrostNight(farm: Farm, siteId?: number): FrostNightSummary[] {
  const cleared: FrostNightSummary[] = [];
  for (const site of farm.sites.values()) {
    if (!site.frostNight || (siteId !== undefined && site.siteId !== siteId)) continue;
    for (const runner of farm.runners.values()) {
      if (runner.device.siteId === site.siteId) runner.device.advance(farm.clock.now());
    }
    cleared.push(describeFrostNight(site.frostNight));
    site.frostNight = null;
    const timer = farm.nightTimers.get(site.siteId);
    if (timer) clearTimeout(timer);
    farm.nightTimers.delete(site.siteId);
    repace(farm, site.siteId, 1000);
  }
  return cleared;
}
