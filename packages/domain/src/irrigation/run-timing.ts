/**
 * A run's times: how long a zone has left, when the run is expected to end, and when it must
 * next wake. Estimates from the plan; command round trips are not counted.
 */
import type { RunState, ZoneRun } from './run-state.ts';
import { working, zoneOf } from './run-queries.ts';

function cycleLengthMs(zone: ZoneRun): number {
  return Math.max(0, ...zone.valves.filter(working).map((valve) => valve.cycleMs));
}

/** A whole run (or repeat) of the zone: its cycles and the soaks between them. */
function zoneTotalMs(zone: ZoneRun): number {
  return zone.cycles * cycleLengthMs(zone) + (zone.cycles - 1) * zone.soakMs;
}

/**
 * Time left in the zone's current run (or repeat) from `now`, ms, not counting later repeats: the
 * watering its valves still owe this cycle, then the soaks and cycles still to come. Paused
 * valves owe what they owed when they closed, so a paused zone's time left stays put.
 */
export function zoneRemainingMs(zone: ZoneRun, now: number): number {
  const length = cycleLengthMs(zone);
  switch (zone.phase) {
    case 'queued':
      return zoneTotalMs(zone);
    case 'cycle': {
      const owed = Math.max(
        0,
        ...zone.valves.map((valve) =>
          valve.phase === 'open' && valve.openedAt !== null
            ? Math.max(0, valve.openedAt + valve.remainingMs - now)
            : valve.fault === null
              ? valve.remainingMs
              : 0,
        ),
      );
      const after = zone.cycles - zone.cyclesDone - 1;
      return owed + after * (length + zone.soakMs);
    }
    case 'soaking': {
      const left = zone.cycles - zone.cyclesDone;
      return Math.max(0, (zone.soakUntil ?? now) - now) + left * length + (left - 1) * zone.soakMs;
    }
    case 'repeatWait':
    case 'done':
      return 0;
  }
}

/**
 * When the run is expected to end, epoch ms: every lane works through its current and queued
 * zones from `now` (or the planned start), and with `repeats` each zone's repeats follow at their
 * interval. An estimate: command round trips and a lane's wait for a due repeat are not counted.
 */
export function projectEndMs(s: RunState, now: number, repeats = true): number {
  if (s.activity === 'stopped') return s.endTime ?? now;
  const from = Math.max(now, s.startTime);
  let end = from;
  const repeatEnd = (zone: ZoneRun, runEnd: number) =>
    runEnd + zone.repeatsLeft * (zone.repeatIntervalMs + zoneTotalMs(zone));
  s.lanes.forEach((lane, index) => {
    let t = from;
    const current = lane.current === null ? undefined : zoneOf(s, lane.current);
    const ordered = [
      ...(current ? [current] : []),
      ...lane.queue.flatMap((id) => zoneOf(s, id) ?? []),
    ];
    for (const zone of ordered) {
      t += zone === current ? zoneRemainingMs(zone, from) : zoneTotalMs(zone);
      if (repeats) end = Math.max(end, repeatEnd(zone, t));
    }
    end = Math.max(end, t);
    if (!repeats) return;
    for (const zone of s.zones) {
      if (zone.lane !== index || zone.phase !== 'repeatWait') continue;
      const first = Math.max(zone.repeatDueAt ?? from, from) + zoneTotalMs(zone);
      end = Math.max(
        end,
        first + (zone.repeatsLeft - 1) * (zone.repeatIntervalMs + zoneTotalMs(zone)),
      );
    }
  });
  return end;
}

/** Time left in the whole run, ms (§4 time remaining, for the program as a whole). */
export function runRemainingMs(s: RunState, now: number): number {
  return Math.max(0, projectEndMs(s, now) - now);
}

/** The next instant (after `now`) something is planned to happen to the run, or null. */
export function nextWakeMs(s: RunState, now: number): number | null {
  const times = s.commands.map((command) => command.deadline);
  const moving = s.activity === 'starting' || s.activity === 'resuming' || s.activity === 'running';
  if (moving) {
    if (s.activity === 'starting' && now < s.startTime) times.push(s.startTime);
    for (const zone of s.zones) {
      for (const valve of zone.valves) {
        if (valve.phase === 'open' && valve.openedAt !== null) {
          times.push(valve.openedAt + valve.remainingMs);
        }
      }
      if (zone.phase === 'soaking' && zone.soakUntil !== null) times.push(zone.soakUntil);
      if (zone.phase === 'repeatWait' && zone.repeatDueAt !== null) times.push(zone.repeatDueAt);
    }
  }
  // A time already passed is something due that must wait for another event (a repeat due while
  // its lane is busy): waking for it again would only spin.
  const ahead = times.filter((time) => time > now);
  return ahead.length === 0 ? null : Math.min(...ahead);
}
