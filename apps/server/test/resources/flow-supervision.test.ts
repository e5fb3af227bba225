/**
 * Flow supervision (issue 30 item 1): a zone's and a meter's limits over HTTP, learning a zone's
 * flow from its metered runs, and the flow watch (the ingest followup) judging a water meter's
 * readings against the zones open on it: a burst closes the zone through the run and raises
 * "High flow" with both flows, a leak while nothing runs stops the pumps and raises "Unscheduled
 * flow", a mainline break pauses the program, and runs with ±15 % jitter raise nothing. On
 * PGlite, or PostgreSQL with DATABASE_URL.
 */
import {
  ALARM_TEMPLATES,
  meterFlowSchema,
  zoneFlowSchema,
  type ProgramDecisionDetail,
} from '@paddock/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainAllStaged } from '../../src/audit/audit.repository.ts';
import { queryRows } from '../../src/db/client.ts';
import * as s from '../../src/db/schema.ts';
import { recordFollowup, runFollowups } from '../../src/ingest/followups.ts';
import { flowWatchFollowup } from '../../src/irrigation/flow-watch.ts';
import { addSeries, addWaterMeter } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let meterId: number;
let flowSeries: number;
let totalSeries: number;
let valve1Series: number;
let valve2Series: number;
const S = 1000;
const MIN = 60 * S;
const log = { info: () => {}, warn: () => {}, error: () => {} };
/** m³/h of 100 L/min: the zones' designed flow below. */
const M3H_100_LPM = 6;

const shutOffs: { programId: number; zones: number[] }[] = [];
const sent: { controls: number[]; action: string }[] = [];
const followup = () =>
  flowWatchFollowup({
    clock: t.clock,
    log,
    engine: { groupMs: 0 },
    commands: {
      send: async (input) => {
        if (input.command.action === 'close') {
          sent.push({ action: 'close', controls: input.command.controls });
        }
        return crypto.randomUUID();
      },
    },
    shutOff: async (programId, zones) => {
      shutOffs.push({ programId, zones });
    },
  });

/** Stores readings (time relative to now, ms) and runs the followup that hears the meter. */
async function hear(points: { series: number; at: number; value: number }[]) {
  const now = t.clock.now().getTime();
  await t.db
    .insert(s.readings)
    .values(
      points.map((p) => ({ seriesId: p.series, time: new Date(now + p.at), value: p.value })),
    );
  await t.db.transaction((tx) =>
    recordFollowup(tx, {
      sensors: [meterId],
      controls: [],
      radios: [],
      units: [],
      readingsInserted: points.length,
      deadLettered: 0,
    }),
  );
  await runFollowups(t.db, [followup()], log);
}

/** Flow readings every 10 s from `from` to `to` (ms before now), m³/h from `value(at)`. */
function flows(from: number, to: number, value: (at: number) => number) {
  const points = [];
  for (let at = from; at <= to; at += 10 * S)
    points.push({ series: flowSeries, at, value: value(at) });
  return points;
}

async function alarmsOf(template: number) {
  return t.db
    .select({
      target: sql<number>`(${s.alarms.rule}->>'target')::integer`,
      label: s.alarms.label,
      status: s.alarmStates.status,
      raisedValue: s.alarmStates.raisedValue,
    })
    .from(s.alarms)
    .leftJoin(s.alarmStates, eq(s.alarmStates.alarmId, s.alarms.id))
    .where(sql`(${s.alarms.rule}->>'template')::integer = ${template}`);
}

async function alarmEvents() {
  const rows = await t.db
    .select({ message: s.events.message })
    .from(s.events)
    .where(eq(s.events.areaId, t.farm.areas.irrigation.id))
    .orderBy(s.events.id);
  return rows.map((row) => row.message);
}

