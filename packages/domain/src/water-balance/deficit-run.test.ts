import { describe, expect, it } from 'vitest';
import { Field, farm, MINUTE, T0 } from '../irrigation/runner-test-kit.ts';
import { handleRunRequest } from '../irrigation/runner.ts';
import {
  decideDeficitStart,
  deficitMinutes,
  deficitRunningZones,
  deficitRunProgram,
  describeDeficitDecision,
  waterQueuedForDeficit,
  zoneMaxDepthMm,
  type DeficitZoneBalance,
} from './deficit-run.ts';

const SETTINGS = { triggerPercentOfRaw: 100, rainAllowance: 0 };
/** Zone 1 past its RAW of 18 mm, zone 2 under it, zone 3 without a balance; zone 4 is banned. */
const BALANCES = new Map<number, DeficitZoneBalance>([
  [1, { depletion: 24.1, raw: 18, taw: 36 }],
  [2, { depletion: 6.2, raw: 18, taw: 36 }],
]);
const LABELS = new Map([
  [1, 'Block A'],
  [2, 'Block B'],
  [3, 'Block C'],
]);

describe('zone limits and minutes', () => {
  it.each([
    // 48 h at 1 mm/h is 48 mm, under the 200 mm depth limit.
    { rate: 1, max: 48 },
    { rate: 60, max: 200 },
    { rate: undefined, max: 200 },
  ])('at $rate mm/h a run applies at most $max mm', ({ rate, max }) => {
    expect(zoneMaxDepthMm(rate)).toBe(max);
  });

  it.each([
    { depth: 24.1, rate: 60, minutes: 24.1 },
    { depth: 10, rate: 4, minutes: 150 },
    // The default rate is 5 mm/h.
    { depth: 5, rate: undefined, minutes: 60 },
  ])('$depth mm at $rate mm/h takes $minutes min', ({ depth, rate, minutes }) => {
    expect(deficitMinutes(depth, rate)).toBe(minutes);
  });
});

describe('decideDeficitStart', () => {
  it('looks at the zones a whole start waters and runs only the dry one', () => {
    const detail = decideDeficitStart(farm().program, BALANCES, SETTINGS, T0);
    expect(detail.zones.map((zone) => [zone.zoneId, zone.reason, zone.minutes])).toEqual([
      [1, 'refill', 24.1],
      [2, 'not-dry-enough', null],
      [3, 'no-balance', null],
    ]);
    expect(deficitRunningZones(detail)).toEqual([1]);
  });

  it('leaves a manual zone out', () => {
    const program = farm({ zones: { 2: { manual: true } } }).program;
    const detail = decideDeficitStart(program, BALANCES, SETTINGS, T0);
    expect(detail.zones.map((zone) => zone.zoneId)).toEqual([1, 3]);
  });

  it("caps a refill at the zone's longest run", () => {
    const program = farm({ zones: { 1: { applicationRate: 0.5 } } }).program;
    const dry = new Map([[1, { depletion: 30, raw: 10, taw: 40 }]]);
    const [zone] = decideDeficitStart(program, dry, SETTINGS, T0).zones;
    expect(zone).toMatchObject({ reason: 'refill-capped', depth: 24, minutes: 48 * 60 });
  });
});

describe('describeDeficitDecision', () => {
  it('tells which zones water and why the others do not', () => {
    const detail = decideDeficitStart(farm().program, BALANCES, SETTINGS, T0);
    expect(describeDeficitDecision(detail, LABELS, 'Pacific/Auckland')).toBe(
      'Watered 1 of 3 zones 22:00 — Block A 24.1 mm dry (trigger 18.0 mm): 24 min; ' +
        'Block B 6.2 mm, not dry enough; Block C has no water balance',
    );
  });

  it('tells a run under ten minutes to the tenth', () => {
    const fast = farm({ zones: { 1: { applicationRate: 6_000 } } }).program;
    const detail = decideDeficitStart(fast, BALANCES, SETTINGS, T0);
    expect(describeDeficitDecision(detail, LABELS, 'UTC')).toContain(': 0.2 min;');
  });

  it('is a skip when no zone is dry enough', () => {
    const wet = new Map([[1, { depletion: 2, raw: 18, taw: 36 }]]);
    const detail = decideDeficitStart(farm().program, wet, { ...SETTINGS, rainAllowance: 1 }, T0);
    expect(describeDeficitDecision(detail, LABELS, 'UTC')).toBe(
      'Skipped 09:00 — no zone dry enough: Block A 2.0 mm, not dry enough; ' +
        'Block B has no water balance; Block C has no water balance',
    );
  });
});

describe('a deficit run', () => {
  const detail = decideDeficitStart(farm().program, BALANCES, SETTINGS, T0);

  it('opens only the dry zone, for its refill at its rate', () => {
    const setup = farm({ schedule: { variations: [{ id: 1, variation: 50, manual: false }] } });
    const field = new Field({ ...setup, program: deficitRunProgram(setup.program, detail) });
    field.request({ id: 1, action: 'start', zones: deficitRunningZones(detail) });
    field.runUntil();
    const valves = field.intervals.filter((interval) => interval.control !== 20);
    expect(valves.map((interval) => interval.control)).toEqual([11]);
    expect((valves[0]?.to ?? 0) - (valves[0]?.from ?? 0)).toBeCloseTo(24.1 * MINUTE, -3);
  });

  it('takes a delayed start at its start time: the others leave the run', () => {
    const setup = farm();
    const planned = handleRunRequest(
      null,
      { id: 1, action: 'start', zones: null, startTime: new Date(T0 + 10 * MINUTE) },
      setup,
      new Date(T0),
    ).state;
    if (!planned) throw new Error('not planned');
    const decided = waterQueuedForDeficit(planned, detail);
    expect(decided.zones.map((zone) => zone.id)).toEqual([1]);
    expect(decided.lanes.map((lane) => lane.queue)).toEqual([[1], []]);
    expect(decided.zones[0]?.cycleMs).toBe(Math.round(24.1 * MINUTE));
    expect(decided.zones[0]?.valves[0]?.cycleMs).toBe(Math.round(24.1 * MINUTE));
  });
});
