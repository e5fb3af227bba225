/**
 * Overdue detection: the test clock ages the farm's last reports past their interval × grace;
 * sweeps flag the devices, record events the events API counts in stats.open, and recover them
 * when they report again.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { OVERDUE_GRACE, startOverdueSweep, sweepOverdue } from './overdue.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { waitFor, quietLog } from '../../test/helpers/field.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

type EventData = {
  events: { type: string; target: number; targetType?: string; message: string; open: boolean }[];
  stats: { open: number };
};

async function areaEvents(areaId: number): Promise<EventData> {
  // A fresh token each time: the tests move the clock past an access token's life.
  const token = await testApp.tokenFor(testApp.farm.users.admin.id);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/areas/${areaId}/events`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<EventData>();
}

async function radio(id: number) {
  const [row] = await testApp.db.select().from(t.radios).where(eq(t.radios.id, id));
  return present(row);
}

async function area(id: number) {
  const [row] = await testApp.db.select().from(t.areas).where(eq(t.areas.id, id));
  return present(row);
}

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/** The farm's radios last reported at 08:50; the clock starts at 09:00 (see the farm). */
const lastReport = new Date('2026-11-21T08:50:00.000Z');
const at = (minutesAfterReport: number) =>
  new Date(lastReport.getTime() + minutesAfterReport * 60_000);

