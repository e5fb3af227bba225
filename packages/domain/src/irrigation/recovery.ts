/**
 * A stored run the runner cannot read, or cannot step (issue 18: a program can never stick). Such
 * a run is never guessed at, and never left as it is either: a run nobody can read holds its
 * program starting or pausing for good, with whatever it opened still open. It ends failed: every
 * valve and pump it may have opened is told to close, the requests still open on it end, and the
 * program is left stopped with a run that reads again, so it can be started anew.
 */
import { z } from 'zod';
import type { RequestStatus } from '../entities/vocabulary.ts';
import { RUN_STATE_FORMAT, runStateSchema, type Actuator, type RunState } from './run-state.ts';
import type { RunControl, RunEffect, RunProgram, StepResult } from './run-step.ts';

/** Characters of the fault kept in the event and the requests' reason. */
const REASON_LENGTH = 300;

/** A stored run as the runner reads it: the state, or why it cannot be read. */
export type StoredRunReading = { state: RunState } | { unreadable: string };

/**
 * Reads a stored run (program_runs.state): its shape by the schema, then what the schema cannot
 * say: every zone in a lane, every lane's zones in the run, every command waited on still pending.
 * A run that fails either could leave a zone that never starts or a valve that never closes.
 */
export function readStoredRun(raw: unknown): StoredRunReading {
  const parsed = runStateSchema.safeParse(raw);
  if (!parsed.success) return { unreadable: z.prettifyError(parsed.error) };
  const fault = inconsistency(parsed.data);
  return fault === null ? { state: parsed.data } : { unreadable: fault };
}

/** The state as it will be stored (jsonb keeps JSON: Infinity and NaN become null), read back. */
export function readAsStored(state: RunState): StoredRunReading {
  return readStoredRun(JSON.parse(JSON.stringify(state)) as unknown);
}

/**
 * One step of a stored run, as the server takes it: the run read from what is stored (null: the
 * program has never run), stepped, and its next state checked to read back once stored. A fault
 * at any of the three is the reason to end the run (`abandonRun`), never to retry it: the same
 * stored run would fault the same way at every retry.
 */
export function stepStoredRun(
  raw: unknown,
  step: (state: RunState | null) => StepResult | null,
): { before: RunState | null; result: StepResult | null } | { fault: string } {
  const reading = raw === null ? null : readStoredRun(raw);
  if (reading && 'unreadable' in reading) return { fault: reading.unreadable };
  const before = reading?.state ?? null;
  let result: StepResult | null;
  try {
    result = step(before);
  } catch (error) {
    return { fault: `the run could not be stepped: ${String(error)}` };
  }
  const after = result?.state ? readAsStored(result.state) : null;
  if (after && 'unreadable' in after) {
    return { fault: `its next step would not read back: ${after.unreadable}` };
  }
  return { before, result };
}

function inconsistency(s: RunState): string | null {
  const zoneIds = new Set(s.zones.map((zone) => zone.id));
  if (zoneIds.size !== s.zones.length) return 'a zone is in the run twice';
  const zone = s.zones.find((candidate) => candidate.lane >= s.lanes.length);
  if (zone) return `zone ${zone.id} runs in no sequence`;
  for (const lane of s.lanes) {
    const stray = [...(lane.current === null ? [] : [lane.current]), ...lane.queue].find(
      (id) => !zoneIds.has(id),
    );
    if (stray !== undefined) return `a sequence names zone ${stray}, which is not in the run`;
  }
  const refs = new Set(s.commands.map((command) => command.ref));
  if (refs.size !== s.commands.length) return 'two commands share a name';
  for (const target of [...s.zones.flatMap((candidate) => candidate.valves), ...s.pumps]) {
    if (target.ref !== null && !refs.has(target.ref)) {
      return `control ${target.id} waits on a command that is not pending`;
    }
    if ((target.phase === 'opening' || target.phase === 'closing') && target.ref === null) {
      return `control ${target.id} is ${target.phase} on no command`;
    }
  }
  return null;
}

/** What ending an unreadable run needs from the program as it is now. */
export type AbandonInput = {
  programId: number;
  /** The program's schedule and zones now; null when the program is gone. */
  program: RunProgram | null;
  /** The controls of the program's area, with the devices that carry them. */
  controls: RunControl[];
  /** Requests on the program still open (new, pending, inProgress), oldest first. */
  openRequests: { id: number; action: string }[];
  /** Why the run is ended: the reading's fault, or what went wrong stepping it. */
  reason: string;
};

export type AbandonResult = StepResult & {
  state: RunState;
  /** The event to record on the program's area (§3 event types: error). */
  event: { type: 'error'; message: string };
};

/** Control ids the damaged run names as valves or pumps, as far as they can be made out. */
function namedControls(raw: unknown): { valves: number[]; pumps: number[] } {
  const ids = (list: unknown): number[] =>
    Array.isArray(list)
      ? list.flatMap((item: unknown) => {
          const id = (item as { id?: unknown } | null)?.id;
          return typeof id === 'number' && Number.isSafeInteger(id) ? [id] : [];
        })
      : [];
  const record = (raw ?? {}) as { zones?: unknown; pumps?: unknown };
  const zones = Array.isArray(record.zones) ? (record.zones as unknown[]) : [];
  return {
    valves: zones.flatMap((zone) => ids((zone as { valves?: unknown } | null)?.valves)),
    pumps: ids(record.pumps),
  };
}

