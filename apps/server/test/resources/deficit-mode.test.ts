/**
 * Programs that water by need (issue 30 item 4): a program in "water the deficit" mode, at a
 * start of the whole program (now, or at its start time), opens only the zones whose depletion
 * today in GET areas/{id}/water-balance passed the trigger, each for its refill at the zone's
 * application rate, and keeps one 'deficit' decision with the sentence; no zone dry skips the
 * start; a rain skip of its rules comes first; GET programs/{id}/decision tells what it would do.
 * The runner runs on a fake field link that records what it sends. Either engine (DATABASE_URL).
 */
import { deficitMinutes, type ProgramSchedule } from '@paddock/domain';
import { eq } from 'drizzle-orm';
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
import { addEt0Days, setIrrigationSettings } from '../helpers/water-balance-kit.ts';

const DAY = 86_400_000;
const field = fakeCommandLink();

/** Site a is in Auckland: the balance runs on its local dates. */
const localDate = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(at));

/**
 * Zone 1 in 0.1 m of loam (TAW 15 mm, RAW 7.5 mm) dries out in the ten days of 6 mm ET0 before
 * today; zones 2 and 3, rooted 2 m deep (RAW 150 mm), are nowhere near their trigger.
 */
const { testApp, rainSeries } = useDecisionApp(field, async (started) => {
  const tenDays = Array.from({ length: 10 }, (_, i) => localDate(Date.now() - (i + 1) * DAY));
  await addEt0Days(started, Object.fromEntries(tenDays.map((date) => [date, 6])));
  const { sections } = started.farm;
  const deep = { rootDepth: 2 };
  const settings = {
    waterBalance: {
      soil: { fieldCapacity: 0.3, wiltingPoint: 0.15, depletionFraction: 0.5 },
      zones: {
        [sections.zone1.id]: { rootDepth: 0.1 },
        [sections.zone2.id]: deep,
        [sections.zone3.id]: deep,
      },
    },
  };
  await setIrrigationSettings(started, settings);
});

const programId = () => testApp().farm.programs.a.id;
const decisions = () => keptDecisions(testApp());
/** The controls opened so far. */
const opened = () =>
  field.sent.flatMap((sent) => (sent.command.action === 'open' ? sent.command.controls : []));

const deficitMode = { triggerPercentOfRaw: 100, rainAllowance: 0 };

/**
 * Program a as seeded with this schedule's changes, stopped, no run, nothing kept; without its
 * pump, so the first command is the first valve's (the fake link answers nothing).
 */
async function resetProgram(changes: Partial<ProgramSchedule> = {}) {
  await testApp().db.delete(t.readings).where(eq(t.readings.seriesId, rainSeries()));
  const { schedule } = testApp().farm.programs.a;
  await resetProgramA(testApp(), field, { ...schedule, attachments: [], ...changes });
}

/** Zone 1's refill: its TAW, the soil it dried out of, at its application rate. */
function zone1Minutes(): number {
  const zone = present(testApp().farm.programs.a.zones.find((z) => z.id === zone1()));
  return deficitMinutes(15, zone.setting.applicationRate);
}
const zone1 = () => testApp().farm.sections.zone1.id;
const valve1 = () => testApp().farm.controls.valve1.id;

