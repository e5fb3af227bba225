import { describe, expect, it } from 'vitest';
import type { TimedValue } from './compliance.ts';
import { EXPLORER_STEP_MS, explorerNight, explorerStepMs, explorerSteps } from './night-tables.ts';

const MIN = 60_000;
const every = (stepMs: number, count: number, from = 0): TimedValue[] =>
  Array.from({ length: count }, (_, i) => ({ t: from + i * stepMs, v: i }));

describe('the frost explorer report', () => {
  it('steps 10 minutes for minute data, the data’s own for coarser or a compressed night', () => {
    // A night of minute readings.
    expect(explorerStepMs([every(MIN, 600)])).toBe(EXPLORER_STEP_MS);
    // Quarter-hour loggers.
    expect(explorerStepMs([every(15 * MIN, 60)])).toBe(15 * MIN);
    // A simulated night compressed into three minutes, a reading every 3 s.
    expect(explorerStepMs([every(3000, 60)])).toBe(3000);
    expect(explorerStepMs([])).toBe(EXPLORER_STEP_MS);
  });

  it('covers the range when it is one night, else the night the range starts in', () => {
    const night = {
      from: new Date('2026-11-19T23:00:00Z'),
      to: new Date('2026-11-20T23:00:00Z'),
    };
    expect(explorerNight(night, 'Pacific/Auckland')).toEqual(night);
    // Three nights from 06:00 on the 21st (local): the night that began at noon on the 20th.
    expect(
      explorerNight(
        { from: new Date('2026-11-20T17:00:00Z'), to: new Date('2026-11-23T17:00:00Z') },
        'Pacific/Auckland',
      ),
    ).toEqual(night);
  });

  it('counts a fan running in every step its run overlaps, a run still going to the end', () => {
    const steps = explorerSteps({
      night: { from: new Date(0), to: new Date(60 * MIN) },
      stepMs: 10 * MIN,
      canopy: [
        [
          { t: 0, v: 1 },
          { t: 5 * MIN, v: 0 },
        ],
        [
          { t: 1 * MIN, v: 2 },
          { t: 55 * MIN, v: 0 },
        ],
      ],
      tower: [],
      wind: [],
      fans: [
        { label: 'A', runs: [{ start: 12 * MIN, stop: 30 * MIN }] },
        { label: 'B', runs: [{ start: 45 * MIN, stop: null }] },
      ],
      end: 52 * MIN,
    });
    expect(steps.map((step) => step.running.join())).toEqual(['', 'A', 'A', '', 'B', 'B']);
    expect(steps[0]).toMatchObject({ canopyLowest: 0, canopyMean: 1, towerMean: null });
    expect(steps[5]).toMatchObject({ at: new Date(50 * MIN), canopyLowest: 0 });
  });

  it('runs from the step of the first reading to that of the last', () => {
    // A compressed night: three minutes of 3-second readings late in a day-long night.
    const from = 14 * 3_600_000;
    const steps = explorerSteps({
      night: { from: new Date(0), to: new Date(24 * 3_600_000) },
      stepMs: 3000,
      canopy: [every(3000, 60, from + 1000)],
      tower: [],
      wind: [],
      fans: [],
      end: 24 * 3_600_000,
    });
    expect(steps).toHaveLength(60);
    expect(steps[0]?.at).toEqual(new Date(from));
    expect(steps.every((step) => step.canopyMean !== null)).toBe(true);
  });
});