/** The area's program as its run has it: its activity, and the zones in a cycle. */
async function setRun(activity: 'running' | 'stopped', zonesInCycle: number[]) {
  const programId = t.farm.programs.a.id;
  const [program] = await t.db.select().from(s.programs).where(eq(s.programs.id, programId));
  if (!program) throw new Error('no program');
  await t.db
    .update(s.programs)
    .set({ status: { ...program.status, activity, requestActive: false, requestId: null } })
    .where(eq(s.programs.id, programId));
  const state = { activity, zones: zonesInCycle.map((id) => ({ id, phase: 'cycle' })) };
  await t.db
    .insert(s.programRuns)
    .values({ programId, state })
    .onConflictDoUpdate({ target: s.programRuns.programId, set: { state } });
}

beforeAll(async () => {
  t = await buildTestApp();
  meterId = await addWaterMeter(t.db, t.farm, { label: 'Mainline flow meter', serialno: 'WM-9' });
  const seriesOf = (type: 'sensor' | 'control', id: number, metric: string) =>
    addSeries(t.db, t.farm.sites.a.id, { type, id, metric });
  flowSeries = await seriesOf('sensor', meterId, 'water.flow');
  totalSeries = await seriesOf('sensor', meterId, 'water.total');
  valve1Series = await seriesOf('control', t.farm.controls.valve1.id, 'running');
  valve2Series = await seriesOf('control', t.farm.controls.valve2.id, 'running');
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each test starts on a meter the supervisor has not seen, with no alarms and no readings.

  shutOffs.length = 0;
  sent.length = 0;
  await t.db.delete(s.meterFlows);
  await t.db.delete(s.zoneFlows);
  await t.db.delete(s.programDecisions);
  await t.db.delete(s.requests);
  await t.db.delete(s.events);
  await t.db
    .delete(s.alarms)
    .where(sql`(${s.alarms.rule}->>'template')::integer between 104 and 107`);
  await t.db
    .delete(s.readings)
    .where(inArray(s.readings.seriesId, [flowSeries, totalSeries, valve1Series, valve2Series]));
  await setRun('stopped', []);
  // Both zones designed for 100 L/min, learned an hour from now: the designed flow stands.
  for (const zone of [t.farm.sections.zone1, t.farm.sections.zone2]) {
    await t.db.insert(s.zoneFlows).values({
      sectionId: zone.id,
      siteId: t.farm.sites.a.id,
      designedFlow: 100,
      learnedAt: t.clock.now(),
    });
  }
});

const admin = () => t.farm.users.admin.id;
const zone1 = () => t.farm.sections.zone1.id;

