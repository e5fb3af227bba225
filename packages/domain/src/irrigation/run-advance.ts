/**
 * Advancing a run to `now`: the rules applied after every request and event until nothing more
 * changes: valves closed when their watering is given, cycles, soaks and repeats moved on, the
 * next zone of each lane started, pumps run only while a valve needs them, and the request the
 * run carries out settled.
 */
import type { Actuator, RunState, ZoneRun } from './run-state.ts';
import { COMMAND_GRACE_SECONDS, FAIL_SAFE_MARGIN_SECONDS } from './runtime.ts';
import { actuators, awaitingOpen, requestActive, working, zoneOf } from './run-queries.ts';
import { projectEndMs } from './run-timing.ts';
import { send, setRequestStatus, stopWatering, type Ctx } from './run-context.ts';
import { NO_ANSWER, settle } from './command-answers.ts';

/** Brings the run up to `now`: repeats its rules until nothing more changes. */
export function advance(ctx: Ctx) {
  // A deadline further off than a command can take (a clock set back, a damaged store) would hold
  // the run on that command: none waits longer than its timeout and grace from now.
  const latest = ctx.now + ctx.s.commandTimeoutMs + COMMAND_GRACE_SECONDS * 1000;
  for (const command of ctx.s.commands) command.deadline = Math.min(command.deadline, latest);
  for (const command of [...ctx.s.commands]) {
    if (command.deadline <= ctx.now) settle(ctx, command, false, NO_ANSWER, true);
  }
  // Each pass moves the run on by at least one change or leaves it as it is; a run has few zones
  // and each change is a step forward, so this settles in a handful of passes.
  for (let pass = 0; pass < 100; pass++) {
    const before = JSON.stringify(ctx.s);
    applyRules(ctx);
    if (JSON.stringify(ctx.s) === before) return;
  }
  throw new Error(`program ${ctx.s.programId}: the run did not settle`);
}

function applyRules(ctx: Ctx) {
  const { s } = ctx;
  updateZoneStatuses(ctx);
  switch (s.activity) {
    case 'stopped':
    case 'paused':
      return;
    case 'pausing':
      settlePause(ctx);
      checkRequest(ctx);
      return;
    default:
      break;
  }
  if (s.activity === 'starting' && ctx.now < s.startTime) {
    setRequestStatus(ctx, 'pending');
    return;
  }
  if (s.request?.status === 'pending') setRequestStatus(ctx, 'inProgress');
  closeDueValves(ctx);
  finishCycles(ctx);
  endSoaks(ctx);
  pickNextZones(ctx);
  drivePumps(ctx);
  openValves(ctx);
  if (s.activity === 'starting' && s.zones.some((zone) => zone.opened)) s.activity = 'running';
  if (s.activity === 'resuming' && !s.zones.some((zone) => zone.status === 'resuming')) {
    s.activity = 'running';
  }
  checkRequest(ctx);
  finishRun(ctx);
}

function updateZoneStatuses(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    if (zone.status === 'pausing' && zone.valves.every((valve) => valve.phase === 'closed')) {
      zone.status = zone.phase === 'done' ? 'stopped' : 'paused';
    }
    if (
      zone.phase === 'cycle' &&
      (zone.status === 'starting' || zone.status === 'resuming') &&
      !zone.valves.some(
        (valve) =>
          valve.phase === 'opening' ||
          awaitingOpen(valve) ||
          (valve.phase === 'closing' && valve.remainingMs > 0),
      )
    ) {
      zone.status = 'running';
    }
  }
}

function settlePause(ctx: Ctx) {
  const { s } = ctx;
  if (!s.zones.every((zone) => zone.valves.every((valve) => valve.phase === 'closed'))) return;
  send(
    ctx,
    'close',
    s.pumps.filter((pump) => pump.phase === 'open' || pump.phase === 'opening'),
  );
  if (actuators(s).every((target) => target.phase === 'closed')) s.activity = 'paused';
}

function closeDueValves(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    const due = zone.valves.filter(
      (valve) =>
        valve.phase === 'open' &&
        valve.openedAt !== null &&
        valve.openedAt + valve.remainingMs <= ctx.now,
    );
    for (const valve of due) stopWatering(ctx, valve);
    send(ctx, 'close', due);
  }
}

