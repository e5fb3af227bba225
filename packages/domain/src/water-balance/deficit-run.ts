/**
 * A program start in "water the deficit" mode (issue 30, item 4): which of its zones the start
 * looks at, each zone's decision (deficit.ts) with the minutes its depth takes at the zone's
 * application rate, the sentence that tells it, and the run it becomes: the zones that run water
 * their refill depth, the others are left out of the run and never opened.
 */
import {
  DEFAULT_APPLICATION_RATE_MM_PER_HOUR,
  MAX_DEPTH_MM,
  MAX_ZONE_RUNTIME_HOURS,
} from '../constants/limits.ts';
import { zonedDateTime } from '../constants/timezone.ts';
import type { ProgramSchedule, ProgramZone } from '../entities/program.ts';
import { isManualZone } from '../irrigation/run-planning.ts';
import type { RunState } from '../irrigation/run-state.ts';
import { soakMsOf } from '../irrigation/runtime.ts';
import { deficitProgram, type DeficitSettings } from './deficit.ts';
import type { DeficitDecisionDetail } from './program-decision.ts';

const MS_PER_MINUTE = 60_000;

type DeficitProgramInput = { schedule: ProgramSchedule; zones: ProgramZone[] };

/** Today's balance of one zone, as GET areas/{id}/water-balance gives it; absent: no balance. */
export type DeficitZoneBalance = { depletion: number; raw: number; taw: number };

/**
 * The most one run of a zone may apply (mm): the §9 depth limit, and no more than the longest
 * run a zone setting allows at its application rate, so the refill is a setting the runner takes.
 */
export function zoneMaxDepthMm(applicationRate: number | undefined): number {
  const rate = applicationRate ?? DEFAULT_APPLICATION_RATE_MM_PER_HOUR;
  return Math.min(MAX_DEPTH_MM, MAX_ZONE_RUNTIME_HOURS * rate);
}

/** Minutes a depth (mm) takes at an application rate (mm/h), to a tenth. */
export function deficitMinutes(depth: number, applicationRate: number | undefined): number {
  const rate = applicationRate ?? DEFAULT_APPLICATION_RATE_MM_PER_HOUR;
  return Math.round((depth / rate) * 600) / 10;
}

/**
 * The zones a start of the whole program waters, in the order it waters them: each zone of its
 * sequences once, manual zones left out, as the runner plans it.
 */
function startZones(program: DeficitProgramInput): ProgramZone[] {
  const ids = [...new Set(program.schedule.sequences.flat())];
  return ids.flatMap((id) => {
    const zone = program.zones.find((candidate) => candidate.id === id);
    return zone && !isManualZone({ id: 0, ...program }, zone) ? [zone] : [];
  });
}

/** The start's decision: each zone the start would water, whether it runs, its depth and minutes. */
export function decideDeficitStart(
  program: DeficitProgramInput,
  balances: ReadonlyMap<number, DeficitZoneBalance>,
  settings: DeficitSettings,
  at: number,
): DeficitDecisionDetail {
  const zones = startZones(program);
  const decisions = deficitProgram(
    zones.map((zone) => {
      const balance = balances.get(zone.id);
      return {
        zoneId: zone.id,
        depletion: balance?.depletion ?? null,
        raw: balance?.raw ?? 0,
        taw: balance?.taw ?? 0,
        minDepth: null,
        maxDepth: zoneMaxDepthMm(zone.setting.applicationRate),
      };
    }),
    settings,
  );
  return {
    action: 'deficit',
    at,
    triggerPercentOfRaw: settings.triggerPercentOfRaw,
    rainAllowance: settings.rainAllowance,
    zones: decisions.map((decision, index) => {
      const rate = zones[index]?.setting.applicationRate;
      const balance = balances.get(decision.zoneId);
      return {
        ...decision,
        raw: balance?.raw ?? 0,
        taw: balance?.taw ?? 0,
        minutes: decision.run ? deficitMinutes(decision.depth, rate) : null,
      };
    }),
  };
}

/** The ids of the zones the decision waters, in order. */
export function deficitRunningZones(detail: DeficitDecisionDetail): number[] {
  return detail.zones.filter((zone) => zone.run).map((zone) => zone.zoneId);
}

const mm = (value: number) => `${value.toFixed(1)} mm`;