describe('a zone and a meter: limits, designed and learned flow', () => {
  it('gives a zone the defaults until set, and keeps what is set', async () => {
    const url = `/api/sections/${zone1()}/flow`;
    const before = zoneFlowSchema.parse((await t.as(admin(), { method: 'GET', url })).json());
    expect(before).toMatchObject({
      limits: { settleSeconds: 60, highPercent: 30, highDelaySeconds: 60, lowPercent: 50 },
      designedFlow: 100,
      expected: { source: 'designed', flow: 100 },
    });
    const put = await t.as(admin(), {
      method: 'PUT',
      url,
      payload: { limits: { settleSeconds: 20, highPercent: 25 }, designedFlow: 120 },
    });
    expect(put.statusCode).toBe(200);
    expect(zoneFlowSchema.parse(put.json())).toMatchObject({
      limits: { settleSeconds: 20, highPercent: 25, highDelaySeconds: 60 },
      designedFlow: 120,
      expected: { source: 'designed', flow: 120 },
    });
  });

  it('refuses bad limits with the field, and changes nothing', async () => {
    const url = `/api/sections/${zone1()}/flow`;
    for (const [payload, field] of [
      [{ limits: { lowPercent: 120 }, designedFlow: null }, 'limits.lowPercent'],
      [{ limits: { highPercent: -5 }, designedFlow: null }, 'limits.highPercent'],
      [{ limits: { settle: 5 }, designedFlow: null }, 'limits'],
      [{ limits: {}, designedFlow: 'lots' }, 'designedFlow'],
    ] as const) {
      const response = await t.as(admin(), { method: 'PUT', url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const after = zoneFlowSchema.parse((await t.as(admin(), { method: 'GET', url })).json());
    expect(after.designedFlow).toBe(100);
  });

  it('lets a viewer read and not set, and an outsider neither', async () => {
    const url = `/api/sections/${zone1()}/flow`;
    const monitor = t.farm.users.monitor.id;
    expect((await t.as(monitor, { method: 'GET', url })).statusCode).toBe(200);
    const payload = { limits: {}, designedFlow: 50 };
    expect((await t.as(monitor, { method: 'PUT', url, payload })).statusCode).toBe(403);
    const outsider = t.farm.users.outsider.id;
    expect((await t.as(outsider, { method: 'GET', url })).statusCode).toBe(403);
    const meterUrl = `/api/sensors/${meterId}/flow`;
    expect((await t.as(outsider, { method: 'GET', url: meterUrl })).statusCode).toBe(403);
  });

  it('learns a zone’s flow now from its metered runs: the median of three or more', async () => {
    // Three runs of zone 1, 40 min each, at 6, 6.6 and 5.4 m³/h (100, 110, 90 L/min).
    const now = t.clock.now().getTime();
    const runs = [
      { start: -9 * 3_600_000, rate: 6 },
      { start: -6 * 3_600_000, rate: 6.6 },
      { start: -3 * 3_600_000, rate: 5.4 },
    ];
    let total = 1000;
    const totals = [{ series: totalSeries, at: -9 * 3_600_000 - 10 * MIN, value: total }];
    for (const run of runs) {
      totals.push({ series: totalSeries, at: run.start, value: total });
      total += (run.rate * 40) / 60;
      totals.push({ series: totalSeries, at: run.start + 40 * MIN, value: total });
    }
    const valve = runs.flatMap((run) => [
      { series: valve1Series, at: run.start, value: 1 },
      { series: valve1Series, at: run.start + 40 * MIN, value: 0 },
    ]);
    await t.db.insert(s.readings).values(
      [...totals, ...valve].map((p) => ({
        seriesId: p.series,
        time: new Date(now + p.at),
        value: p.value,
      })),
    );
    const response = await t.as(admin(), {
      method: 'POST',
      url: `/api/sections/${zone1()}/flow/learn`,
    });
    expect(response.statusCode).toBe(200);
    const body = zoneFlowSchema.parse(response.json());
    expect(body.learned).toMatchObject({ flow: 100, runs: 3 });
    expect(body.expected).toEqual({ source: 'learned', flow: 100 });
  });

  it('sets a meter’s limits and shows its zones and the largest flow', async () => {
    const url = `/api/sensors/${meterId}/flow`;
    const put = await t.as(admin(), {
      method: 'PUT',
      url,
      payload: { limits: { unscheduledFlow: 8, mainlinePercent: 180 } },
    });
    expect(put.statusCode).toBe(200);
    const body = meterFlowSchema.parse(put.json());
    expect(body.limits).toMatchObject({
      unscheduledFlow: 8,
      unscheduledDelaySeconds: 120,
      mainlinePercent: 180,
    });
    expect(body.largestZoneFlow).toBe(100);
    expect(body.now).toBeNull();
    const notMeter = await t.as(admin(), {
      method: 'GET',
      url: `/api/sensors/${t.farm.sensors.soil.id}/flow`,
    });
    expect(notMeter.statusCode).toBe(400);
  });
});

describe('the flow watch', () => {
  it('closes a burst zone through its run and raises "High flow" with both flows', async () => {
    await setRun('running', [zone1()]);
    // Zone 1 opened 5 min ago; from 4 min ago the meter reads 140 L/min (8.4 m³/h):
    // over its high limit (+30 %), under the mainline's (150 % of the largest zone flow).
    await hear([
      { series: valve1Series, at: -5 * MIN, value: 1 },
      ...flows(-5 * MIN + 10 * S, -4 * MIN - 10 * S, () => M3H_100_LPM),
      ...flows(-4 * MIN, 0, () => 8.4),
    ]);
    expect(shutOffs).toEqual([{ programId: t.farm.programs.a.id, zones: [zone1()] }]);
    const [alarm] = await alarmsOf(ALARM_TEMPLATES.highFlow);
    expect(alarm).toMatchObject({ target: zone1(), status: 'raised', raisedValue: 140 });
    expect(alarm?.label).toBe(`High flow: ${t.farm.sections.zone1.label}`);
    const [decision] = await t.db.select().from(s.programDecisions);
    expect(decision).toMatchObject({ kind: 'shutOff', programId: t.farm.programs.a.id });
    expect(decision?.sentence).toMatch(
      /closed \d\d:\d\d — 140 L\/min against a designed 100 L\/min \(\+40 %\) for 60 s$/,
    );
    expect((decision?.decision as ProgramDecisionDetail).action).toBe('shutOff');
    expect(await alarmEvents()).toEqual(
      expect.arrayContaining([expect.stringContaining('140 L/min against a designed 100 L/min')]),
    );
    // The shut-off is the product's action on the record, naming the zone and why.
    await chainAllStaged(t.db, 0);
    const [audited] = await queryRows<{ actor_id: number | null; kind: string; text: string }>(
      t.db,
      sql`select actor_id, kind, text from audit_trail where operation = 'zone.shutOff'`,
    );
    expect(audited).toMatchObject({ actor_id: null, kind: 'sensor' });
    expect(audited?.text).toBe(
      `Paddock shut off ${t.farm.sections.zone1.label}: ${decision?.sentence}`,
    );
  });

  it('raises once however the readings are split among batches, and keeps its state', async () => {
    await setRun('running', [zone1()]);
    await hear([
      { series: valve1Series, at: -5 * MIN, value: 1 },
      ...flows(-150 * S, -120 * S, () => 8.4),
    ]);
    expect(shutOffs).toHaveLength(0);
    await hear(flows(-110 * S, -60 * S, () => 8.4));
    await hear(flows(-50 * S, 0, () => 8.4));
    expect(shutOffs).toHaveLength(1);
    expect(await alarmsOf(ALARM_TEMPLATES.highFlow)).toHaveLength(1);
    const meter = meterFlowSchema.parse(
      (await t.as(admin(), { method: 'GET', url: `/api/sensors/${meterId}/flow` })).json(),
    );
    expect(meter.now).toMatchObject({ phase: 'high', mainline: 'normal' });
  });

  it('closes a zone no run has under way by command', async () => {
    await hear([
      { series: valve2Series, at: -5 * MIN, value: 1 },
      ...flows(-4 * MIN, 0, () => 8.4),
    ]);
    expect(shutOffs).toHaveLength(0);
    expect(sent).toEqual([{ action: 'close', controls: [t.farm.controls.valve2.id] }]);
  });

  it('stops the pumps on a leak while nothing runs and raises "Unscheduled flow"', async () => {
    // 20 L/min (1.2 m³/h) for 3 minutes with every valve closed.
    await hear([
      { series: valve1Series, at: -30 * MIN, value: 0 },
      ...flows(-3 * MIN, 0, () => 1.2),
    ]);
    expect(sent).toEqual([{ action: 'close', controls: [t.farm.controls.pump.id] }]);
    const [alarm] = await alarmsOf(ALARM_TEMPLATES.unscheduledFlow);
    expect(alarm).toMatchObject({ target: meterId, status: 'raised', raisedValue: 20 });
    expect(await alarmEvents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('20 L/min on Mainline flow meter with no zone running'),
      ]),
    );
  });

  it('pauses the program and stops the pumps on a mainline break', async () => {
    await setRun('running', [zone1()]);
    // Over 150 % of the largest zone flow (100 L/min): 300 L/min (18 m³/h).
    await hear([{ series: valve1Series, at: -5 * MIN, value: 1 }, ...flows(-3 * MIN, 0, () => 18)]);
    const requests = await t.db
      .select({ action: s.requests.action, requestedBy: s.requests.requestedBy })
      .from(s.requests)
      .where(and(eq(s.requests.type, 'program'), eq(s.requests.targetId, t.farm.programs.a.id)));
    expect(requests).toEqual([{ action: 'pause', requestedBy: null }]);
    expect(sent).toContainEqual({ action: 'close', controls: [t.farm.controls.pump.id] });
    // The break is acted on, not a high flow besides: one critical alarm for one burst.
    expect(shutOffs).toHaveLength(0);
    expect(await alarmsOf(ALARM_TEMPLATES.mainlineBreak)).toMatchObject([{ status: 'raised' }]);
    expect(await alarmsOf(ALARM_TEMPLATES.highFlow)).toHaveLength(0);
  });

  it('warns of low flow and lets the zone run', async () => {
    await setRun('running', [zone1()]);
    await hear([
      { series: valve1Series, at: -5 * MIN, value: 1 },
      ...flows(-3 * MIN, 0, () => 1.2),
    ]);
    expect(shutOffs).toHaveLength(0);
    expect(sent).toHaveLength(0);
    expect(await alarmsOf(ALARM_TEMPLATES.lowFlow)).toMatchObject([
      { target: zone1(), status: 'raised' },
    ]);
  });

  it('raises nothing for runs with ±15 % jitter, and clears a zone’s alarm when it runs well', async () => {
    await setRun('running', [zone1()]);
    await hear([
      { series: valve1Series, at: -9 * MIN, value: 1 },
      ...flows(-8 * MIN, -5 * MIN, () => 8.4),
    ]);
    expect(await alarmsOf(ALARM_TEMPLATES.highFlow)).toMatchObject([{ status: 'raised' }]);
    // Zone 1 closes; zones 1 and 2 take turns, 20 runs of 2 min, flow jittering ±15 %.
    let seed = 7;
    const jitter = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return 1 + ((seed / 2_147_483_647) * 2 - 1) * 0.15;
    };
    const points = [{ series: valve1Series, at: -290 * S, value: 0 }];
    for (let run = 0; run < 20; run++) {
      const start = -280 * S + run * 14 * S;
      const series = run % 2 === 0 ? valve1Series : valve2Series;
      points.push({ series, at: start, value: 1 }, { series, at: start + 12 * S, value: 0 });
    }
    // A fast meter (one reading a second) and short settle and delay, so twenty runs fit.
    await t.as(admin(), {
      method: 'PUT',
      url: `/api/sections/${zone1()}/flow`,
      payload: {
        limits: { settleSeconds: 2, highDelaySeconds: 3, lowDelaySeconds: 3 },
        designedFlow: 100,
      },
    });
    await t.as(admin(), {
      method: 'PUT',
      url: `/api/sections/${t.farm.sections.zone2.id}/flow`,
      payload: {
        limits: { settleSeconds: 2, highDelaySeconds: 3, lowDelaySeconds: 3 },
        designedFlow: 100,
      },
    });
    const readings = [];
    for (let at = -280 * S; at < 0; at += S) {
      const inRun = (at + 280 * S) % (14 * S) < 12 * S;
      readings.push({ series: flowSeries, at, value: inRun ? M3H_100_LPM * jitter() : 0 });
    }
    await hear([...points, ...readings]);
    expect(await alarmsOf(ALARM_TEMPLATES.lowFlow)).toHaveLength(0);
    expect(await alarmsOf(ALARM_TEMPLATES.unscheduledFlow)).toHaveLength(0);
    expect(await alarmsOf(ALARM_TEMPLATES.mainlineBreak)).toHaveLength(0);
    // The first burst's alarm cleared when zone 1 next ran within its limits.
    expect(await alarmsOf(ALARM_TEMPLATES.highFlow)).toMatchObject([{ status: 'normal' }]);
    expect(shutOffs).toHaveLength(1);
  });

  it('judges no reading older than ten minutes', async () => {
    await setRun('running', [zone1()]);
    await hear([
      { series: valve1Series, at: -40 * MIN, value: 1 },
      ...flows(-30 * MIN, -12 * MIN, () => 8.4),
    ]);
    expect(shutOffs).toHaveLength(0);
    expect(await alarmsOf(ALARM_TEMPLATES.highFlow)).toHaveLength(0);
  });
});
