/**
 * The control server takes the burst, blocked and leak faults as it takes the others: each with
 * its target, refused with a 400 naming the field when the input is wrong and a 404 when the
 * target is not on the farm, and taken off by a clear of its kind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startControlServer, type ControlledFarm, type ControlServer } from './control-server.ts';
import { clearedBy, faultTargets } from './device-faults.ts';
import { faultInputSchema, type Fault } from './faults.ts';
import { config } from './testing.ts';

const devices = [
  config('WVC-1', { id: 1 }, [], [{ id: 101, type: 'valve', number: 1, sectionId: 10 }]),
  config(
    'WMR-1',
    { id: 2, type: 'WMR' },
    [{ id: 202, type: 'watermeter', identifier: null, metrics: ['water.flow', 'water.total'] }],
    [],
  ),
].map((deviceConfig) => ({ serialno: deviceConfig.device.serialno, config: deviceConfig }));

/** A farm that keeps faults as the simulator does and aims them with the same target rules. */
function fakeFarm(): ControlledFarm {
  let faults: Fault[] = [];
  return {
    inject(input) {
      const spec = faultInputSchema.parse(input);
      faultTargets(spec, devices);
      const fault: Fault = { ...spec, id: faults.length + 1, injectedAt: '2026-01-15T00:00:00Z' };
      faults.push(fault);
      return fault;
    },
    clear(filter = {}) {
      const cleared = faults.filter((fault) => clearedBy(fault, filter));
      faults = faults.filter((fault) => !cleared.includes(fault));
      return cleared;
    },
    faults: () => faults,
    devices: () => [],
    frostNight: () => [],
    frostNights: () => [],
    clearFrostNight: () => [],
  };
}

let server: ControlServer;

beforeEach(async () => {
  server = await startControlServer(fakeFarm(), { port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await server.close();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('water faults through the control server', () => {
  it('takes a burst and a blocked zone by its section, and a leak by its meter', async () => {
    expect(await call('POST', '/faults', { kind: 'burst', sectionId: 10 })).toMatchObject({
      status: 201,
      body: { fault: { kind: 'burst', sectionId: 10 } },
    });
    expect(await call('POST', '/faults', { kind: 'blocked', sectionId: 10 })).toMatchObject({
      status: 201,
      body: { fault: { kind: 'blocked', sectionId: 10 } },
    });
    expect(await call('POST', '/faults', { kind: 'leak', sensorId: 202 })).toMatchObject({
      status: 201,
      body: { fault: { kind: 'leak', sensorId: 202, flow: 20 } },
    });
    expect(await call('POST', '/faults', { kind: 'leak', sensorId: 202, flow: 45 })).toMatchObject({
      status: 201,
      body: { fault: { flow: 45 } },
    });
  });

  it('clears each by its kind', async () => {
    await call('POST', '/faults', { kind: 'burst', sectionId: 10 });
    await call('POST', '/faults', { kind: 'leak', sensorId: 202 });
    const cleared = await call('DELETE', '/faults?kind=burst');
    expect(cleared).toMatchObject({ status: 200, body: { cleared: [{ kind: 'burst' }] } });
    expect((await call('GET', '/faults')).body.faults).toMatchObject([{ kind: 'leak' }]);
    await call('DELETE', '/faults?kind=leak');
    expect((await call('GET', '/faults')).body.faults).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const refused = async (body: unknown) => {
      const answer = await call('POST', '/faults', body);
      expect(answer.status).toBe(400);
      return String(answer.body.error);
    };
    expect(await refused({ kind: 'burst' })).toMatch(/^sectionId: /);
    expect(await refused({ kind: 'blocked', sectionId: 'ten' })).toMatch(/^sectionId: /);
    expect(await refused({ kind: 'leak' })).toMatch(/^sensorId: /);
    expect(await refused({ kind: 'leak', sensorId: 202, flow: 'lots' })).toMatch(/^flow: /);
    expect(await refused({ kind: 'leak', sensorId: 202, flow: -5 })).toMatch(/^flow: /);
    expect(await refused({ kind: 'burst', sectionId: 10, sensorId: 202 })).toMatch(/sensorId/);
  });

  it('answers 404 for a zone or meter the farm does not have', async () => {
    expect(await call('POST', '/faults', { kind: 'burst', sectionId: 99 })).toEqual({
      status: 404,
      body: { error: 'no zone 99' },
    });
    expect(await call('POST', '/faults', { kind: 'leak', sensorId: 101 })).toEqual({
      status: 404,
      body: { error: 'no water meter 101' },
    });
  });
});
