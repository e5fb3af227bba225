import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProgramSchedule, ProgramZone } from '../entities/program.ts';
import { runStateSchema, type RunState } from './run-state.ts';
import { runProgramStatus } from './run-display.ts';
import type { RunControl, RunSetup } from './run-step.ts';
import { cycleMsOf, cyclesOf, soakMsOf, valveCycleMs, zoneRuntimeMs } from './runtime.ts';
import { farm, Field, MINUTE, R1, R2, T0, TIMEOUT_SECONDS, zoneOf } from './runner-test-kit.ts';

describe('stored state', () => {
  it('survives a JSON round trip through its schema at every step', () => {
    const field = new Field(farm({ zones: { 1: { cycles: 2 } } }));
    field.request({ id: 1, action: 'start' });
    for (let t = T0; t < T0 + 5 * MINUTE; t += 7_000) {
      field.runUntil(t);
      const stored = JSON.parse(JSON.stringify(field.state)) as unknown;
      expect(runStateSchema.parse(stored)).toEqual(field.state);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random programs

type RandomZone = {
  depth: number;
  cycles: number;
  variation: number;
  repeats: number;
  valves: { device: 0 | 1; variation: number }[];
};

const zoneArb: fc.Arbitrary<RandomZone> = fc.record({
  depth: fc.integer({ min: 1, max: 30 }).map((tenths) => tenths / 10),
  cycles: fc.integer({ min: 1, max: 3 }),
  variation: fc.constantFrom(-50, 0, 20),
  repeats: fc.integer({ min: 0, max: 2 }),
  valves: fc.array(
    fc.record({
      device: fc.constantFrom(0 as const, 1 as const),
      variation: fc.constantFrom(0, -30, 40),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});

type RandomProgram = { sequences: RandomZone[][]; pump: boolean; delayMs: number };

const programArb: fc.Arbitrary<RandomProgram> = fc.record({
  sequences: fc.array(fc.array(zoneArb, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 4,
  }),
  pump: fc.boolean(),
  delayMs: fc.integer({ min: 0, max: 3000 }),
});

function randomSetup(program: RandomProgram, repeats = true): RunSetup {
  const zones: ProgramZone[] = [];
  const controls: RunControl[] = [];
  const configs: ProgramSchedule['controls'] = [];
  let section = 0;
  const sequences = program.sequences.map((sequence) =>
    sequence.map((zone) => {
      section += 1;
      zones.push(
        zoneOf(section, {
          depth: zone.depth,
          cycles: zone.cycles,
          variation: zone.variation,
          repeat: repeats && zone.repeats > 0,
          repeatInterval: 0.05,
          repeatCount: repeats ? zone.repeats : 0,
        }),
      );
      zone.valves.forEach((valve, i) => {
        const id = section * 10 + i;
        controls.push({ id, type: 'valve', section, device: valve.device ? R2 : R1 });
        if (valve.variation !== 0) configs.push({ id, variation: valve.variation, exclude: false });
      });
      return section;
    }),
  );
  if (program.pump) controls.push({ id: 1000, type: 'pump', section: null, device: R1 });
  return {
    program: {
      id: 7,
      schedule: {
        manual: false,
        attachments: program.pump ? [1000] : [],
        sequences,
        variations: [],
        controls: configs,
      },
      zones,
    },
    controls,
    commandTimeoutSeconds: TIMEOUT_SECONDS,
  };
}

/** What each valve should water over the whole run: every cycle of every repeat. */
function plannedMs(setup: RunSetup): Map<number, number> {
  const planned = new Map<number, number>();
  for (const zone of setup.program.zones) {
    const cycles = cyclesOf(zone.setting);
    const cycle = cycleMsOf(zoneRuntimeMs(zone.setting), cycles);
    const runs = 1 + (zone.setting.repeat ? zone.setting.repeatCount : 0);
    for (const control of setup.controls.filter((c) => c.section === zone.id)) {
      const variation =
        setup.program.schedule.controls.find((config) => config.id === control.id)?.variation ?? 0;
      planned.set(control.id, runs * cycles * valveCycleMs(cycle, variation));
    }
  }
  return planned;
}

function expectWellRun(field: Field, setup: RunSetup) {
  expect(field.state?.activity).toBe('stopped');
  expect(field.statuses(1).at(-1)).toBe('done');
  for (const [control, planned] of plannedMs(setup)) expect(field.watered(control)).toBe(planned);
  expect(field.openNow()).toEqual([]);

  // Zones of one sequence never overlap: each zone's valves are shut before the next one's open.
  setup.program.schedule.sequences.forEach((sequence) => {
    const spans = field.intervals
      .filter((interval) => sequence.includes(Math.floor(interval.control / 10)))
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++) {
      const [before, after] = [spans[i - 1], spans[i]];
      if (before && after && Math.floor(before.control / 10) !== Math.floor(after.control / 10)) {
        expect(after.from).toBeGreaterThanOrEqual(
          Math.max(...spans.slice(0, i).map((span) => span.to)),
        );
      }
    }
  });

  // Whenever a valve was open, every pump was running.
  const pumps = field.intervals.filter((interval) => interval.control === 1000);
  if (setup.program.schedule.attachments.length > 0) {
    for (const valve of field.intervals.filter((interval) => interval.control !== 1000)) {
      expect(pumps.some((pump) => pump.from <= valve.from && pump.to >= valve.to)).toBe(true);
    }
  }
}

describe('properties of the runner', () => {
  it('waters every valve exactly as planned, sequences never overlapping, pumps covering valves', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const setup = randomSetup(program);
        const field = new Field(setup, program.delayMs);
        field.request({ id: 1, action: 'start' });
        field.runUntil();
        expectWellRun(field, setup);
      }),
      { numRuns: 60 },
    );
  });

  it('takes as long as its longest sequence: the sum of that sequence’s zone runtimes and soaks', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const setup = randomSetup({ ...program, delayMs: 0 }, false);
        const field = new Field(setup, 0);
        field.request({ id: 1, action: 'start' });
        const projected = runProgramStatus(field.state as RunState, new Date(T0)).endTime;
        field.runUntil();
        const zoneMs = (id: number) => {
          const zone = setup.program.zones.find((candidate) => candidate.id === id);
          if (!zone) return 0;
          const cycles = cyclesOf(zone.setting);
          const cycle = cycleMsOf(zoneRuntimeMs(zone.setting), cycles);
          const longest = Math.max(
            ...setup.controls
              .filter((control) => control.section === id)
              .map((control) =>
                valveCycleMs(
                  cycle,
                  setup.program.schedule.controls.find((c) => c.id === control.id)?.variation ?? 0,
                ),
              ),
          );
          return cycles * longest + (cycles - 1) * soakMsOf(cycle, cycles);
        };
        const expected = Math.max(
          ...setup.program.schedule.sequences.map((sequence) =>
            sequence.reduce((sum, id) => sum + zoneMs(id), 0),
          ),
        );
        expect((field.state?.endTime ?? 0) - T0).toBe(expected);
        expect(projected).toBe(new Date(T0 + expected).toISOString());
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the planned watering through a pause and resume at any moment', () => {
    fc.assert(
      fc.property(
        programArb,
        fc.integer({ min: 0, max: 10 * MINUTE }),
        fc.integer({ min: 0, max: 2 * 60 * MINUTE }),
        (program, pauseAfter, pausedFor) => {
          const setup = randomSetup(program);
          const field = new Field(setup, program.delayMs);
          field.request({ id: 1, action: 'start' });
          field.runUntil(T0 + pauseAfter);
          if (field.state?.activity === 'stopped') return;
          field.request({ id: 2, action: 'pause' });
          field.runUntil(T0 + pauseAfter + pausedFor);
          if (field.state?.activity === 'paused') {
            expect(field.openNow()).toEqual([]);
          }
          field.request({ id: 3, action: 'resume' });
          field.runUntil();
          expect(field.state?.activity).toBe('stopped');
          expect(field.statuses(3).at(-1)).toBe('done');
          for (const [control, planned] of plannedMs(setup)) {
            expect(field.watered(control)).toBe(planned);
          }
          expect(field.openNow()).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('always ends, with nothing left open, whichever opens fail or go unanswered', () => {
    fc.assert(
      fc.property(programArb, fc.integer({ min: 2, max: 6 }), (program, every) => {
        const setup = randomSetup(program);
        let opens = 0;
        const field = new Field(setup, program.delayMs, (sent) => {
          if (sent.command.action !== 'open' || sent.ref === null) return 'done';
          opens += 1;
          if (opens % every === 0) return 'failed';
          return opens % (every + 1) === 0 ? 'none' : 'done';
        });
        field.request({ id: 1, action: 'start' });
        field.runUntil();
        expect(field.state?.activity).toBe('stopped');
        expect(['done', 'failed']).toContain(field.statuses(1).at(-1));
        expect(field.openNow()).toEqual([]);
        for (const [control, planned] of plannedMs(setup)) {
          expect(field.watered(control)).toBeLessThanOrEqual(planned);
        }
      }),
      { numRuns: 60 },
    );
  });
});
