import {
  COMMAND_GRACE_SECONDS,
  handleRunRequest,
  neverRunProgramStatus,
  type PendingCommand,
  type ProgramStatus,
  type RunSetup,
  type RunState,
  type StepResult,
} from '@paddock/domain';
import { buildProgramZone } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  changedControls,
  changesNothing,
  programView,
  requestFailedStep,
  resendCandidates,
  runCommandOf,
  settledStep,
  statusToShow,
  wakeStep,
  withCommandIds,
  type RunnerJob,
} from './runner-plan.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const TIMEOUT_SECONDS = 30;

/** Program 7: zone 1 with valve 11 on radio R-1; no pumps. */
const SETUP: RunSetup = {
  program: {
    id: 7,
    schedule: { manual: false, attachments: [], sequences: [[1]], variations: [], controls: [] },
    zones: [buildProgramZone({ id: 1 })],
  },
  controls: [{ id: 11, type: 'valve', section: 1, device: { siteId: 1, serialno: 'R-1' } }],
  commandTimeoutSeconds: TIMEOUT_SECONDS,
};

/** The run just started by request 100: valve 11's open sent (ref c0) and unanswered. */
function started(): StepResult & { state: RunState } {
  const result = handleRunRequest(
    null,
    { id: 100, action: 'start', zones: null, startTime: null },
    SETUP,
    NOW,
  );
  if (!result.state) throw new Error('the run did not start');
  return { ...result, state: result.state };
}

function status(overrides: Partial<ProgramStatus> = {}): ProgramStatus {
  return { ...neverRunProgramStatus(), ...overrides };
}

function settled(
  overrides: Partial<Extract<RunnerJob, { kind: 'settled' }>> = {},
): Extract<RunnerJob, { kind: 'settled' }> {
  return {
    kind: 'settled',
    programId: 7,
    commandId: '00000000-0000-4000-8000-000000000001',
    serialno: 'R-1',
    action: 'open',
    controls: [11],
    status: 'done',
    reason: null,
    ...overrides,
  };
}

describe('withCommandIds', () => {
  it('names each new command the step sends, and nothing else', () => {
    const step = started();
    step.state.commands.push({ ...step.state.commands[0], ref: 'c9' } as PendingCommand);
    let next = 0;
    withCommandIds(step, () => `id-${next++}`);
    expect(step.state.commands.map((command) => [command.ref, command.commandId])).toEqual([
      ['c0', 'id-0'],
      // Waited on but not sent by this step: its id is the field link's to give.
      ['c9', null],
    ]);
  });

  it('keeps an id already given', () => {
    const step = started();
    withCommandIds(step, () => 'first');
    withCommandIds(step, () => 'second');
    expect(step.state.commands[0]?.commandId).toBe('first');
  });
});

describe('changesNothing', () => {
  const run = started().state;
  it.each([
    [
      'a step of a run that changed nothing',
      run,
      { state: run, effects: [], nextWakeAt: null },
      true,
    ],
    ['the first step of a program', null, { state: run, effects: [], nextWakeAt: null }, false],
    [
      'a step with effects',
      run,
      { state: run, effects: started().effects, nextWakeAt: null },
      false,
    ],
    [
      'a step that changed the run',
      run,
      { state: { ...run, nextRef: run.nextRef + 1 }, effects: [], nextWakeAt: null },
      false,
    ],
  ] as const)('%s: %s', (_, before, result, expected) => {
    expect(changesNothing(before, result as StepResult)).toBe(expected);
  });
});

describe('resendCandidates', () => {
  const run = started().state;
  const command = { ...(run.commands[0] as PendingCommand), commandId: 'saved-id' };
  const timeoutEnds = command.deadline - COMMAND_GRACE_SECONDS * 1000;
  it.each([
    ['within its command timeout', run.activity, command, timeoutEnds - 1, ['saved-id']],
    ['its command timeout passed', run.activity, command, timeoutEnds, []],
    ['never given an id', run.activity, { ...command, commandId: null }, NOW.getTime(), []],
    ['its run stopped', 'stopped', command, NOW.getTime(), []],
  ] as const)('%s', (_, activity, pending, nowMs, expected) => {
    const state: RunState = { ...run, activity, commands: [pending] };
    expect(resendCandidates(state, nowMs).map((candidate) => candidate.commandId)).toEqual(
      expected,
    );
  });
});

