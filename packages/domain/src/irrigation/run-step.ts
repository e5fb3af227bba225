/**
 * What goes into a step of the program runner (runner.ts) and what comes out of it: the program
 * and controls a run is planned from, the requests and events it takes, and the commands, request
 * statuses and next wake-up it answers with.
 */
import type { ProgramSchedule, ProgramZone } from '../entities/program.ts';
import type { ControlType, RequestStatus } from '../entities/vocabulary.ts';
import type { RunAction, RunDevice, RunState } from './run-state.ts';

/** A control as the runner needs it: what it is, which zone it waters and what carries it. */
export type RunControl = {
  id: number;
  type: ControlType;
  /** Section id. */
  section: number | null;
  /** The radio or unit its commands go to; null when it has none. */
  device: RunDevice | null;
};

/** The program parts a run is planned from. */
export type RunProgram = { id: number; schedule: ProgramSchedule; zones: ProgramZone[] };

/** A command for the field link (docs/field-protocol.md `down/command`). */
export type RunCommand =
  | { action: 'open'; controls: number[]; durationSeconds: number }
  | { action: 'close'; controls: number[] };

export type RunEffect =
  /** Send this command to the device; `ref` null for a safety close whose answer is not awaited. */
  | { kind: 'command'; ref: string | null; siteId: number; serialno: string; command: RunCommand }
  /** Record the request's new status. */
  | { kind: 'request'; requestId: number; status: RequestStatus; reason: string | null };

export type RunEvent =
  /** A planned time (or any time) has come: close due valves, end soaks, start due zones… */
  | { type: 'wake' }
  /** The flow supervisor closes these zones (high flow); the run goes on with the next ones. */
  | { type: 'shutOff'; zones: number[] }
  /** The field link took the command named `ref` and gave it this id. */
  | { type: 'commandSent'; ref: string; commandId: string }
  /** The command named `ref` could not be sent at all. */
  | { type: 'sendFailed'; ref: string; reason: string }
  /** The device answered a command (or the field link gave up on it). */
  | {
      type: 'commandSettled';
      commandId: string;
      serialno: string;
      action: 'open' | 'close' | 'ping';
      controls: number[];
      status: 'done' | 'failed' | 'timedOut';
      reason: string | null;
    };

/** A program request as the runner takes it. */
export type RunRequestInput = {
  id: number;
  action: RunAction;
  /** Zones named by the request (§7 zones); null for the whole program. */
  zones: number[] | null;
  /** A start at a later time (§7 startTime); null or past is now. */
  startTime: Date | null;
};

/** What a new run or added zones are planned from. */
export type RunSetup = {
  program: RunProgram;
  controls: RunControl[];
  /** The field link's command timeout; the runner waits a grace period longer. */
  commandTimeoutSeconds: number;
  /** Overrides TEST_ZONE_SECONDS (tests of the runner itself). */
  testZoneSeconds?: number;
  /**
   * The skip rules' seasonal factor for this run only (water-balance/skip-rules.ts): each zone's
   * runtime is multiplied by it. Absent is 1; a test is never scaled.
   */
  factor?: number;
};

export type StepResult = {
  /** The run after the step; null when there is no run (a refused request with none before). */
  state: RunState | null;
  effects: RunEffect[];
  /** When to wake the run next; null when nothing is planned (stopped, paused, or waiting on answers). */
  nextWakeAt: Date | null;
};
