import { describe, expect, it } from 'vitest';
import { deficitDecision, deficitProgram, type DeficitZone } from './deficit.ts';

/** RAW 45 mm of a TAW of 90 mm (the loam of bucket.test.ts). */
const zone = (depletion: number | null, limits: Partial<DeficitZone> = {}): DeficitZone => ({
  zoneId: 1,
  depletion,
  raw: 45,
  taw: 90,
  minDepth: null,
  maxDepth: null,
  ...limits,
});

describe('deficitDecision', () => {
  it.each([
    // The trigger is exceeded, not reached: exactly RAW does not run.
    { depletion: 45, percent: 100, allowance: 0, reason: 'not-dry-enough', depth: 0 },
    { depletion: 45.1, percent: 100, allowance: 0, reason: 'refill', depth: 45.1 },
    { depletion: 10, percent: 100, allowance: 0, reason: 'not-dry-enough', depth: 0 },
    // A % of RAW: 50 % of 45 mm is 22.5 mm.
    { depletion: 22.5, percent: 50, allowance: 0, reason: 'not-dry-enough', depth: 0 },
    { depletion: 23, percent: 50, allowance: 0, reason: 'refill', depth: 23 },
    // The rain allowance is left room for.
    { depletion: 50, percent: 100, allowance: 5, reason: 'refill', depth: 45 },
    { depletion: 50, percent: 100, allowance: 50, reason: 'rain-allowance-covers', depth: 0 },
    { depletion: 50, percent: 100, allowance: 60, reason: 'rain-allowance-covers', depth: 0 },
    // A depletion beyond TAW is read as TAW.
    { depletion: 120, percent: 100, allowance: 0, reason: 'refill', depth: 90 },
  ])(
    'Dr $depletion mm, trigger $percent % of RAW, allowance $allowance mm → $reason, $depth mm',
    ({ depletion, percent, allowance, reason, depth }) => {
      const decision = deficitDecision(zone(depletion), {
        triggerPercentOfRaw: percent,
        rainAllowance: allowance,
      });
      expect(decision.reason).toBe(reason);
      expect(decision.run).toBe(depth > 0);
      expect(decision.depth).toBeCloseTo(depth, 10);
    },
  );

  it.each([
    { depletion: 50, min: 10, max: 30, reason: 'refill-capped', depth: 30 },
    { depletion: 50, min: 10, max: 48, reason: 'refill-capped', depth: 48 },
    { depletion: 50, min: 10, max: 50, reason: 'refill', depth: 50 },
    // The minimum is reached, not exceeded: exactly the minimum runs.
    { depletion: 50, min: 40, max: null, reason: 'refill', depth: 40, allowance: 10 },
    { depletion: 50, min: 41, max: null, reason: 'below-minimum-depth', depth: 0, allowance: 10 },
  ])('limits min $min / max $max mm → $reason, $depth mm', (row) => {
    const decision = deficitDecision(
      zone(row.depletion, { minDepth: row.min, maxDepth: row.max }),
      {
        triggerPercentOfRaw: 100,
        rainAllowance: row.allowance ?? 0,
      },
    );
    expect(decision.reason).toBe(row.reason);
    expect(decision.depth).toBe(row.depth);
    expect(decision.trigger).toBe(45);
  });

  it('does not run a zone with no balance', () => {
    expect(deficitDecision(zone(null), { triggerPercentOfRaw: 100, rainAllowance: 0 })).toEqual({
      zoneId: 1,
      depletion: null,
      trigger: 45,
      refill: 0,
      run: false,
      reason: 'no-balance',
      depth: 0,
    });
  });
});

describe('deficitProgram', () => {
  it('runs only the dry zones, each for its own depth', () => {
    const zones: DeficitZone[] = [
      { zoneId: 1, depletion: 12, raw: 30, taw: 60, minDepth: null, maxDepth: null },
      { zoneId: 2, depletion: 40, raw: 30, taw: 60, minDepth: 5, maxDepth: 25 },
      { zoneId: 3, depletion: 33, raw: 30, taw: 60, minDepth: null, maxDepth: null },
      { zoneId: 4, depletion: null, raw: 30, taw: 60, minDepth: null, maxDepth: null },
    ];
    const decisions = deficitProgram(zones, { triggerPercentOfRaw: 100, rainAllowance: 3 });
    expect(decisions.map((d) => [d.zoneId, d.reason, d.depth])).toEqual([
      [1, 'not-dry-enough', 0],
      [2, 'refill-capped', 25],
      [3, 'refill', 30],
      [4, 'no-balance', 0],
    ]);
  });
});
