/**
 * A worker that dies between saving a program step and sending its commands (issue 19): the
 * step's commands were saved in the run under their ids, so the next worker sends them, under
 * those ids and once. The field link is a fake that records commands by id, as the real one does
 * (a second send of a recorded id sends nothing); a worker that died before sending is a runner
 * whose link never recorded the commands.
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startProgramRunner } from '../../src/irrigation/runner-service.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from '../helpers/field.ts';
import {
  fakeCommandLink,
  present,
  startProgramAsManager,
  startRunnerOnFakeLink,
  storedRun,
} from '../helpers/run-kit.ts';

let testApp: TestApp;
const started: { jobs: PgBoss; runner: Awaited<ReturnType<typeof startProgramRunner>> }[] = [];

const programId = () => testApp.farm.programs.a.id;

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  for (const { jobs, runner } of started) {
    await runner.close();
    await jobs.stop({ graceful: false, wait: true });
  }
  await testApp?.close();
});

describe('commands a dead worker saved and never sent', () => {
  it('are sent by the next worker under their saved ids, once', async () => {
    testApp.clock.set(new Date());
    const first = fakeCommandLink();
    const one = await startRunnerOnFakeLink(testApp, first);
    started.push(one);
    const request = await startProgramAsManager(testApp, programId());
    await present(one.runner.handlers.program?.start)(request);
    await waitFor('the first commands', () => first.sent.length > 0);

    // The run names each command it waits on by the id it was sent under.
    const saved = (await storedRun(testApp.db, programId())).commands;
    expect(saved.length).toBeGreaterThan(0);
    const savedIds = saved.map((command) => command.commandId).sort();
    expect(first.sent.map((command) => command.commandId).sort()).toEqual(savedIds);
    const open = saved.find((command) => command.action === 'open');
    expect(open?.durationSeconds).toBeGreaterThan(0);

    // That worker dies; its link's records are gone with it (it recorded nothing, as a process
    // killed between saving and sending). The next worker wakes every live run at its start.
    await one.runner.close();
    await one.jobs.stop({ graceful: false, wait: true });
    started.splice(started.indexOf(one), 1);
    const second = fakeCommandLink();
    const two = await startRunnerOnFakeLink(testApp, second);
    started.push(two);
    await waitFor('the unsent commands sent again', () => second.sent.length >= saved.length);
    expect(second.sent.map((command) => command.commandId).sort()).toEqual(savedIds);
    const resentOpen = second.sent.find((command) => command.commandId === open?.commandId);
    expect(resentOpen?.command).toEqual({
      action: 'open',
      controls: open?.controls,
      durationSeconds: open?.durationSeconds,
    });

    // Another worker starting (another wake) sends nothing again: the ids are recorded.
    const three = await startRunnerOnFakeLink(testApp, { ...second, link: second.link });
    started.push(three);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(second.sent.length).toBe(saved.length);
  });
});
