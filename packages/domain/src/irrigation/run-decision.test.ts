import { describe, expect, it } from 'vitest';
import { handleRunRequest } from './runner.ts';
import { scaleQueuedWatering, skipStart, startDueForDecision } from './run-decision.ts';
import { farm, MINUTE, T0 } from './runner-test-kit.ts';

const at = (ms: number) => new Date(ms);

/** A start of the small farm waiting for its start time, ten minutes ahead. */
function delayedStart() {
  const started = handleRunRequest(
    null,
    { id: 5, action: 'start', zones: null, startTime: at(T0 + 10 * MINUTE) },
    farm(),
    at(T0),
  );
  if (!started.state) throw new Error('no run');
  return started.state;
}

describe('startDueForDecision', () => {
  it.each([
    ['before its start time', T0 + 9 * MINUTE, null],
    ['at its start time', T0 + 10 * MINUTE, 5],
    ['after its start time', T0 + 11 * MINUTE, 5],
  ])('a delayed start %s', (_, now, expected) => {
    expect(startDueForDecision(delayedStart(), at(now))).toBe(expected);
  });

  it('no run, a test, or a run under way: nothing to decide', () => {
    expect(startDueForDecision(null, at(T0))).toBeNull();
    const test = handleRunRequest(
      null,
      { id: 6, action: 'test', zones: null, startTime: null },
      farm(),
      at(T0),
    ).state;
    expect(startDueForDecision(test, at(T0))).toBeNull();
    const now = handleRunRequest(
      null,
      { id: 7, action: 'start', zones: null, startTime: null },
      farm(),
      at(T0),
    ).state;
    expect(startDueForDecision(now, at(T0))).toBeNull();
  });
});

describe('skipStart', () => {
  it('calls a waiting delayed start off: stopped, request done with the reason, nothing sent', () => {
    const skipped = skipStart(delayedStart(), 5, 'Skipped 06:00 — rain', at(T0 + 10 * MINUTE));
    expect(skipped.state?.activity).toBe('stopped');
    expect(skipped.effects).toEqual([
      { kind: 'request', requestId: 5, status: 'done', reason: 'Skipped 06:00 — rain' },
    ]);
    expect(skipped.nextWakeAt).toBeNull();
  });

  it('a start now with no run: the request is done, no run is made', () => {
    const skipped = skipStart(null, 9, 'why', at(T0));
    expect(skipped.state).toBeNull();
    expect(skipped.effects).toEqual([
      { kind: 'request', requestId: 9, status: 'done', reason: 'why' },
    ]);
  });
});

describe('scaling', () => {
  it('a start now with factor 0.5 opens each zone for half its time', () => {
    const full = handleRunRequest(
      null,
      { id: 1, action: 'start', zones: null, startTime: null },
      farm(),
      at(T0),
    ).state;
    const half = handleRunRequest(
      null,
      { id: 1, action: 'start', zones: null, startTime: null },
      { ...farm(), factor: 0.5 },
      at(T0),
    ).state;
    expect(half?.zones.map((zone) => zone.cycleMs)).toEqual(
      full?.zones.map((zone) => zone.cycleMs / 2),
    );
  });

  it('a delayed start scales the zones still queued, valves too', () => {
    const scaled = scaleQueuedWatering(delayedStart(), 0.5);
    for (const zone of scaled.zones) {
      expect(zone.cycleMs).toBe(MINUTE / 2);
      expect(zone.valves.every((valve) => valve.cycleMs === MINUTE / 2)).toBe(true);
    }
  });
});
