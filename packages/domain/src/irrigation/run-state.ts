/**
 * The stored state of one program run (issue 4, program runner): what every zone, valve and pump
 * is doing, which commands are still unanswered and which request is being carried out. The server
 * keeps it as jsonb (program_runs.state) and parses it with `runStateSchema` at the boundary.
 * Instants are epoch milliseconds: the runner only adds and compares them.
 */
import { z } from 'zod';
import { idSchema, requestIdSchema } from '../entities/primitives.ts';
import {
  irrigationTypeSchema,
  programActivitySchema,
  requestStatusSchema,
  zoneApplicationStatusSchema,
} from '../entities/vocabulary.ts';
import { MAX_CYCLES, MAX_REPEATS } from '../constants/limits.ts';
import { MAX_SEQUENCES_PER_PROGRAM } from '../constants/thresholds.ts';
import { serialnoSchema } from '../field/topics.ts';

/** Bump when the shape changes; a stored run of another format is refused, never guessed at. */
export const RUN_STATE_FORMAT = 1;

/**
 * The latest instant a Date can hold (ECMAScript's range, ±8.64e15 ms): a stored time past it
 * could not be shown as a date, so the run would be unreadable for the console too.
 */
const MAX_INSTANT_MS = 8.64e15;
/**
 * Ours: a command timeout longer than an hour is not a timeout: the runner would wait on a lost
 * answer for longer than any zone needs to be closed.
 */
export const MAX_COMMAND_TIMEOUT_MS = 3_600_000;

/** Durations and instants, ms: finite (zod refuses Infinity and NaN) and within a Date's range. */
const msSchema = z.number().nonnegative().max(MAX_INSTANT_MS);
const instantSchema = msSchema.nullable();

/** The radio or unit that carries a control's commands. */
export const runDeviceSchema = z.object({ siteId: idSchema, serialno: serialnoSchema });
export type RunDevice = z.infer<typeof runDeviceSchema>;

/**
 * Where a valve or pump stands. `opening` and `closing` wait for the device to confirm the command
 * named by `ref`.
 */
export const actuatorPhaseSchema = z.enum(['closed', 'opening', 'open', 'closing']);
export type ActuatorPhase = z.infer<typeof actuatorPhaseSchema>;

export const actuatorSchema = z.object({
  /** Control id. */
  id: idSchema,
  /** Null when the control is on no radio or unit: it cannot be commanded (a fault). */
  device: runDeviceSchema.nullable(),
  phase: actuatorPhaseSchema,
  /** The command this actuator waits on, null when it waits on none. */
  ref: z.string().nullable(),
  /** Valves: watering per cycle with the control variation, ms. Pumps: 0. */
  cycleMs: msSchema,
  /** Valves: watering still owed in the current cycle, ms. Frozen while closed. */
  remainingMs: msSchema,
  /** When the device confirmed the open; null while not open. */
  openedAt: instantSchema,
  /** Time watered in this run (every cycle and repeat), ms. */
  wateredMs: msSchema,
  /** When its first open of this run was sent (§3 control application startTime). */
  startedAt: instantSchema,
  /** Pumps: when the fail-safe of the last open runs out. */
  failSafeUntil: instantSchema,
  /** Why the control is faulted (a failed or unanswered command); it is not used again this run. */
  fault: z.string().nullable(),
});
export type Actuator = z.infer<typeof actuatorSchema>;

/**
 * Where a zone's run stands: waiting its turn, in a cycle (valves opening, open or closing), soaking
 * between cycles, waiting for a repeat, or done.
 */
export const zonePhaseSchema = z.enum(['queued', 'cycle', 'soaking', 'repeatWait', 'done']);
export type ZonePhase = z.infer<typeof zonePhaseSchema>;