/**
 * The flow supervisor closes these zones (high flow, issue 30): each running zone's valves are
 * told to close now and it gives up its remaining cycles and repeats, so its lane goes on with
 * its next zone at the next advance; a soaking zone or one waiting for a repeat is done. Zones
 * not under way (queued, done, or not in the run) are left as they are: the shut-off is for the
 * water running now.
 */
export function shutOffZones(ctx: Ctx, zoneIds: readonly number[]) {
  for (const zone of ctx.s.zones) {
    if (!zoneIds.includes(zone.id)) continue;
    if (zone.phase === 'soaking' || zone.phase === 'repeatWait') {
      zone.repeatsLeft = 0;
      endZone(ctx, zone, false);
      continue;
    }
    if (zone.phase !== 'cycle') continue;
    zone.repeatsLeft = 0;
    zone.cyclesDone = zone.cycles - 1;
    zone.lastCycle = true;
    const open = zone.valves.filter((valve) => valve.phase === 'open');
    for (const valve of zone.valves) {
      stopWatering(ctx, valve);
      // A valve still opening closes as soon as its open is confirmed (closeDueValves).
      valve.remainingMs = 0;
    }
    send(ctx, 'close', open);
  }
}

function beginCycle(zone: ZoneRun) {
  zone.phase = 'cycle';
  zone.soakUntil = null;
  zone.lastCycle = zone.cyclesDone === zone.cycles - 1;
  for (const valve of zone.valves) valve.remainingMs = valve.fault === null ? valve.cycleMs : 0;
}

/** A zone's run (or repeat) is over: it waits for its next repeat, or is done. */
function endZone(ctx: Ctx, zone: ZoneRun, completed: boolean) {
  zone.endTime = ctx.now;
  zone.stoppedTime = null;
  zone.soakUntil = null;
  zone.status = 'stopped';
  if (completed) {
    zone.irrigated = true;
    zone.lastCycle = true;
  }
  const canRepeat = completed && zone.valves.some(working);
  if (canRepeat && zone.repeatsLeft > 0 && zone.repeatIntervalMs > 0) {
    zone.phase = 'repeatWait';
    zone.repeatDueAt = ctx.now + zone.repeatIntervalMs;
  } else {
    zone.phase = 'done';
    zone.repeatDueAt = null;
    // A zone that could not finish gives up its repeats: §4 would show it as repeats otherwise.
    zone.repeatsLeft = canRepeat ? zone.repeatsLeft : 0;
  }
  const lane = ctx.s.lanes[zone.lane];
  if (lane?.current === zone.id) lane.current = null;
}

function finishCycles(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    if (zone.phase !== 'cycle') continue;
    const over = zone.valves.every(
      (valve) => valve.phase === 'closed' && (valve.fault !== null || valve.remainingMs === 0),
    );
    if (!over) continue;
    const watering = zone.valves.some(working);
    if (watering) zone.cyclesDone += 1;
    if (watering && zone.cyclesDone < zone.cycles) {
      zone.phase = 'soaking';
      zone.soakUntil = ctx.now + zone.soakMs;
    } else {
      endZone(ctx, zone, watering);
    }
  }
}

function endSoaks(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    if (zone.phase === 'soaking' && zone.soakUntil !== null && zone.soakUntil <= ctx.now) {
      beginCycle(zone);
    }
  }
}

function startZone(ctx: Ctx, zone: ZoneRun) {
  if (zone.phase === 'repeatWait') zone.repeatsLeft -= 1;
  zone.repeatDueAt = null;
  zone.cyclesDone = 0;
  zone.status = 'starting';
  zone.startTime = ctx.now;
  zone.endTime = null;
  zone.stoppedTime = null;
  zone.resumeTime = null;
  beginCycle(zone);
}

function pickNextZones(ctx: Ctx) {
  const { s } = ctx;
  s.lanes.forEach((lane, index) => {
    if (lane.current !== null) {
      const busy = zoneOf(s, lane.current);
      if (busy && (busy.phase === 'cycle' || busy.phase === 'soaking')) return;
      lane.current = null;
    }
    let next = s.zones
      .filter(
        (zone) =>
          zone.lane === index &&
          zone.phase === 'repeatWait' &&
          zone.repeatDueAt !== null &&
          zone.repeatDueAt <= ctx.now,
      )
      .sort((a, b) => (a.repeatDueAt ?? 0) - (b.repeatDueAt ?? 0))[0];
    while (!next && lane.queue.length > 0) {
      const candidate = zoneOf(s, lane.queue.shift() as number);
      if (candidate?.phase === 'queued') next = candidate;
    }
    if (next) {
      startZone(ctx, next);
      lane.current = next.id;
    }
  });
}

