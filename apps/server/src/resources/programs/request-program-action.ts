/**
 * POST programs/{id}/start|resume|pause|test: which action the program (or the named zones) can
 * take now, by the §4 rules, and the activity the program shows while the request is carried out;
 * the request and the program's status are written together, on the locked program. A start time
 * (a delayed start or test) must be now or later and at most 7 days ahead (the domain's
 * startTimeProblem, which the console's form uses too).
 */
import {
  isResumable,
  isStartable,
  isStoppable,
  isTestable,
  mayOvertake,
  refuse,
  schedulingMode,
  shownActivity,
  startTimeProblem,
  zoneRunState,
  type ProgramActionBody,
  type ProgramActivity,
  type ProgramStatus,
  type ProgramZone,
  type RunAction,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { createRequest, type RequestRow } from '../../requests/request.repository.ts';
import { areaParts, lockProgram, updateProgram, type AreaParts } from './program.repository.ts';

export type ProgramActionName = RunAction;

/**
 * The activity shown while a whole-program request is in flight (§4 client status: activate shows
 * starting or resuming, pause shows pausing). Test changes no activity (§4 "Test: pending then
 * testStarted"); requestActive alone marks it.
 */
const PENDING_ACTIVITY: Record<ProgramActionName, ProgramActivity | null> = {
  start: 'starting',
  resume: 'resuming',
  pause: 'pausing',
  test: null,
};

/**
 * §4 on the program: startable and testable when stopped, resumable when paused, pausable when
 * starting, resuming or running (§4 stoppable), and also when pausing: the spec has no stop call
 * (§7 names start, resume, pause and test), so pause is the operator's stop and must always take
 * effect. A pause while pausing overtakes the open one, and the runner sends every close still
 * unanswered again, so a program can never be held pausing.
 */
function programAllows(action: ProgramActionName, activity: ProgramActivity): boolean {
  switch (action) {
    case 'start':
    case 'test':
      return isStartable(activity);
    case 'resume':
      return isResumable(activity);
    case 'pause':
      return isStoppable(activity) || activity === 'pausing';
  }
}

/** §4 on one zone: startable, resumable, stoppable or testable. */
function zoneAllows(action: ProgramActionName, zone: ProgramZone, now: Date): boolean {
  const runState = zoneRunState(zone.application, zone.setting);
  switch (action) {
    case 'start':
      return isStartable(runState);
    case 'resume':
      return isResumable(runState);
    case 'pause':
      return isStoppable(runState);
    case 'test':
      return isTestable(zone.application, now);
  }
}

/** The named zones, each a zone of this program (400 on the first that is not). */
function resolveZones(
  zoneIds: number[],
  programZones: ProgramZone[],
  area: AreaParts,
): ProgramZone[] {
  const sectionIds = new Set(area.sections.map((section) => section.id));
  const seen = new Set<number>();
  return zoneIds.map((id, i) => {
    const field = `zones.${i}`;
    if (!sectionIds.has(id)) throw refuse.invalid(field, 'not a section of this area');
    if (seen.has(id)) throw refuse.invalid(field, 'listed twice');
    seen.add(id);
    const zone = programZones.find((candidate) => candidate.id === id);
    if (!zone) throw refuse.invalid(field, 'not a zone of this program');
    return zone;
  });
}

/**
 * The activity the program shows once the request is recorded (null: unchanged), or 409 when §4
 * refuses the action now. Without zones the rule reads the program's shown activity (running with
 * a past end time is stopped). With zones each named zone must allow the action and the program's
 * activity is left alone, like the console's zone actions (§4). Only pause may overtake a request
 * still in flight (the domain's mayOvertake): stopping water must never wait.
 */
function checkAction(
  action: ProgramActionName,
  status: ProgramStatus,
  zones: ProgramZone[] | null,
  area: AreaParts,
  now: Date,
): ProgramActivity | null {
  if (zones) {
    for (const zone of zones) {
      if (!zoneAllows(action, zone, now)) {
        const label = area.sections.find((section) => section.id === zone.id)?.label ?? zone.id;
        const why =
          schedulingMode(zone.application.irrigationType) === 'valve' && action === 'test'
            ? 'it is scheduled by valve'
            : `it is ${zoneRunState(zone.application, zone.setting)}`;
        throw refuse.conflict(`Zone "${label}" cannot ${action}: ${why}`);
      }
    }
  } else {
    const activity = shownActivity(status, now);
    if (!programAllows(action, activity)) {
      throw refuse.conflict(`Program cannot ${action}: it is ${activity}`);
    }
  }
  if (!mayOvertake(action) && status.requestActive) {
    const which = status.requestId ? `request ${status.requestId}` : 'an earlier request';
    throw refuse.conflict(`Program cannot ${action}: ${which} is still being carried out`);
  }
  return zones ? null : PENDING_ACTIVITY[action];
}

/** The request's payload: what the field link needs to carry the action out. */
function actionPayload(body: { startTime?: string; zones?: number[] }) {
  return {
    ...(body.startTime !== undefined && { startTime: body.startTime }),
    ...(body.zones !== undefined && { zones: body.zones }),
  };
}

/**
 * Records the action's request and shows it on the program (its pending activity, requestActive
 * and requestId), on the program locked: two actions never both pass the §4 check.
 */
export async function requestProgramAction(
  db: Database,
  input: {
    programId: number;
    action: ProgramActionName;
    body: Omit<ProgramActionBody, 'requestId'>;
    siteId: number;
    /** The user, or null when the server acts by itself (a pump fault's pause). */
    requestedBy: number | null;
    now: Date;
  },
): Promise<RequestRow> {
  const { programId, action, body, now } = input;
  if (body.startTime !== undefined) {
    const problem = startTimeProblem(new Date(body.startTime), now);
    if (problem) throw refuse.invalid('startTime', problem);
  }
  return db.transaction(async (tx) => {
    const program = await lockProgram(tx, programId);
    if (!program) throw refuse.notFound('Program');
    const area = await areaParts(tx, program.areaId);
    const zones = body.zones ? resolveZones(body.zones, program.zones, area) : null;
    const pending = checkAction(action, program.status, zones, area, now);
    const row = await createRequest(tx, {
      action,
      type: 'program',
      targetId: programId,
      siteId: input.siteId,
      requestedBy: input.requestedBy,
      payload: actionPayload(body),
      now,
    });
    await updateProgram(tx, programId, {
      status: {
        ...program.status,
        activity: pending ?? program.status.activity,
        requestActive: true,
        requestId: row.id,
      },
      modifiedAt: now,
    });
    return row;
  });
}