export const zoneRunSchema = z.object({
  /** Section id. */
  id: idSchema,
  /** Index of the sequence (lane) the zone runs in; one past the last sequence for named zones in none. */
  lane: z.number().int().nonnegative().max(MAX_SEQUENCES_PER_PROGRAM),
  irrigationType: irrigationTypeSchema,
  cycles: z.number().int().positive().max(MAX_CYCLES),
  /** A cycle's planned watering before control variations, ms. */
  cycleMs: msSchema,
  soakMs: msSchema,
  valves: z.array(actuatorSchema),
  /** Valves of the zone left out by their control config (§4 not-interested icon). */
  excluded: z.array(idSchema),
  phase: zonePhaseSchema,
  /** Cycles completed in the current run (or repeat) of the zone. */
  cyclesDone: z.number().int().nonnegative().max(MAX_CYCLES),
  soakUntil: instantSchema,
  /** Repeats still to come (§3 repeatCount). */
  repeatsLeft: z.number().int().nonnegative().max(MAX_REPEATS),
  repeatIntervalMs: msSchema,
  repeatDueAt: instantSchema,
  /** §3 zone application status. */
  status: zoneApplicationStatusSchema,
  startTime: instantSchema,
  endTime: instantSchema,
  stoppedTime: instantSchema,
  resumeTime: instantSchema,
  /** A valve of the zone has been confirmed open in this run. */
  opened: z.boolean(),
  irrigated: z.boolean(),
  lastCycle: z.boolean(),
});
export type ZoneRun = z.infer<typeof zoneRunSchema>;

/** A sequence as the runner drives it: the zone in progress and the zones still to come, in order. */
export const laneSchema = z.object({
  current: idSchema.nullable(),
  queue: z.array(idSchema),
});
export type Lane = z.infer<typeof laneSchema>;

/** A command sent and not yet answered. */
export const pendingCommandSchema = z.object({
  /** The runner's own name for the command, known before the field link gives it an id. */
  ref: z.string(),
  /**
   * The command's id: given before the step is saved (so a command saved and never sent can be
   * sent again under it, once), or the field link's once recorded; matched first when the
   * answer comes.
   */
  commandId: z.string().nullable(),
  siteId: idSchema,
  serialno: serialnoSchema,
  action: z.enum(['open', 'close']),
  controls: z.array(idSchema),
  /**
   * An open's fail-safe duration, as sent: a command saved with its step and never sent (its
   * process died in between) is sent again as it was.
   */
  durationSeconds: z.number().int().nonnegative().optional(),
  /** Unanswered by then, it is taken as failed. */
  deadline: msSchema,
});
export type PendingCommand = z.infer<typeof pendingCommandSchema>;

export const runActionSchema = z.enum(['start', 'resume', 'pause', 'test']);
export type RunAction = z.infer<typeof runActionSchema>;

/** The request (§3) the run is carrying out, or carried out last. */
export const runRequestSchema = z.object({
  id: requestIdSchema,
  action: runActionSchema,
  /** The zones the request names; null for the whole program. */
  zones: z.array(idSchema).nullable(),
  status: requestStatusSchema,
  reason: z.string().nullable(),
});
export type RunRequest = z.infer<typeof runRequestSchema>;

export const runStateSchema = z.object({
  format: z.literal(RUN_STATE_FORMAT),
  programId: idSchema,
  /** A run waters by the settings; a test runs each zone for the fixed test time (§4 Test). */
  kind: z.enum(['run', 'test']),
  /** §4 program activity. */
  activity: programActivitySchema,
  /** When the run starts (or started). */
  startTime: msSchema,
  /** When the run ended; null while it goes on. */
  endTime: instantSchema,
  /** When it was paused; null unless paused. */
  stoppedTime: instantSchema,
  request: runRequestSchema.nullable(),
  /** Requests already taken up, newest last, so a redelivered one is not carried out twice. */
  handledRequests: z.array(requestIdSchema),
  lanes: z.array(laneSchema),
  zones: z.array(zoneRunSchema),
  pumps: z.array(actuatorSchema),
  commands: z.array(pendingCommandSchema),
  /** Numbers the next command's ref. */
  nextRef: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  commandTimeoutMs: msSchema.max(MAX_COMMAND_TIMEOUT_MS),
});
export type RunState = z.infer<typeof runStateSchema>;
