/**
 * The runner's working context: a step works on a copy of the run (`Ctx`), gathering the effects
 * it asks for, and these are the moves every part of a step makes on it: take up a request,
 * record a request's status, send commands and stop a valve's watering clock.
 */
import type { RequestStatus } from '../entities/vocabulary.ts';
import { overtaken } from '../requests/overtaking.ts';
import type { Actuator, RunDevice, RunState } from './run-state.ts';
import type { RunEffect, RunRequestInput, StepResult } from './run-step.ts';
import { COMMAND_GRACE_SECONDS } from './runtime.ts';
import { nextWakeMs } from './run-timing.ts';

/** How many handled request ids a run remembers for de-duplication. */
const HANDLED_REQUESTS_KEPT = 20;

/** A step's working copy of the run (`s`), its instant (epoch ms) and the effects it asks for. */
export type Ctx = { s: RunState; now: number; effects: RunEffect[] };

/** States are plain JSON (they are stored as jsonb), so a JSON round trip copies them exactly. */
function cloneState(state: RunState): RunState {
  return JSON.parse(JSON.stringify(state)) as RunState;
}

export function withCtx(current: RunState, now: Date, act: (ctx: Ctx) => void): StepResult {
  const ctx: Ctx = { s: cloneState(current), now: now.getTime(), effects: [] };
  act(ctx);
  return result(ctx.s, ctx.effects, ctx.now);
}

export function result(state: RunState | null, effects: RunEffect[], now: number): StepResult {
  const wake = state ? nextWakeMs(state, now) : null;
  return { state, effects, nextWakeAt: wake === null ? null : new Date(wake) };
}

/** The request cannot be carried out: it fails with the reason, and the run is unchanged. */
export function refuse(
  current: RunState | null,
  request: RunRequestInput,
  now: Date,
  reason: string,
): StepResult {
  const effects: RunEffect[] = [
    { kind: 'request', requestId: request.id, status: 'failed', reason },
  ];
  if (!current) return result(null, effects, now.getTime());
  const state = cloneState(current);
  remember(state, request.id);
  return result(state, effects, now.getTime());
}

export function remember(s: RunState, requestId: number) {
  s.handledRequests = [...s.handledRequests, requestId].slice(-HANDLED_REQUESTS_KEPT);
}

export function setRequestStatus(ctx: Ctx, status: RequestStatus, reason: string | null = null) {
  const request = ctx.s.request;
  if (!request || request.status === status) return;
  request.status = status;
  request.reason = reason;
  ctx.effects.push({ kind: 'request', requestId: request.id, status, reason });
}
/** The run takes up a request; one still in flight is overtaken (requests/overtaking.ts). */
export function takeRequest(ctx: Ctx, request: RunRequestInput) {
  const previous = ctx.s.request && overtaken(ctx.s.request, request.id);
  if (previous) setRequestStatus(ctx, previous.status, previous.reason);
  ctx.s.request = {
    id: request.id,
    action: request.action,
    zones: request.zones,
    status: 'new',
    reason: null,
  };
  remember(ctx.s, request.id);
  setRequestStatus(ctx, 'inProgress');
}

/** Sends one command per device for the actuators, which then wait on it. */
export function send(
  ctx: Ctx,
  action: 'open' | 'close',
  targets: Actuator[],
  durationSeconds: (group: Actuator[]) => number = () => 0,
) {
  const groups = new Map<string, { device: RunDevice; members: Actuator[] }>();
  for (const target of targets) {
    if (!target.device) continue;
    const key = `${target.device.siteId}/${target.device.serialno}`;
    const group = groups.get(key) ?? { device: target.device, members: [] };
    group.members.push(target);
    groups.set(key, group);
  }
  for (const { device, members } of groups.values()) {
    const ref = `c${ctx.s.nextRef++}`;
    const controls = members.map((member) => member.id);
    const seconds = action === 'open' ? durationSeconds(members) : null;
    ctx.s.commands.push({
      ref,
      commandId: null,
      siteId: device.siteId,
      serialno: device.serialno,
      action,
      controls,
      ...(seconds === null ? {} : { durationSeconds: seconds }),
      deadline: ctx.now + ctx.s.commandTimeoutMs + COMMAND_GRACE_SECONDS * 1000,
    });
    if (seconds !== null) {
      ctx.effects.push({
        kind: 'command',
        ref,
        ...device,
        command: { action: 'open', controls, durationSeconds: seconds },
      });
      for (const member of members) {
        member.ref = ref;
        // An open of a pump already running only extends its fail-safe.
        if (member.phase !== 'open') member.phase = 'opening';
        member.startedAt ??= ctx.now;
        member.failSafeUntil = ctx.now + seconds * 1000;
      }
    } else {
      ctx.effects.push({ kind: 'command', ref, ...device, command: { action: 'close', controls } });
      for (const member of members) {
        member.ref = ref;
        member.phase = 'closing';
      }
    }
  }
}

/** Counts the water a valve gave since it opened and stops the clock on it. */
export function stopWatering(ctx: Ctx, valve: Actuator) {
  if (valve.phase === 'open' && valve.openedAt !== null) {
    const ran = Math.min(valve.remainingMs, Math.max(0, ctx.now - valve.openedAt));
    valve.wateredMs += ran;
    valve.remainingMs -= ran;
  }
  valve.openedAt = null;
}