function describeZone(zone: DeficitDecisionDetail['zones'][number], label: string): string {
  const depletion = zone.depletion ?? 0;
  // Whole minutes, but a run under ten minutes to the tenth, so a short one does not read "0 min".
  const exact = zone.minutes ?? 0;
  const minutes = `${exact < 10 ? Number(exact.toFixed(1)) : Math.round(exact)} min`;
  switch (zone.reason) {
    case 'refill':
      return `${label} ${mm(depletion)} dry (trigger ${mm(zone.trigger)}): ${minutes}`;
    case 'refill-capped':
      return `${label} ${mm(depletion)} dry (trigger ${mm(zone.trigger)}): ${minutes}, capped at ${mm(zone.depth)}`;
    case 'not-dry-enough':
      return `${label} ${mm(depletion)}, not dry enough`;
    case 'rain-allowance-covers':
      return `${label} ${mm(depletion)}, left for the rain allowance`;
    case 'below-minimum-depth':
      return `${label} ${mm(zone.refill)} to refill, under its minimum`;
    case 'no-balance':
      return `${label} has no water balance`;
  }
}

/**
 * In words: "Watered 2 of 4 zones 06:00 — Block A 24.1 mm dry (trigger 18.0 mm): 42 min; Block B
 * 6.2 mm, not dry enough", or "Skipped 06:00 — no zone dry enough: …" when none runs.
 */
export function describeDeficitDecision(
  detail: DeficitDecisionDetail,
  labels: ReadonlyMap<number, string>,
  timeZone: string,
): string {
  const wall = zonedDateTime(new Date(detail.at), timeZone);
  const time = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  const zones = detail.zones
    .map((zone) => describeZone(zone, labels.get(zone.zoneId) ?? `Zone ${zone.zoneId}`))
    .join('; ');
  const running = deficitRunningZones(detail).length;
  if (detail.zones.length === 0) return `Skipped ${time} — the program has no zone to water`;
  if (running === 0) return `Skipped ${time} — no zone dry enough: ${zones}`;
  return `Watered ${running} of ${detail.zones.length} zones ${time} — ${zones}`;
}

/**
 * The program a deficit start is planned from: each zone that runs waters its refill depth as
 * set (no variation: the depth is already what the soil needs; no repeat: a repeat would water
 * the refilled zone again).
 */
export function deficitRunProgram<P extends DeficitProgramInput>(
  program: P,
  detail: DeficitDecisionDetail,
): P {
  const depths = new Map(detail.zones.filter((zone) => zone.run).map((z) => [z.zoneId, z.depth]));
  return {
    ...program,
    schedule: {
      ...program.schedule,
      variations: program.schedule.variations.map((variation) =>
        depths.has(variation.id) ? { ...variation, variation: 0 } : variation,
      ),
    },
    zones: program.zones.map((zone) => {
      const depth = depths.get(zone.id);
      if (depth === undefined) return zone;
      return { ...zone, setting: { ...zone.setting, depth, variation: 0, repeat: false } };
    }),
  };
}

/**
 * A delayed start's run, planned when it was asked for and decided at its start time: the zones
 * that do not run leave the run, and each that runs waters `minutes` in all, its valves keeping
 * their shares (a control's variation) of the zone's cycle.
 */
export function waterQueuedForDeficit(state: RunState, detail: DeficitDecisionDetail): RunState {
  const minutes = new Map(
    detail.zones.filter((zone) => zone.run).map((zone) => [zone.zoneId, zone.minutes ?? 0]),
  );
  const kept = state.zones.filter((zone) => zone.phase !== 'queued' || minutes.has(zone.id));
  const keptIds = new Set(kept.map((zone) => zone.id));
  return {
    ...state,
    lanes: state.lanes.map((lane) => ({
      ...lane,
      queue: lane.queue.filter((id) => keptIds.has(id)),
    })),
    zones: kept.map((zone) => {
      const wanted = minutes.get(zone.id);
      if (zone.phase !== 'queued' || wanted === undefined) return zone;
      const planned = zone.cycleMs * zone.cycles;
      const factor = planned > 0 ? (wanted * MS_PER_MINUTE) / planned : 0;
      const cycleMs = Math.round(zone.cycleMs * factor);
      return {
        ...zone,
        cycleMs,
        soakMs: soakMsOf(cycleMs, zone.cycles),
        repeatsLeft: 0,
        valves: zone.valves.map((valve) => ({
          ...valve,
          cycleMs: Math.round(valve.cycleMs * factor),
        })),
      };
    }),
  };
}
