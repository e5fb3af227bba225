/**
 * The "water the deficit" program mode (issue 30, item 4): at the program's start, only the zones
 * whose root-zone depletion has passed a trigger run, each for the depth that brings it back to
 * field capacity less what rain is expected to bring, within the zone's limits. Depletion, RAW and
 * TAW come from the bucket (bucket.ts); all depths are mm.
 */

/** A zone as the program sees it at its start. */
export interface DeficitZone {
  readonly zoneId: number;
  /** Today's root-zone depletion Dr (mm); null where the zone has no balance (no soil, no ET0). */
  readonly depletion: number | null;
  /** Readily available water RAW (mm, FAO-56 eq. 83). */
  readonly raw: number;
  /** Total available water TAW (mm, FAO-56 eq. 82). */
  readonly taw: number;
  /** A run shorter than this is not worth making (mm); null for no minimum. */
  readonly minDepth: number | null;
  /** The most one run may apply (mm); null for no cap beyond TAW. */
  readonly maxDepth: number | null;
}

export interface DeficitSettings {
  /**
   * The trigger as a % of RAW: 100 waters when the crop is about to be stressed (FAO-56: Ks < 1
   * once Dr > RAW, eq. 84); less waters earlier, e.g. for a crop that must never be stressed.
   */
  readonly triggerPercentOfRaw: number;
  /** Rain expected before the next start (mm), left room for in the soil rather than watered. */
  readonly rainAllowance: number;
}

/**
 * Why a zone does or does not run. Those that run: `refill` (the whole refill depth) and
 * `refill-capped` (the zone's maximum). Those that do not: `no-balance` (no depletion known),
 * `not-dry-enough` (depletion at or under the trigger), `rain-allowance-covers` (the expected rain
 * is at least the deficit), `below-minimum-depth` (the refill is under the zone's minimum).
 */
export type DeficitReason =
  | 'refill'
  | 'refill-capped'
  | 'no-balance'
  | 'not-dry-enough'
  | 'rain-allowance-covers'
  | 'below-minimum-depth';

interface DeficitDecisionBase {
  readonly zoneId: number;
  readonly depletion: number | null;
  /** The depletion the zone had to pass (mm): triggerPercentOfRaw % of RAW. */
  readonly trigger: number;
  /** The depth that would refill to field capacity less the rain allowance (mm), before limits. */
  readonly refill: number;
}

/** A zone's decision; `run` follows from the reason, so the two cannot disagree. */
export type DeficitDecision =
  | (DeficitDecisionBase & {
      readonly run: true;
      readonly reason: 'refill' | 'refill-capped';
      /** The depth to apply (mm). */
      readonly depth: number;
    })
  | (DeficitDecisionBase & {
      readonly run: false;
      readonly reason: Exclude<DeficitReason, 'refill' | 'refill-capped'>;
      readonly depth: 0;
    });

/**
 * One zone. It runs when its depletion is strictly more than the trigger ("exceeds", as FAO-56
 * has stress start once Dr > RAW), for Dr − allowance, the most it can take back to field
 * capacity with room left for the rain. A refill under the zone's minimum does not run at all
 * rather than at the minimum: raising it would push water past field capacity into deep
 * percolation, and the next start looks again. A refill over the maximum runs at the maximum.
 */
export function deficitDecision(zone: DeficitZone, settings: DeficitSettings): DeficitDecision {
  const trigger = (Math.max(0, settings.triggerPercentOfRaw) / 100) * Math.max(0, zone.raw);
  const base = { zoneId: zone.zoneId, depletion: zone.depletion, trigger };
  if (zone.depletion === null) {
    return { ...base, refill: 0, run: false, reason: 'no-balance', depth: 0 };
  }
  const depletion = Math.min(Math.max(zone.depletion, 0), Math.max(zone.taw, 0));
  const refill = depletion - Math.max(0, settings.rainAllowance);
  if (!(depletion > trigger)) {
    return { ...base, refill: Math.max(0, refill), run: false, reason: 'not-dry-enough', depth: 0 };
  }
  if (refill <= 0) {
    return { ...base, refill: 0, run: false, reason: 'rain-allowance-covers', depth: 0 };
  }
  if (zone.minDepth !== null && refill < zone.minDepth) {
    return { ...base, refill, run: false, reason: 'below-minimum-depth', depth: 0 };
  }
  if (zone.maxDepth !== null && refill > zone.maxDepth) {
    return { ...base, refill, run: true, reason: 'refill-capped', depth: zone.maxDepth };
  }
  return { ...base, refill, run: true, reason: 'refill', depth: refill };
}

/** Every zone of a program, in its order. */
export function deficitProgram(
  zones: readonly DeficitZone[],
  settings: DeficitSettings,
): DeficitDecision[] {
  return zones.map((zone) => deficitDecision(zone, settings));
}
