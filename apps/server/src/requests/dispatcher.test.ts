/**
 * The dispatcher with a registry of handlers: it claims and hands over only the requests its
 * registry has a handler for, leaves any other type or action `new` for a dispatcher that has
 * one, and fails a request whose handler throws.
 */
import type { RequestAction, RequestType } from '@paddock/domain';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import {
  handlerOf,
  startDispatcher,
  type RequestHandler,
  type RequestHandlers,
} from './dispatcher.ts';
import { createRequest, requestById, type RequestRow } from './request.repository.ts';
import { quietLog, waitFor } from '../../test/helpers/field.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let testApp: TestApp;
let running: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterEach(async () => {
  for (const dispatcher of running) await dispatcher.close();
  running = [];
});

afterAll(async () => {
  await testApp?.close();
});

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}

async function record(type: RequestType, action: RequestAction, targetId: number) {
  return createRequest(testApp.db, {
    action,
    type,
    targetId,
    siteId: testApp.farm.sites.a.id,
    requestedBy: testApp.farm.users.admin.id,
    now: testApp.clock.now(),
  });
}

async function statusOf(request: RequestRow) {
  return present(await requestById(testApp.db, request.id)).status;
}

async function dispatch(handlers: RequestHandlers) {
  const dispatcher = await startDispatcher({
    db: testApp.db,
    clock: testApp.clock,
    log: quietLog,
    handlers,
    pollIntervalMs: 20,
  });
  running.push(dispatcher);
  return dispatcher;
}

describe('the registry', () => {
  const ping: RequestHandler = async () => {};
  const start: RequestHandler = async () => {};
  const handlers: RequestHandlers = { radio: { ping }, program: { start } };

  it.each<[RequestType, RequestAction, RequestHandler | null]>([
    ['radio', 'ping', ping],
    ['program', 'start', start],
    ['program', 'pause', null],
    ['control', 'test', null],
    ['site', 'export', null],
  ])('a %s %s goes to its handler, or none', (type, action, expected) => {
    expect(handlerOf(handlers, { type, action })).toBe(expected);
  });
});

describe('the dispatcher', () => {
  it('hands over the requests it has a handler for, once, and leaves the others new', async () => {
    const { radio1 } = testApp.farm.radios;
    const { valve1 } = testApp.farm.controls;
    const ping = await record('radio', 'ping', radio1.id);
    const test = await record('control', 'test', valve1.id);
    const exportRequest = await record('radio', 'export', radio1.id);
    const handed: RequestRow[] = [];
    await dispatch({ radio: { ping: async (request) => void handed.push(request) } });

    await waitFor('the ping', () => handed.length > 0);
    // The claim of one batch took every request it could: the others were not among them.
    expect(handed.map((request) => [request.id, request.status])).toEqual([[ping.id, 'pending']]);
    expect(await statusOf(test)).toBe('new');
    expect(await statusOf(exportRequest)).toBe('new');

    // A dispatcher with the handler takes the one left behind.
    const tests: RequestRow[] = [];
    await dispatch({ control: { test: async (request) => void tests.push(request) } });
    await waitFor('the test', () => tests.length > 0);
    expect(tests.map((request) => request.id)).toEqual([test.id]);
    expect(handed).toHaveLength(1);
    expect(await statusOf(exportRequest)).toBe('new');
  });

  it('claims nothing with an empty registry', async () => {
    const ping = await record('radio', 'ping', testApp.farm.radios.radio2.id);
    await dispatch({});
    // Several polls go by; the request is still waiting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(ping)).toBe('new');
    await dispatch({ radio: { ping: async () => {} } });
    await waitFor('the ping claimed', async () => (await statusOf(ping)) === 'pending');
  });

  it('fails a request whose handler throws', async () => {
    const ping = await record('radio', 'ping', testApp.farm.radios.radio1.id);
    await dispatch({
      radio: {
        ping: async () => {
          throw new Error('the radio is gone');
        },
      },
    });
    await waitFor('the ping failed', async () => (await statusOf(ping)) === 'failed');
  });
});