function closedActuator(control: RunControl): Actuator {
  return {
    id: control.id,
    device: control.device,
    phase: 'closed',
    ref: null,
    cycleMs: 0,
    remainingMs: 0,
    openedAt: null,
    wateredMs: 0,
    startedAt: null,
    failSafeUntil: null,
    fault: null,
  };
}

/**
 * Ends a run that cannot be read (`raw` as stored) or stepped: a close for every valve of the
 * program's zones, every pump attached and every control the damaged run still names, sent without
 * awaiting answers (the devices' fail-safes close them anyway; this is sooner); the open requests
 * end, a pause done (everything is off, as it asked) and the rest failed; and a stopped run in its
 * place, every zone stopped and every control closed, which reads again.
 */
export function abandonRun(raw: unknown, input: AbandonInput, now: Date): AbandonResult {
  const nowMs = now.getTime();
  const byId = new Map(input.controls.map((control) => [control.id, control]));
  const named = namedControls(raw);
  const attachments = new Set(input.program?.schedule.attachments ?? []);
  const pumpIds = new Set([...attachments, ...named.pumps]);
  const zoneIds = new Set(input.program?.zones.map((zone) => zone.id) ?? []);
  const namedValves = new Set(named.valves);

  const zones = [...zoneIds].map((id, index) => ({ id, index }));
  const valvesOf = (sectionId: number) =>
    input.controls.filter(
      (control) =>
        control.section === sectionId && control.type !== 'pump' && !pumpIds.has(control.id),
    );
  // Valves the damaged run names that sit in no zone of the program now still get their close.
  const inZones = new Set(zones.flatMap(({ id }) => valvesOf(id).map((valve) => valve.id)));
  const strays = [...namedValves]
    .filter((id) => !inZones.has(id) && !pumpIds.has(id))
    .flatMap((id) => byId.get(id) ?? []);
  const pumps = [...pumpIds].flatMap((id) => byId.get(id) ?? []);

  const state: RunState = {
    format: RUN_STATE_FORMAT,
    programId: input.programId,
    kind: 'run',
    activity: 'stopped',
    startTime: nowMs,
    endTime: nowMs,
    stoppedTime: null,
    request: null,
    handledRequests: input.openRequests.map((request) => request.id).slice(-20),
    lanes: [{ current: null, queue: [] }],
    zones: zones.map(({ id }) => ({
      id,
      lane: 0,
      irrigationType:
        input.program?.zones.find((zone) => zone.id === id)?.application.irrigationType ??
        'valveControlledZone',
      cycles: 1,
      cycleMs: 0,
      soakMs: 0,
      valves: valvesOf(id).map(closedActuator),
      excluded: [],
      phase: 'done',
      cyclesDone: 0,
      soakUntil: null,
      repeatsLeft: 0,
      repeatIntervalMs: 0,
      repeatDueAt: null,
      status: 'stopped',
      startTime: null,
      endTime: nowMs,
      stoppedTime: null,
      resumeTime: null,
      opened: false,
      irrigated: false,
      lastCycle: false,
    })),
    pumps: pumps.map(closedActuator),
    commands: [],
    nextRef: 0,
    commandTimeoutMs: 0,
  };

  const effects: RunEffect[] = [];
  const targets = [...state.zones.flatMap((zone) => zone.valves), ...strays.map(closedActuator)];
  for (const group of [targets, state.pumps]) {
    // Valves first, then pumps, each in one command per device: a pump never runs on alone.
    const byDevice = new Map<string, { siteId: number; serialno: string; controls: number[] }>();
    for (const target of group) {
      if (!target.device) continue;
      const key = `${target.device.siteId}/${target.device.serialno}`;
      const entry = byDevice.get(key) ?? { ...target.device, controls: [] };
      entry.controls.push(target.id);
      byDevice.set(key, entry);
    }
    for (const { siteId, serialno, controls } of byDevice.values()) {
      effects.push({
        kind: 'command',
        ref: null,
        siteId,
        serialno,
        command: { action: 'close', controls },
      });
    }
  }

  // The schema's report spans lines; an event and a request reason are one line, kept short.
  const reason = input.reason.replace(/\s*\n\s*/g, ' ').slice(0, REASON_LENGTH);
  const why = `the stored run could not be read: ${reason}`;
  for (const request of input.openRequests) {
    const status: RequestStatus = request.action === 'pause' ? 'done' : 'failed';
    effects.push({
      kind: 'request',
      requestId: request.id,
      status,
      reason: status === 'done' ? `${why}; every valve and pump was told to close` : why,
    });
  }
  const last = input.openRequests.at(-1);
  if (last) {
    state.request = {
      id: last.id,
      action:
        last.action === 'pause' || last.action === 'resume' || last.action === 'test'
          ? last.action
          : 'start',
      zones: null,
      status: last.action === 'pause' ? 'done' : 'failed',
      reason: why,
    };
  }

  return {
    state,
    effects,
    nextWakeAt: null,
    event: {
      type: 'error',
      message: `Program run ended: ${why}. Every valve and pump was told to close.`,
    },
  };
}