describe('a start in deficit mode', () => {
  beforeEach(() => resetProgram({ deficitMode }));

  it('opens only the dry zone, for its refill, and keeps the decision in words', async () => {
    const requestId = await startProgramANow(testApp());
    await waitFor('the first open', () => opened().length > 0);
    const run = await storedRun(testApp().db, programId());
    expect(run.zones.map((zone) => zone.id)).toEqual([zone1()]);
    expect(run.zones[0]?.cycleMs).toBe(Math.round(zone1Minutes() * 60_000));
    expect(opened()).toEqual([valve1()]);
    const [kept] = await decisions();
    expect(kept).toMatchObject({ kind: 'deficit', requestId });
    expect(kept?.sentence).toMatch(
      /^Watered 1 of 3 zones \d\d:\d\d — Zone 1 15\.0 mm dry \(trigger 7\.5 mm\): \d+ min; Zone 2 [\d.]+ mm, not dry enough; Zone 3 [\d.]+ mm, not dry enough$/,
    );
  });

  it('a delayed start is decided at its start time', async () => {
    await startProgramASoon(testApp());
    await waitFor('the first open', () => opened().length > 0);
    expect(opened()).toEqual([valve1()]);
    const run = await storedRun(testApp().db, programId());
    expect(run.zones.map((zone) => zone.id)).toEqual([zone1()]);
    expect((await decisions()).map((row) => row.kind)).toEqual(['deficit']);
  });

  it('with no zone past its trigger the start is skipped with the reason', async () => {
    await resetProgram({ deficitMode: { triggerPercentOfRaw: 100, rainAllowance: 20 } });
    const requestId = await startProgramANow(testApp());
    await waitFor(
      'the request to end',
      async () => (await requestStatus(testApp().db, requestId)) === 'done',
    );
    expect(field.sent).toEqual([]);
    expect((await programRow(testApp().db, programId())).status.activity).toBe('stopped');
    const [kept] = await decisions();
    expect(kept?.sentence).toMatch(
      /^Skipped \d\d:\d\d — no zone dry enough: Zone 1 15\.0 mm, left for the rain allowance;/,
    );
  });

  it('a rain skip of its rules comes first', async () => {
    await resetProgram({
      deficitMode,
      skipRules: { rain: { atLeastMm: 10 }, maxReadingAgeMinutes: 120 },
    });
    await steadyRain(testApp().db, rainSeries(), 30);
    const requestId = await startProgramANow(testApp());
    await waitFor(
      'the request to end',
      async () => (await requestStatus(testApp().db, requestId)) === 'done',
    );
    expect(field.sent).toEqual([]);
    expect((await decisions()).map((row) => row.kind)).toEqual(['skip']);
  });

  it('a start naming zones runs them as asked', async () => {
    const zone2 = testApp().farm.sections.zone2.id;
    await startProgramANow(testApp(), { zones: [zone2] });
    await waitFor('the first open', () => opened().length > 0);
    expect(opened()).toEqual([testApp().farm.controls.valve2.id]);
    expect(await decisions()).toEqual([]);
  });
});

describe('GET /api/programs/{id}/decision in deficit mode', () => {
  it('tells which zones a start now would water, keeping nothing', async () => {
    await resetProgram({ deficitMode });
    testApp().clock.set(new Date());
    const response = await testApp().as(testApp().farm.users.monitor.id, {
      method: 'GET',
      url: `/api/programs/${programId()}/decision`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ hasRules: false, kind: 'deficit' });
    expect(body.sentence).toMatch(/^Watered 1 of 3 zones/);
    expect(body.deficit.detail.zones.map((zone: { run: boolean }) => zone.run)).toEqual([
      true,
      false,
      false,
    ]);
    expect(await countRows(testApp().db, t.programDecisions)).toBe(0);
    expect(field.sent).toEqual([]);
  });
});

describe('PUT /api/programs/{id} with deficit mode', () => {
  beforeEach(() => resetProgram());
  const put = (mode: unknown) => putProgramASchedule(testApp(), { deficitMode: mode });

  it('saves it with its defaults filled in, and null turns it off', async () => {
    const response = await put({ rainAllowance: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().schedule.deficitMode).toEqual({
      triggerPercentOfRaw: 100,
      rainAllowance: 3,
    });
    expect((await put(null)).json().schedule.deficitMode).toBeNull();
  });

  it.each([
    [{ triggerPercentOfRaw: 0 }, 'schedule.deficitMode.triggerPercentOfRaw'],
    [{ triggerPercentOfRaw: 101 }, 'schedule.deficitMode.triggerPercentOfRaw'],
    [{ rainAllowance: -1 }, 'schedule.deficitMode.rainAllowance'],
    [{ depth: 3 }, 'schedule.deficitMode.depth'],
  ])('400 with the field for %j', async (mode, fieldName) => {
    const response = await put(mode);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: fieldName, location: 'body' });
    expect((await programRow(testApp().db, programId())).schedule.deficitMode).toBeUndefined();
  });
});
