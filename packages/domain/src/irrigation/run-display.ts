/**
 * What a run shows (§3 program status, zone application, control application): the stored run
 * turned into the shapes the console reads.
 */
import type { ControlApplication } from '../entities/control.ts';
import type { ProgramStatus, ProgramZone, ZoneApplication } from '../entities/program.ts';
import type { Actuator, RunState, ZoneRun } from './run-state.ts';
import { awaitingOpen, requestActive, zoneOf } from './run-queries.ts';
import { projectEndMs, zoneRemainingMs } from './run-timing.ts';

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** §3 program status of the run. While it goes on, endTime is when it is expected to end. */
export function runProgramStatus(s: RunState, now: Date): ProgramStatus {
  const nowMs = now.getTime();
  return {
    activity: s.activity,
    startTime: iso(s.startTime),
    endTime: iso(s.activity === 'stopped' ? s.endTime : projectEndMs(s, nowMs)),
    stoppedTime: iso(s.stoppedTime),
    requestActive: requestActive(s),
    requestId: s.request?.id ?? null,
  };
}

/**
 * §3 zone application of a zone of the run. endTime is when the zone's current run is expected to
 * end (a paused zone: counted from its stopped time, so §4 time remaining stays put), or when it
 * ended.
 */
export function runZoneApplication(
  zone: ZoneRun,
  now: Date,
): Omit<ZoneApplication, 'irrigationType'> {
  const underWay = zone.phase === 'cycle' || zone.phase === 'soaking';
  const from = zone.stoppedTime ?? now.getTime();
  return {
    status: zone.status,
    startTime: iso(zone.startTime),
    endTime: underWay ? iso(from + zoneRemainingMs(zone, from)) : iso(zone.endTime),
    stoppedTime: iso(zone.stoppedTime),
    resumeTime: iso(zone.resumeTime),
    cycleCount: zone.cyclesDone,
    lastCycle: zone.lastCycle,
    irrigated: zone.irrigated,
  };
}

/**
 * The program's zones with the run's applications merged in; a run (not a test) also counts down
 * each zone's repeatCount (§3 "repeats still to come") so §4 shows repeats, then stopped.
 */
export function applyRunToZones(zones: ProgramZone[], s: RunState, now: Date): ProgramZone[] {
  return zones.map((zone) => {
    const run = zoneOf(s, zone.id);
    if (!run) return zone;
    const application = { ...zone.application, ...runZoneApplication(run, now) };
    const setting =
      s.kind === 'run' && zone.setting.repeat
        ? { ...zone.setting, repeatCount: run.repeatsLeft }
        : zone.setting;
    return { ...zone, application, setting };
  });
}

/** What a control of the run shows (§3 control application) and whether it is asked to run. */
export type RunControlState = {
  id: number;
  application: ControlApplication;
  /** §4 device status: an open has been asked for and not taken back. */
  startRequested: boolean;
  /** The device has confirmed it open (and not yet confirmed it closed). */
  isRunning: boolean;
};

function actuatorStatus(target: Actuator, zone: ZoneRun | null, s: RunState) {
  switch (target.phase) {
    case 'opening':
      return zone?.status === 'resuming' || s.activity === 'resuming' ? 'resuming' : 'starting';
    case 'open':
      return 'running';
    case 'closing':
      return zone?.status === 'pausing' || s.activity === 'pausing' ? 'pausing' : 'running';
    case 'closed':
      if (zone) return zone.status === 'paused' && awaitingOpen(target) ? 'paused' : 'stopped';
      return s.activity === 'paused' ? 'paused' : 'stopped';
  }
}

function controlState(target: Actuator, zone: ZoneRun | null, s: RunState): RunControlState {
  return {
    id: target.id,
    application: {
      status: actuatorStatus(target, zone, s),
      startTime: iso(target.startedAt),
      exclude: false,
      hasFaults: target.fault !== null,
    },
    startRequested: target.phase === 'opening' || target.phase === 'open',
    isRunning: target.phase === 'open' || target.phase === 'closing',
  };
}

/** Every control the run touches: the zones' valves (excluded ones too) and the pumps. */
export function runControlStates(s: RunState): RunControlState[] {
  return [
    ...s.zones.flatMap((zone) => [
      ...zone.valves.map((valve) => controlState(valve, zone, s)),
      ...zone.excluded.map((id) => ({
        id,
        application: {
          status: 'stopped' as const,
          startTime: null,
          exclude: true,
          hasFaults: false,
        },
        startRequested: false,
        isRunning: false,
      })),
    ]),
    ...s.pumps.map((pump) => controlState(pump, null, s)),
  ];
}
