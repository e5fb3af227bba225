/**
 * Skip rules and the why of every run (issue 30 items 5 and 6): a start is decided by the
 * program's skip rules as it begins (now, or at its start time), from the site's own sensors; a
 * skip leaves the program stopped with the reason kept, a seasonal % scales the zones' run, and
 * GET programs/{id}/decision explains a start without making it. The runner runs on a fake field
 * link that records what it sends. Runs on either engine (DATABASE_URL).
 */
import { cycleMsOf, cyclesOf, zoneRuntimeMs, type ProgramSchedule } from '@paddock/domain';
import { eq, sql } from 'drizzle-orm';
import { chainAllStaged } from '../../src/audit/audit.repository.ts';
import { queryRows } from '../../src/db/client.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import {
  keptDecisions,
  putProgramASchedule,
  resetProgramA,
  startProgramANow,
  startProgramASoon,
  steadyRain,
  useDecisionApp,
} from '../helpers/decision-kit.ts';
import { waitFor } from '../helpers/field.ts';
import {
  fakeCommandLink,
  present,
  programRow,
  requestStatus,
  storedRun,
} from '../helpers/run-kit.ts';
import { countRows } from '../helpers/rows.ts';

const field = fakeCommandLink();
/** `rainSeries`: the rain gauge's series (rain.avg, mm/h) at site a's weather station. */
const { testApp, rainSeries } = useDecisionApp(field);

const programId = () => testApp().farm.programs.a.id;
const manager = () => testApp().farm.users.manager.id;
const decisions = () => keptDecisions(testApp());
const setRain = (mm: number) => steadyRain(testApp().db, rainSeries(), mm);

/** Program a as seeded with these skip rules (none: undefined), stopped, no run, nothing kept. */
async function resetProgram(skipRules?: ProgramSchedule['skipRules']) {
  const { schedule } = testApp().farm.programs.a;
  await resetProgramA(testApp(), field, { ...schedule, ...(skipRules && { skipRules }) });
}

const rainRule = { rain: { atLeastMm: 10 }, maxReadingAgeMinutes: 120 };

describe('a start decided by its skip rules', () => {
  beforeEach(() => resetProgram());

  it('30 mm of rain in the last 24 h skips it: request done, program stopped, reason kept', async () => {
    await resetProgram(rainRule);
    await setRain(30);
    const requestId = await startProgramANow(testApp());
    await waitFor(
      'the request to end',
      async () => (await requestStatus(testApp().db, requestId)) === 'done',
    );
    const program = await programRow(testApp().db, programId());
    expect(program.status.activity).toBe('stopped');
    expect(program.status.requestActive).toBe(false);
    expect(field.sent).toEqual([]);
    const [kept] = await decisions();
    expect(kept).toMatchObject({ kind: 'skip', requestId });
    expect(kept?.sentence).toMatch(
      /^Skipped \d\d:\d\d — 30 mm of rain in the last 24 h at Te Awa station ≥ 10 mm$/,
    );
    const events = await testApp()
      .db.select()
      .from(t.events)
      .where(eq(t.events.targetId, programId()));
    expect(events.map((event) => [event.type, event.message])).toEqual([['info', kept?.sentence]]);
    // The start called off is the product's action on the record, naming the program and why.
    await chainAllStaged(testApp().db, 0);
    const audited = await queryRows<{ actor_id: number | null; target_id: number; text: string }>(
      testApp().db,
      sql`select a.actor_id, a.target_id, a.text, p.name from audit_trail a
            join programs p on p.id = a.target_id
           where a.operation = 'program.skipped' and a.kind = 'program' order by a.id`,
    );
    const last = audited.at(-1) as (typeof audited)[number] & { name: string };
    expect(last).toMatchObject({ actor_id: null, target_id: programId() });
    expect(last.text).toBe(`Paddock called off the start of ${last.name}: ${kept?.sentence}`);
  });

  it('a delayed start is decided at its start time: skipped then, never opened', async () => {
    await resetProgram(rainRule);
    await setRain(30);
    const requestId = await startProgramASoon(testApp());
    await waitFor(
      'the request to end',
      async () => (await requestStatus(testApp().db, requestId)) === 'done',
    );
    expect((await storedRun(testApp().db, programId())).activity).toBe('stopped');
    expect((await programRow(testApp().db, programId())).status.activity).toBe('stopped');
    expect(field.sent).toEqual([]);
    expect((await decisions()).map((row) => row.kind)).toEqual(['skip']);
  });

  it('under the thresholds it runs as before, and the start is kept', async () => {
    await resetProgram(rainRule);
    await setRain(2);
    const requestId = await startProgramANow(testApp());
    await waitFor('the first open', () => field.sent.some((c) => c.command.action === 'open'));
    expect(await requestStatus(testApp().db, requestId)).not.toBe('done');
    const [kept] = await decisions();
    expect(kept).toMatchObject({ kind: 'start', requestId });
    expect(kept?.sentence).toMatch(/^Run \d\d:\d\d — no rule skipped$/);
  });

  it('without skip rules nothing is decided or kept', async () => {
    await setRain(30);
    await startProgramANow(testApp());
    await waitFor('the first open', () => field.sent.some((c) => c.command.action === 'open'));
    expect(await decisions()).toEqual([]);
  });

  it('a seasonal 50 % halves every zone of this run', async () => {
    const percentByMonth = Array.from({ length: 12 }, () => 50);
    await resetProgram({ seasonal: { percentByMonth }, maxReadingAgeMinutes: 60 });
    await startProgramANow(testApp());
    await waitFor('the first open', () => field.sent.some((c) => c.command.action === 'open'));
    const run = await storedRun(testApp().db, programId());
    for (const zone of run.zones) {
      const setting = present(
        testApp().farm.programs.a.zones.find((z) => z.id === zone.id),
      ).setting;
      const full = cycleMsOf(zoneRuntimeMs(setting, 0), cyclesOf(setting));
      expect(Math.abs(zone.cycleMs - full / 2)).toBeLessThanOrEqual(1);
    }
    expect((await decisions()).map((row) => [row.kind, row.sentence.includes('at 50 %')])).toEqual([
      ['scale', true],
    ]);
  });
});