describe('overdue sweep', () => {
  it('leaves devices alone within their interval × grace', async () => {
    // 600 s × 1.5 = 15 minutes.
    expect(OVERDUE_GRACE).toBe(1.5);
    const result = await sweepOverdue(testApp.db, at(14));
    expect(result).toEqual({ overdue: [], recovered: [] });
  });

  it('flags radios past it with an open event in their area, once', async () => {
    const { irrigation } = testApp.farm.areas;
    const { radio1, radio2 } = testApp.farm.radios;
    const openBefore = (await areaEvents(irrigation.id)).stats.open;
    expect((await area(irrigation.id)).hasFaults).toBe(false);

    testApp.clock.set(at(16));
    const result = await sweepOverdue(testApp.db, testApp.clock.now());
    expect(result.overdue).toEqual(
      expect.arrayContaining([
        { kind: 'radio', id: radio1.id },
        { kind: 'radio', id: radio2.id },
      ]),
    );
    // The units have never reported: not commissioned, not overdue.
    expect(result.overdue.filter((device) => device.kind === 'unit')).toEqual([]);

    expect((await radio(radio1.id)).overdue).toBe(true);
    const data = await areaEvents(irrigation.id);
    expect(data.stats.open).toBe(openBefore + 2);
    const radioEvent = data.events.find((event) => event.target === radio1.id && event.open);
    expect(radioEvent).toMatchObject({
      type: 'warning',
      targetType: 'radio',
      message: 'Radio R-1001 overdue: no report for 16 minutes (expected every 10 minutes)',
    });
    const repeaterEvent = data.events.find((event) => event.target === radio2.id && event.open);
    expect(repeaterEvent).toMatchObject({ type: 'warning' });
    expect(present(repeaterEvent).message).toMatch(/^Repeater R-1002 overdue: /);
    expect(await area(irrigation.id)).toMatchObject({ hasFaults: true, status: 'fault' });

    // Sweeping again (or in another process) records nothing more.
    const again = await Promise.all([
      sweepOverdue(testApp.db, testApp.clock.now()),
      sweepOverdue(testApp.db, testApp.clock.now()),
    ]);
    expect(again).toEqual([
      { overdue: [], recovered: [] },
      { overdue: [], recovered: [] },
    ]);
    expect((await areaEvents(irrigation.id)).stats.open).toBe(openBefore + 2);
  });

  it('brings a radio back to normal when it reports again', async () => {
    const { irrigation } = testApp.farm.areas;
    const { radio1, radio2 } = testApp.farm.radios;
    const openBefore = (await areaEvents(irrigation.id)).stats.open;

    // Both report again, as ingest records it.
    testApp.clock.set(at(20));
    await testApp.db
      .update(t.radios)
      .set({ lastUpdate: testApp.clock.now() })
      .where(inArray(t.radios.id, [radio1.id, radio2.id]));
    const result = await sweepOverdue(testApp.db, testApp.clock.now());
    expect(result.recovered).toEqual(
      expect.arrayContaining([
        { kind: 'radio', id: radio1.id },
        { kind: 'radio', id: radio2.id },
      ]),
    );
    expect((await radio(radio1.id)).overdue).toBe(false);

    const data = await areaEvents(irrigation.id);
    expect(data.stats.open).toBe(openBefore - 2);
    const ofRadio1 = data.events.filter((event) => event.target === radio1.id);
    expect(ofRadio1[0]).toMatchObject({
      type: 'info',
      open: false,
      message: 'Radio R-1001 back to normal: reporting again',
    });
    expect(present(ofRadio1.find((event) => event.message.includes(' overdue: '))).open).toBe(
      false,
    );
    expect(await area(irrigation.id)).toMatchObject({ hasFaults: false, status: 'normal' });
  });

  it('flags a unit as an error in each of its areas, and a coordinator as an error', async () => {
    const { irrigation, frost, irrigationB } = testApp.farm.areas;
    const { radioB } = testApp.farm.radios;
    const unit = testApp.farm.units.a;
    await testApp.db
      .update(t.units)
      .set({ lastUpdate: testApp.clock.now(), reportIntervalSeconds: 60 })
      .where(eq(t.units.id, unit.id));
    await testApp.db
      .update(t.radios)
      .set({ config: { repeater: false, coordinator: true, children: [] } })
      .where(eq(t.radios.id, radioB.id));

    // The unit reports every minute: two minutes late is overdue.
    testApp.clock.advance(2 * 60_000);
    const result = await sweepOverdue(testApp.db, testApp.clock.now());
    expect(result.overdue).toEqual([{ kind: 'unit', id: unit.id }]);
    for (const areaId of [irrigation.id, frost.id]) {
      const event = (await areaEvents(areaId)).events.find(
        (e) => e.targetType === 'unit' && e.target === unit.id && e.open,
      );
      expect(event).toMatchObject({ type: 'error' });
      expect(present(event).message).toMatch(/^Unit U-1001 overdue: no report for 2 minutes/);
    }
    expect(await area(frost.id)).toMatchObject({ hasFaults: true, status: 'fault' });

    // R-2001 was flagged as a plain radio; it recovers and goes silent again as a coordinator.
    await testApp.db
      .update(t.radios)
      .set({ lastUpdate: testApp.clock.now() })
      .where(eq(t.radios.id, radioB.id));
    await sweepOverdue(testApp.db, testApp.clock.now());
    testApp.clock.advance(16 * 60_000);
    await sweepOverdue(testApp.db, testApp.clock.now());
    const event = (await areaEvents(irrigationB.id)).events.find(
      (e) => e.target === radioB.id && e.open,
    );
    expect(event).toMatchObject({ type: 'error' });
    expect(present(event).message).toMatch(/^Coordinator R-2001 overdue: /);
  });

  it('runs on its own in a worker', async () => {
    const { radio1 } = testApp.farm.radios;
    expect((await radio(radio1.id)).overdue).toBe(true);
    await testApp.db
      .update(t.radios)
      .set({ lastUpdate: testApp.clock.now() })
      .where(eq(t.radios.id, radio1.id));
    const sweep = startOverdueSweep({
      db: testApp.db,
      clock: testApp.clock,
      log: quietLog,
      intervalMs: 50,
    });
    try {
      await waitFor('radio 1 back', async () => !(await radio(radio1.id)).overdue);
    } finally {
      await sweep.close();
    }
  });
});