describe('runCommandOf', () => {
  const base = started().state.commands[0] as PendingCommand;
  it.each([
    [
      'an open, with its fail-safe',
      { ...base, action: 'open', durationSeconds: 90 },
      { action: 'open', controls: [11], durationSeconds: 90 },
    ],
    [
      'an open saved without one',
      { ...base, action: 'open', durationSeconds: undefined },
      { action: 'open', controls: [11], durationSeconds: 0 },
    ],
    [
      'a close',
      { ...base, action: 'close', durationSeconds: undefined },
      { action: 'close', controls: [11] },
    ],
  ] as const)('%s', (_, command, expected) => {
    expect(runCommandOf(command as PendingCommand)).toEqual(expected);
  });
});

describe('statusToShow', () => {
  const run = started().state;
  const handled: RunState = { ...run, request: null, handledRequests: [100, 150] };
  it.each([
    ['a request the run has not taken up keeps what the API showed', run, 200, 'pausing', 200],
    ['the run’s own request shows the run', run, 100, 'starting', 100],
    ['a request the run handled shows the run', handled, 150, 'starting', null],
  ] as const)('%s', (_, state, waiting, activity, requestId) => {
    const shown = statusToShow(
      status({ activity: 'pausing', requestActive: true, requestId: waiting }),
      state,
      NOW,
    );
    expect(shown).toMatchObject({ activity, requestId });
  });

  it('shows the run when no request waits', () => {
    expect(statusToShow(status({ requestId: 200 }), run, NOW)).toMatchObject({
      activity: 'starting',
      requestId: 100,
    });
  });
});

describe('programView', () => {
  const zones = SETUP.program.zones;
  it.each([
    [
      'the request it shows',
      100,
      status({ activity: 'stopped', requestActive: false, requestId: 100 }),
    ],
    ['another request', 200, status({ activity: 'starting', requestActive: true, requestId: 100 })],
  ] as const)('a request refused with no run, %s', (_, refused, expected) => {
    const shown = status({ activity: 'starting', requestActive: true, requestId: 100 });
    const result = requestFailedStep(refused, 'no such program')(null, NOW) as StepResult;
    expect(programView({ status: shown, zones }, result, NOW, false)).toEqual({
      status: expected,
      zones,
    });
  });

  it('shows an ended run as the run, whatever request waits', () => {
    const run = started();
    const waiting = status({ activity: 'pausing', requestActive: true, requestId: 200 });
    expect(programView({ status: waiting, zones }, run, NOW, true).status).toMatchObject({
      activity: 'starting',
      requestId: 100,
    });
    expect(programView({ status: waiting, zones }, run, NOW, false).status).toMatchObject({
      activity: 'pausing',
      requestId: 200,
    });
  });
});

describe('changedControls', () => {
  it('lists the controls the step changed, and none when it changed nothing', () => {
    const run = started().state;
    expect(changedControls(null, run).map((control) => control.id)).toEqual([11]);
    expect(changedControls(run, run)).toEqual([]);
  });
});

describe('the step each job asks for', () => {
  const run = started().state;
  const commandId = '00000000-0000-4000-8000-000000000001';
  const waiting: RunState = {
    ...run,
    commands: run.commands.map((command) => ({ ...command, commandId })),
  };
  it.each([
    ['a live run takes the answer it waits on', waiting, settled(), true],
    ['a live run ignores an answer it never awaited', run, settled({ action: 'close' }), false],
    ['an ended run hears an open done', { ...run, activity: 'stopped' }, settled(), true],
    [
      'an ended run ignores a close',
      { ...run, activity: 'stopped' },
      settled({ action: 'close' }),
      false,
    ],
    ['a program that never ran hears nothing', null, settled(), false],
  ] as const)('%s', (_, state, job, steps) => {
    expect(settledStep(job)(state as RunState | null, NOW) !== null).toBe(steps);
  });

  it('wakes only a run there is', () => {
    expect(wakeStep(null, NOW)).toBeNull();
    expect(wakeStep(run, NOW)?.state?.programId).toBe(7);
  });

  it('fails a request it cannot carry out, leaving the run as it is', () => {
    expect(requestFailedStep(300, 'not a program request: stop')(run, NOW)).toEqual({
      state: run,
      effects: [
        {
          kind: 'request',
          requestId: 300,
          status: 'failed',
          reason: 'not a program request: stop',
        },
      ],
      nextWakeAt: null,
    });
  });
});