/** Seconds a pump's fail-safe must cover: the run's watering still to come, without repeat waits. */
function pumpSeconds(ctx: Ctx, atLeastMs = 0): number {
  const needed = Math.max(projectEndMs(ctx.s, ctx.now, false) - ctx.now, atLeastMs);
  return Math.ceil(needed / 1000) + FAIL_SAFE_MARGIN_SECONDS;
}

function drivePumps(ctx: Ctx) {
  const { s } = ctx;
  const need =
    s.zones.some((zone) => zone.valves.some((valve) => valve.phase !== 'closed')) ||
    s.zones.some((zone) => zone.phase === 'cycle' && zone.valves.some(awaitingOpen));
  if (need) {
    send(
      ctx,
      'open',
      s.pumps.filter((pump) => pump.phase === 'closed' && pump.fault === null),
      () => pumpSeconds(ctx),
    );
  } else {
    send(
      ctx,
      'close',
      s.pumps.filter((pump) => pump.phase === 'open' || pump.phase === 'opening'),
    );
  }
}

function pumpsReady(s: RunState): boolean {
  return s.pumps.every(
    (pump) => pump.phase === 'open' || (pump.phase === 'closed' && pump.fault !== null),
  );
}

function valveSeconds(group: Actuator[]): number {
  const longest = Math.max(...group.map((valve) => valve.remainingMs));
  return Math.ceil(longest / 1000) + FAIL_SAFE_MARGIN_SECONDS;
}

function openValves(ctx: Ctx) {
  const { s } = ctx;
  if (!pumpsReady(s)) return;
  for (const zone of s.zones) {
    if (zone.phase !== 'cycle') continue;
    const toOpen = zone.valves.filter(awaitingOpen);
    if (toOpen.length === 0) continue;
    // A pump must not stop by its fail-safe while these valves are to water: when it would run out
    // less than half a margin past their planned watering, it is re-opened (extended) first. Half,
    // so a run a little behind its plan does not re-send the pump's open at every zone.
    const wateredUntil = ctx.now + Math.max(...toOpen.map((valve) => valve.remainingMs));
    const short = s.pumps.filter(
      (pump) =>
        pump.phase === 'open' &&
        pump.ref === null &&
        pump.fault === null &&
        (pump.failSafeUntil ?? 0) < wateredUntil + (FAIL_SAFE_MARGIN_SECONDS * 1000) / 2,
    );
    send(ctx, 'open', short, () => pumpSeconds(ctx, wateredUntil - ctx.now));
    send(ctx, 'open', toOpen, valveSeconds);
  }
}

function checkRequest(ctx: Ctx) {
  const { s } = ctx;
  const request = s.request;
  if (!request || !requestActive(s)) return;
  const scope = request.zones
    ? s.zones.filter((zone) => request.zones?.includes(zone.id))
    : s.zones;
  switch (request.action) {
    case 'start':
    case 'test':
      if (scope.some((zone) => zone.opened)) setRequestStatus(ctx, 'done');
      else if (scope.every((zone) => zone.phase === 'done' || zone.phase === 'repeatWait')) {
        setRequestStatus(ctx, 'failed', 'no valve could be opened');
      }
      return;
    case 'resume':
      if (s.activity === 'running') setRequestStatus(ctx, 'done');
      return;
    case 'pause':
      if (request.zones) {
        if (scope.every((zone) => zone.status !== 'pausing')) setRequestStatus(ctx, 'done');
      } else if (s.activity === 'paused') {
        setRequestStatus(ctx, 'done');
      }
      return;
  }
}

function finishRun(ctx: Ctx) {
  const { s } = ctx;
  const over =
    s.lanes.every((lane) => lane.current === null && lane.queue.length === 0) &&
    s.zones.every((zone) => zone.phase === 'done') &&
    actuators(s).every((target) => target.phase === 'closed');
  if (!over) return;
  s.activity = 'stopped';
  s.endTime = ctx.now;
  s.stoppedTime = null;
  checkRequest(ctx);
  if (requestActive(s)) setRequestStatus(ctx, 'done');
}
