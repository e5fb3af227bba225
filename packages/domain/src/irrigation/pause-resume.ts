/**
 * Pause and resume (see the decisions in runner.ts): a pause closes every valve, then the pumps;
 * a zone pause stops just its zones; a resume reopens what was mid-cycle for the watering owed.
 */
import type { RunRequestInput } from './run-step.ts';
import { zoneOf } from './run-queries.ts';
import { send, setRequestStatus, stopWatering, takeRequest, type Ctx } from './run-context.ts';
import { advance } from './run-advance.ts';

export function pauseRun(ctx: Ctx, request: RunRequestInput) {
  const { s } = ctx;
  takeRequest(ctx, request);
  if (request.zones) {
    stopZones(ctx, request.zones);
  } else if (s.activity === 'starting' && ctx.now < s.startTime) {
    cancelPendingStart(ctx);
    return;
  } else if (s.activity !== 'paused') {
    // A pause while pausing is the operator asking again: every close still unanswered is sent
    // again (its earlier answer becomes stale), so a stop never waits on a lost command.
    const again = s.activity === 'pausing';
    s.activity = 'pausing';
    s.stoppedTime ??= ctx.now;
    for (const zone of s.zones) {
      const live = zone.valves.filter(
        (v) => v.phase === 'open' || v.phase === 'opening' || (again && v.phase === 'closing'),
      );
      for (const valve of live) stopWatering(ctx, valve);
      send(ctx, 'close', live);
      if (zone.phase === 'cycle') {
        zone.status = 'pausing';
        zone.stoppedTime ??= ctx.now;
      } else if (zone.phase === 'soaking') {
        zone.status = 'paused';
        zone.stoppedTime ??= ctx.now;
      }
    }
    if (again)
      send(
        ctx,
        'close',
        s.pumps.filter((pump) => pump.phase === 'closing'),
      );
  }
  advance(ctx);
}

/**
 * A pause before the start time calls the start off (the console's "Cancel start"): nothing has
 * been opened, so the program is stopped, not paused, as a resume would start it at once; the
 * start's request ends cancelled (overtaken) and the pause is done.
 */
function cancelPendingStart(ctx: Ctx) {
  const { s } = ctx;
  for (const lane of s.lanes) {
    lane.current = null;
    lane.queue = [];
  }
  for (const zone of s.zones) zone.phase = 'done';
  s.activity = 'stopped';
  s.endTime = null;
  s.stoppedTime = null;
  setRequestStatus(ctx, 'done');
}

/** §4 zone pause: the zones stop for this run (their valves close) and their lanes move on. */
function stopZones(ctx: Ctx, ids: number[]) {
  const { s } = ctx;
  for (const id of ids) {
    const zone = zoneOf(s, id);
    if (!zone || zone.phase === 'done') continue;
    for (const lane of s.lanes) {
      lane.queue = lane.queue.filter((queued) => queued !== id);
      if (lane.current === id) lane.current = null;
    }
    const wasUnderWay = zone.phase !== 'queued';
    const live = zone.valves.filter((v) => v.phase === 'open' || v.phase === 'opening');
    for (const valve of live) stopWatering(ctx, valve);
    send(ctx, 'close', live);
    for (const valve of zone.valves) valve.remainingMs = 0;
    zone.phase = 'done';
    zone.repeatsLeft = 0;
    zone.repeatDueAt = null;
    zone.soakUntil = null;
    if (wasUnderWay) {
      zone.stoppedTime = ctx.now;
      zone.endTime = ctx.now;
    }
    zone.status = zone.valves.some((valve) => valve.phase !== 'closed') ? 'pausing' : 'stopped';
  }
}

export function resumeRun(ctx: Ctx, request: RunRequestInput) {
  const { s } = ctx;
  takeRequest(ctx, request);
  s.activity = 'resuming';
  s.stoppedTime = null;
  s.startTime = Math.min(s.startTime, ctx.now);
  for (const zone of s.zones) {
    if (zone.status !== 'paused' && zone.status !== 'pausing') continue;
    if (zone.phase !== 'cycle' && zone.phase !== 'soaking') continue;
    zone.resumeTime = ctx.now;
    zone.stoppedTime = null;
    zone.status = zone.phase === 'cycle' ? 'resuming' : 'running';
  }
  advance(ctx);
}
