/**
 * A settled command wakes the run that sent it, found by the run the command names
 * (field_commands.program_run_id), not by looking through every live run. The field link is a
 * fake here: it records what the runner sends and hands the runner settlements the test writes.
 */
import type { RunState } from '@paddock/domain';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandSettled } from '../field/command-link.ts';
import { PROGRAM_RUNNER_QUEUE } from './runner-plan.ts';
import type { startProgramRunner } from './runner-service.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { waitFor } from '../../test/helpers/field.ts';
import {
  fakeCommandLink,
  present,
  startProgramAsManager,
  startRunnerOnFakeLink,
  storedRun,
  type Sent,
} from '../../test/helpers/run-kit.ts';

let testApp: TestApp;
let jobs: PgBoss;
let runner: Awaited<ReturnType<typeof startProgramRunner>>;
const field = fakeCommandLink();
const { sent } = field;

const programId = () => testApp.farm.programs.a.id;

function run(): Promise<RunState> {
  return storedRun(testApp.db, programId());
}

/** A settlement of a command the runner sent, as the field link would announce it. */
function settlementOf(command: Sent, programRunId: number | null): CommandSettled {
  if (!('controls' in command.command)) throw new Error('the runner sends opens and closes only');
  return {
    commandId: command.commandId,
    requestId: command.requestId,
    programRunId,
    siteId: command.siteId,
    serialno: command.serialno,
    action: command.command.action,
    controls: command.command.controls,
    status: 'done',
    reason: null,
  };
}

beforeAll(async () => {
  testApp = await buildTestApp();
  ({ jobs, runner } = await startRunnerOnFakeLink(testApp, field));
});

afterAll(async () => {
  await runner?.close();
  await jobs?.stop({ graceful: false, wait: true });
  await testApp?.close();
});

describe('a settled command', () => {
  it('wakes the run it names, and a command naming no run wakes none', async () => {
    testApp.clock.set(new Date());
    const request = await startProgramAsManager(testApp, programId());
    await present(runner.handlers.program?.start)(request);

    await waitFor('the first commands', () => sent.length > 0);
    // Every command the run sends names it: the program's id keys its run.
    expect(sent.every((command) => command.programRunId === programId())).toBe(true);
    const first = present(sent[0]);
    await waitFor('the run to record the command', async () =>
      (await run()).commands.some((command) => command.commandId === first.commandId),
    );

    const send = vi.spyOn(jobs, 'send');
    const settledJobs = () =>
      send.mock.calls.filter(
        ([queue, data]) =>
          queue === PROGRAM_RUNNER_QUEUE && (data as { kind?: string }).kind === 'settled',
      );
    try {
      // Naming no run, the settlement reaches no run, although this live one awaits the command:
      // nothing looks through the runs for it.
      await field.settle(settlementOf(first, null));
      expect(settledJobs()).toHaveLength(0);
      expect((await run()).commands.some((c) => c.commandId === first.commandId)).toBe(true);

      // Naming the run, it wakes that run, which takes the command as done.
      await field.settle(settlementOf(first, programId()));
      expect(settledJobs().map(([, data]) => data)).toEqual([
        expect.objectContaining({
          kind: 'settled',
          programId: programId(),
          commandId: first.commandId,
        }),
      ]);
      await waitFor('the run to hear the command done', async () =>
        (await run()).commands.every((command) => command.commandId !== first.commandId),
      );
    } finally {
      send.mockRestore();
    }
  });
});