describe('GET /api/programs/{id}/decision and /decisions', () => {
  beforeEach(() => resetProgram(rainRule));
  const get = (userId: number, path: string) => {
    testApp().clock.set(new Date());
    return testApp().as(userId, { method: 'GET', url: `/api/programs/${programId()}/${path}` });
  };

  it('explains what a start now would do without starting it', async () => {
    await setRain(30);
    const response = await get(testApp().farm.users.monitor.id, 'decision');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ hasRules: true, kind: 'skip' });
    expect(body.sentence).toMatch(/^Skipped .* at Te Awa station ≥ 10 mm$/);
    expect(body.detail.inputs.rain24h).toMatchObject({ label: 'Te Awa station' });
    expect(await countRows(testApp().db, t.programDecisions)).toBe(0);
    expect(await countRows(testApp().db, t.requests)).toBe(0);
    expect(field.sent).toEqual([]);
  });

  it('lists kept decisions newest first, a page at a time', async () => {
    await setRain(30);
    for (let i = 0; i < 3; i++) {
      const requestId = await startProgramANow(testApp());
      await waitFor(
        'the skip',
        async () => (await requestStatus(testApp().db, requestId)) === 'done',
      );
    }
    const first = await get(testApp().farm.users.monitor.id, 'decisions?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.decisions).toHaveLength(2);
    expect(page.decisions[0].id).toBeGreaterThan(page.decisions[1].id);
    expect(page.decisions[0].kind).toBe('skip');
    const rest = await get(testApp().farm.users.monitor.id, `decisions?before=${page.nextBefore}`);
    expect(rest.json()).toMatchObject({ nextBefore: null });
    expect(rest.json().decisions).toHaveLength(1);
  });

  it.each([
    ['a user of another site', () => testApp().farm.users.outsider.id],
    ['a member without view', () => testApp().farm.users.nobody.id],
  ])('403 for %s', async (_, who) => {
    expect((await get(who(), 'decision')).statusCode).toBe(403);
    expect((await get(who(), 'decisions')).statusCode).toBe(403);
  });

  it.each([
    ['decisions?limit=0', 'limit'],
    ['decisions?limit=101', 'limit'],
    ['decisions?before=x', 'before'],
  ])('400 for %s', async (path, fieldName) => {
    const response = await get(manager(), path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: fieldName, location: 'querystring' });
  });
});

describe('PUT /api/programs/{id} with skip rules', () => {
  beforeEach(() => resetProgram());
  const put = (skipRules: unknown) => putProgramASchedule(testApp(), { skipRules });

  it('saves them with their defaults filled in', async () => {
    const response = await put({ rain: {}, wind: { aboveKph: 30 } });
    expect(response.statusCode).toBe(200);
    expect(response.json().schedule.skipRules).toEqual({
      rain: { atLeastMm: 10 },
      wind: { aboveKph: 30 },
      maxReadingAgeMinutes: 60,
    });
  });

  it.each([
    [{ rain: { atLeastMm: -1 } }, 'schedule.skipRules.rain.atLeastMm'],
    [{ soilMoisture: { abovePercent: 101 } }, 'schedule.skipRules.soilMoisture.abovePercent'],
    [{ seasonal: { percentByMonth: [100] } }, 'schedule.skipRules.seasonal.percentByMonth'],
    [{ hail: {} }, 'schedule.skipRules.hail'],
  ])('400 with the field for %j', async (skipRules, fieldName) => {
    const response = await put(skipRules);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: fieldName, location: 'body' });
    expect((await programRow(testApp().db, programId())).schedule.skipRules).toBeUndefined();
  });
});
