import {
  neverRunProgramStatus,
  programActionResponseSchema,
  programSchema,
  START_TIME_IN_PAST,
  START_TIME_TOO_FAR,
  type Program,
  type ProgramSchedule,
  type ProgramStatus,
  type ProgramZone,
} from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { programs, requests, sections } from '../../src/db/schema.ts';
import { itListsTheThingsOfAnArea } from '../helpers/list-endpoint.ts';
import { countRows, rowById } from '../helpers/rows.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** A section of the irrigation area that is in no zone of its program. */
let loneSectionId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [lone] = await t.db
    .insert(sections)
    .values({
      areaId: t.farm.areas.irrigation.id,
      number: 4,
      label: 'Zone 4',
      type: 'irrigationZone',
    })
    .returning();
  if (!lone) throw new Error('section not inserted');
  loneSectionId = lone.id;
});
afterAll(() => t.close());

const programA = () => t.farm.programs.a;
const programRow = (id = programA().id) => rowById(t.db, programs, id);
const requestCount = () => countRows(t.db, requests);

/** Puts program a back as the farm seeded it and forgets every request. */
async function resetProgram(status: Partial<ProgramStatus> = {}) {
  const seeded = programA();
  await t.db.delete(requests);
  await t.db
    .update(programs)
    .set({
      name: seeded.name,
      status: { ...seeded.status, ...status },
      schedule: seeded.schedule,
      zones: seeded.zones,
      modifiedAt: seeded.modifiedAt,
    })
    .where(eq(programs.id, seeded.id));
}

/** Sets fields of one zone's application in program a. */
async function setZone(sectionId: number, application: Partial<ProgramZone['application']>) {
  const row = await programRow();
  if (!row) throw new Error('no program');
  await t.db
    .update(programs)
    .set({
      zones: row.zones.map((zone) =>
        zone.id === sectionId
          ? { ...zone, application: { ...zone.application, ...application } }
          : zone,
      ),
    })
    .where(eq(programs.id, row.id));
}

describe('GET /api/programs?area={id}', () => {
  const url = (area: number | string) => `/api/programs?area=${area}`;

  /** The irrigation area's one program as the farm seeded it, never run, written out by hand. */
  const seededProgram = (): Program => {
    const { zone1, zone2, zone3 } = t.farm.sections;
    return {
      id: programA().id,
      name: 'Block A program',
      area: t.farm.areas.irrigation.id,
      status: neverRunProgramStatus(),
      schedule: {
        manual: false,
        attachments: [t.farm.controls.pump.id],
        sequences: [[zone1.id, zone2.id], [zone3.id]],
        variations: [],
        controls: [],
      },
      zones: programA().zones,
      modified: programA().modifiedAt.toISOString(),
    };
  };

  itListsTheThingsOfAnArea(() => t, {
    things: 'programs',
    url,
    idIn: 'querystring',
    moreInvalid: [['no area', '/api/programs']],
    listed: { schema: programSchema, expected: () => [seededProgram()] },
  });
});

describe('PUT /api/programs/{id}', () => {
  const url = (id: number | string = programA().id) => `/api/programs/${id}`;
  const put = (userId: number, payload: unknown, id?: number | string) =>
    t.as(userId, { method: 'PUT', url: url(id), payload: payload as object });
  const schedule = (overrides: Partial<ProgramSchedule> = {}): ProgramSchedule => ({
    ...programA().schedule,
    ...overrides,
  });

  beforeEach(() => resetProgram());

  it('renames the program and bumps modified', async () => {
    t.clock.advance(60_000);
    const response = await put(t.farm.users.manager.id, { name: 'Block A night run' });
    expect(response.statusCode).toBe(200);
    const program = programSchema.parse(response.json());
    expect(program.name).toBe('Block A night run');
    expect(program.modified).toBe(t.clock.now().toISOString());
    expect(program.schedule).toEqual(programA().schedule);
    expect(program.zones).toEqual(programA().zones);
    expect((await programRow())?.name).toBe('Block A night run');
  });

  it('saves a schedule, drops control configs that change nothing and derives banned zones', async () => {
    const { zone1, zone2, zone3 } = t.farm.sections;
    const { valve1, valve2, valve3, pump } = t.farm.controls;
    const kept = {
      manual: true,
      attachments: [pump.id],
      sequences: [[zone2.id], [zone1.id]],
      variations: [{ id: zone1.id, variation: 20, manual: false }],
    };
    const response = await put(t.farm.users.manager.id, {
      schedule: {
        ...kept,
        controls: [
          { id: valve1.id, variation: -10, exclude: false },
          { id: valve2.id, variation: 0, exclude: false },
          { id: valve3.id, variation: 0, exclude: true },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const program = programSchema.parse(response.json());
    // Valve 2's config (no variation, not excluded) changes nothing, so it is not kept.
    expect(program.schedule).toEqual({
      ...kept,
      controls: [
        { id: valve1.id, variation: -10, exclude: false },
        { id: valve3.id, variation: 0, exclude: true },
      ],
    });
    // §4: zone 3 is in no sequence now, so it is banned.
    expect(program.zones.map((zone) => [zone.id, zone.setting.banned])).toEqual([
      [zone1.id, false],
      [zone2.id, false],
      [zone3.id, true],
    ]);
    expect((await programRow())?.schedule).toEqual(program.schedule);
  });

  it('saves zone settings but keeps the run state the field reported', async () => {
    const [zone1, zone2] = programA().zones as [ProgramZone, ProgramZone, ProgramZone];
    const response = await put(t.farm.users.admin.id, {
      zones: [
        {
          ...zone1,
          application: {
            ...zone1.application,
            irrigationType: 'singleSprinklerZone',
            status: 'running',
            cycleCount: 7,
          },
          setting: { ...zone1.setting, depth: 25, cycles: 3, banned: true },
        },
        zone2,
      ],
    });
    expect(response.statusCode).toBe(200);
    const program = programSchema.parse(response.json());
    expect(program.zones).toEqual([
      {
        ...zone1,
        application: { ...zone1.application, irrigationType: 'singleSprinklerZone' },
        setting: { ...zone1.setting, depth: 25, cycles: 3, banned: false },
      },
      zone2,
    ]);
    expect((await programRow())?.zones).toEqual(program.zones);
  });

  it('adds a new zone stopped, whatever run state it is sent with', async () => {
    const zone: ProgramZone = {
      id: loneSectionId,
      application: {
        irrigationType: 'manySprinklerZone',
        status: 'running',
        startTime: '2026-11-21T08:00:00.000Z',
        cycleCount: 2,
      },
      setting: { ...(programA().zones[0] as ProgramZone).setting, id: loneSectionId },
    };
    const response = await put(t.farm.users.manager.id, { zones: [...programA().zones, zone] });
    expect(response.statusCode).toBe(200);
    const added = programSchema.parse(response.json()).zones.at(-1);
    expect(added).toEqual({
      id: loneSectionId,
      application: { irrigationType: 'manySprinklerZone', status: 'stopped', cycleCount: 0 },
      setting: { ...zone.setting, banned: true },
    });
  });

  it('is allowed while the program runs (the change is applied in the field)', async () => {
    await resetProgram({ activity: 'running', startTime: '2026-11-21T08:00:00.000Z' });
    const response = await put(t.farm.users.manager.id, { name: 'Renamed while running' });
    expect(response.statusCode).toBe(200);
    expect(programSchema.parse(response.json()).status.activity).toBe('running');
  });

  describe('400 with the field at fault, and nothing saved', () => {
    const cases: [string, () => unknown, string, string?][] = [
      ['an empty body', () => ({}), '', 'Nothing to update: give name, schedule or zones'],
      ['an empty name', () => ({ name: '' }), 'name'],
      [
        'five sequences (§9 sequences per program 4)',
        () => {
          const { zone1, zone2, zone3 } = t.farm.sections;
          return {
            schedule: schedule({
              sequences: [[zone1.id], [zone2.id], [zone3.id], [loneSectionId], []],
            }),
          };
        },
        'schedule.sequences',
        'A program has at most 4 sequences',
      ],
      [
        'a section of another area in a sequence',
        () => ({
          schedule: schedule({
            sequences: [[t.farm.sections.zone1.id, t.farm.sections.zoneB1.id]],
          }),
        }),
        'schedule.sequences.0.1',
        'not a section of this area',
      ],
      [
        'a section in two sequences',
        () => ({
          schedule: schedule({
            sequences: [[t.farm.sections.zone1.id], [t.farm.sections.zone1.id]],
          }),
        }),
        'schedule.sequences.1.0',
        'already in a sequence',
      ],
      [
        'a valve as a pump attachment',
        () => ({ schedule: schedule({ attachments: [t.farm.controls.valve1.id] }) }),
        'schedule.attachments.0',
        'not a pump of this area',
      ],
      [
        'a pump attached twice',
        () => ({
          schedule: schedule({
            attachments: [t.farm.controls.pump.id, t.farm.controls.pump.id],
          }),
        }),
        'schedule.attachments.1',
        'listed twice',
      ],
      [
        'a variation of a section of another area',
        () => ({
          schedule: schedule({
            variations: [{ id: t.farm.sections.zoneB1.id, variation: 10, manual: false }],
          }),
        }),
        'schedule.variations.0.id',
        'not a section of this area',
      ],
      [
        'a control config of another area',
        () => ({
          schedule: schedule({
            controls: [{ id: t.farm.controls.valveB.id, variation: 10, exclude: false }],
          }),
        }),
        'schedule.controls.0.id',
        'not a control of this area',
      ],
      [
        'a control config without exclude (§8)',
        () => ({
          schedule: { ...schedule(), controls: [{ id: t.farm.controls.valve1.id, variation: 10 }] },
        }),
        'schedule.controls.0.exclude',
        'invalid control configuration',
      ],
      [
        'a control config without variation (§8)',
        () => ({
          schedule: { ...schedule(), controls: [{ id: t.farm.controls.valve1.id, exclude: true }] },
        }),
        'schedule.controls.0.variation',
        'invalid control configuration',
      ],
      [
        'a zone of another area',
        () => {
          const zone = programA().zones[0] as ProgramZone;
          const id = t.farm.sections.zoneB1.id;
          return { zones: [{ ...zone, id, setting: { ...zone.setting, id } }] };
        },
        'zones.0.id',
        'not a section of this area',
      ],
      [
        'a zone setting for another zone',
        () => {
          const [zone1, zone2] = programA().zones as [ProgramZone, ProgramZone];
          return { zones: [{ ...zone1, setting: { ...zone1.setting, id: zone2.id } }] };
        },
        'zones.0.setting.id',
        'must equal the zone id',
      ],
      [
        'a zone listed twice',
        () => ({ zones: [programA().zones[0], programA().zones[0]] }),
        'zones.1.id',
        'listed twice',
      ],
    ];

    it.each(cases)('%s', async (_why, body, field, reason) => {
      const before = await programRow();
      const response = await put(t.farm.users.manager.id, body());
      expect(response.statusCode).toBe(400);
      const error = response.json();
      expect(error).toMatchObject({ statusCode: 400, location: 'body' });
      expect(error.field ?? '').toBe(field);
      if (reason) expect(error.reason).toBe(reason);
      expect(await programRow()).toEqual(before);
    });

    it('a non-numeric id', async () => {
      const response = await put(t.farm.users.manager.id, { name: 'x' }, 'abc');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'id', location: 'params' });
    });
  });

  it('401 without a token', async () => {
    const response = await t.app.inject({ method: 'PUT', url: url(), payload: { name: 'x' } });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a monitor (no program privilege)', () => t.farm.users.monitor.id],
    ['a member without privileges', () => t.farm.users.nobody.id],
    ['a user of another site', () => t.farm.users.outsider.id],
  ])('403 for %s, and nothing saved', async (_why, who) => {
    const before = await programRow();
    const response = await put(who(), { name: 'Not allowed' });
    expect(response.statusCode).toBe(403);
    expect(await programRow()).toEqual(before);
  });

  it('404 for an unknown program', async () => {
    const response = await put(t.farm.users.manager.id, { name: 'x' }, 999_999);
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/programs/{id}/start|resume|pause|test', () => {
  const url = (action: string, id: number | string = programA().id) =>
    `/api/programs/${id}/${action}`;
  const post = (userId: number, action: string, payload?: object, id?: number | string) =>
    t.as(userId, { method: 'POST', url: url(action, id), ...(payload && { payload }) });
  const manager = () => t.farm.users.manager.id;

  beforeEach(() => resetProgram());

  /** A refused call leaves the program as it was and records no request. */
  async function expectRefused(
    call: () => Promise<{ statusCode: number; json: () => { message: string } }>,
    statusCode: number,
    message?: string,
  ) {
    const before = await programRow();
    const requestsBefore = await requestCount();
    const response = await call();
    expect(response.statusCode).toBe(statusCode);
    if (message) expect(response.json().message).toBe(message);
    expect(await programRow()).toEqual(before);
    expect(await requestCount()).toBe(requestsBefore);
    return response;
  }

  it('start records a new request and shows the program starting (202)', async () => {
    t.clock.advance(60_000);
    const { zone1 } = t.farm.sections;
    const startTime = '2026-11-22T05:30:00.000Z';
    const response = await post(manager(), 'start', { startTime, zones: [zone1.id] });
    expect(response.statusCode).toBe(202);
    const answer = programActionResponseSchema.parse(response.json());
    expect(answer.status).toBe('new');

    const [request] = await t.db.select().from(requests).where(eq(requests.id, answer.requestId));
    expect(request).toMatchObject({
      action: 'start',
      type: 'program',
      targetId: programA().id,
      siteId: t.farm.sites.a.id,
      status: 'new',
      payload: { startTime, zones: [zone1.id] },
      requestedBy: manager(),
      createdAt: t.clock.now(),
    });
    const row = await programRow();
    expect(row?.modifiedAt).toEqual(t.clock.now());
    // Zones named: the zone action leaves the program's activity to the field (§4 zone activate).
    expect(row?.status).toEqual({
      ...programA().status,
      requestActive: true,
      requestId: answer.requestId,
    });
  });

  it('start of the whole program (no body) shows it starting', async () => {
    const response = await post(manager(), 'start');
    expect(response.statusCode).toBe(202);
    const { requestId } = programActionResponseSchema.parse(response.json());
    const listed = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/programs?area=${t.farm.areas.irrigation.id}`,
    });
    expect(programSchema.parse(listed.json()[0]).status).toEqual({
      ...programA().status,
      activity: 'starting',
      requestActive: true,
      requestId,
    });
    const [request] = await t.db.select().from(requests).where(eq(requests.id, requestId));
    expect(request?.payload).toEqual({});
  });

  it('start is allowed when a run has ended but still reads running (§4 shown as stopped)', async () => {
    await resetProgram({
      activity: 'running',
      startTime: '2026-11-21T05:00:00.000Z',
      endTime: '2026-11-21T08:00:00.000Z',
    });
    const response = await post(manager(), 'start');
    expect(response.statusCode).toBe(202);
    expect((await programRow())?.status.activity).toBe('starting');
  });

  it('the same requestId never actuates twice: it reports the request (200)', async () => {
    const first = await post(manager(), 'start', { startTime: '2026-11-22T05:30:00.000Z' });
    const { requestId } = programActionResponseSchema.parse(first.json());
    const before = await programRow();
    const again = await post(manager(), 'start', { requestId });
    expect(again.statusCode).toBe(200);
    expect(programActionResponseSchema.parse(again.json())).toEqual({ status: 'new', requestId });
    expect(await requestCount()).toBe(1);
    expect(await programRow()).toEqual(before);
  });

  it('a follow-up reports the status the field link has reached', async () => {
    const first = await post(manager(), 'start');
    const { requestId } = programActionResponseSchema.parse(first.json());
    await t.db.update(requests).set({ status: 'done' }).where(eq(requests.id, requestId));
    const again = await post(manager(), 'start', { requestId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'done', requestId });
  });

  it('resume of a paused program shows it resuming', async () => {
    await resetProgram({ activity: 'paused', startTime: '2026-11-21T08:00:00.000Z' });
    const response = await post(manager(), 'resume');
    expect(response.statusCode).toBe(202);
    expect((await programRow())?.status).toMatchObject({
      activity: 'resuming',
      requestActive: true,
    });
  });

  it('pause of a running program shows it pausing', async () => {
    await resetProgram({ activity: 'running', startTime: '2026-11-21T08:00:00.000Z' });
    const response = await post(manager(), 'pause');
    expect(response.statusCode).toBe(202);
    const [request] = await t.db.select().from(requests);
    expect(request).toMatchObject({ action: 'pause', type: 'program', status: 'new' });
    expect((await programRow())?.status).toMatchObject({
      activity: 'pausing',
      requestActive: true,
      requestId: request?.id,
    });
  });

  it('pause may overtake a start still in flight: stopping water never waits', async () => {
    await post(manager(), 'start');
    const response = await post(manager(), 'pause');
    expect(response.statusCode).toBe(202);
    expect(await requestCount()).toBe(2);
    expect((await programRow())?.status.activity).toBe('pausing');
  });

  it('pause of a program already pausing is taken again (202): the operator can always stop it', async () => {
    // Once 409 "it is pausing": a run that never finished its pause held the program for good.
    await post(manager(), 'start');
    const first = await post(manager(), 'pause');
    expect((await programRow())?.status.activity).toBe('pausing');
    const response = await post(manager(), 'pause');
    expect(response.statusCode).toBe(202);
    const requestId = response.json<{ requestId: number }>().requestId;
    expect(requestId).not.toBe(first.json<{ requestId: number }>().requestId);
    expect(await requestCount()).toBe(3);
    expect((await programRow())?.status).toMatchObject({
      activity: 'pausing',
      requestActive: true,
      requestId,
    });
  });

  it('test of a stopped program records a test request and keeps the activity', async () => {
    const response = await post(t.farm.users.admin.id, 'test');
    expect(response.statusCode).toBe(202);
    const { requestId } = programActionResponseSchema.parse(response.json());
    expect((await programRow())?.status).toEqual({
      ...programA().status,
      requestActive: true,
      requestId,
    });
  });

  it('test of a zone records the zones to test', async () => {
    const { zone2 } = t.farm.sections;
    const response = await post(manager(), 'test', { zones: [zone2.id] });
    expect(response.statusCode).toBe(202);
    const [request] = await t.db.select().from(requests);
    expect(request).toMatchObject({ action: 'test', payload: { zones: [zone2.id] } });
  });

  describe('409 when §4 refuses the transition, and nothing changes', () => {
    const since = '2026-11-21T08:00:00.000Z';
    type Zone = 'zone1' | 'zone2' | 'zone3';
    const refusals: {
      label: string;
      /** Puts the program in the state the call is refused in. */
      arrange?: () => Promise<unknown>;
      /** The zone the call names, and the state it is put in first. */
      zone?: [Zone, Partial<ProgramZone['application']>];
      action: string;
      message: string;
    }[] = [
      {
        label: 'resume of a stopped program',
        action: 'resume',
        message: 'Program cannot resume: it is stopped',
      },
      {
        label: 'start of a program already starting',
        arrange: () => post(manager(), 'start'),
        action: 'start',
        message: 'Program cannot start: it is starting',
      },
      {
        label: 'start of a running program',
        arrange: () => resetProgram({ activity: 'running', startTime: since }),
        action: 'start',
        message: 'Program cannot start: it is running',
      },
      {
        label: 'pause of a stopped program',
        action: 'pause',
        message: 'Program cannot pause: it is stopped',
      },
      {
        label: 'test of a paused program',
        arrange: () => resetProgram({ activity: 'paused' }),
        action: 'test',
        message: 'Program cannot test: it is paused',
      },
      {
        label: 'start of a zone that is running',
        zone: ['zone1', { status: 'running' }],
        action: 'start',
        message: 'Zone "Zone 1" cannot start: it is running',
      },
      {
        label: 'test of a zone that is running (§4 testable: not active)',
        zone: ['zone2', { status: 'running', startTime: since }],
        action: 'test',
        message: 'Zone "Zone 2" cannot test: it is running',
      },
      {
        label: 'test of a valve-scheduled zone (§4 testable: zone-based scheduling)',
        zone: ['zone3', { irrigationType: 'cycleControlledZone' }],
        action: 'test',
        message: 'Zone "Zone 3" cannot test: it is scheduled by valve',
      },
    ];
    it.each(refusals.map((refusal) => [refusal.label, refusal] as const))(
      '%s',
      async (_label, { arrange, zone, action, message }) => {
        await arrange?.();
        let body: { zones: number[] } | undefined;
        if (zone) {
          const [name, state] = zone;
          const sectionId = t.farm.sections[name].id;
          await setZone(sectionId, state);
          body = { zones: [sectionId] };
        }
        await expectRefused(() => post(manager(), action, body), 409, message);
      },
    );

    it('start while a test is still being carried out', async () => {
      const first = await post(manager(), 'test');
      const { requestId } = programActionResponseSchema.parse(first.json());
      await expectRefused(
        () => post(manager(), 'start'),
        409,
        `Program cannot start: request ${requestId} is still being carried out`,
      );
    });
  });

  describe('400 with the field at fault, and nothing changes', () => {
    it.each([
      [
        'a zone of another area',
        () => ({ zones: [t.farm.sections.zoneB1.id] }),
        'zones.0',
        'not a section of this area',
      ],
      [
        'a section that is no zone of the program',
        () => ({ zones: [loneSectionId] }),
        'zones.0',
        'not a zone of this program',
      ],
      [
        'a zone listed twice',
        () => ({ zones: [t.farm.sections.zone1.id, t.farm.sections.zone1.id] }),
        'zones.1',
        'listed twice',
      ],
      ['an empty zone list', () => ({ zones: [] }), 'zones', undefined],
      [
        'a start time that is not ISO-8601',
        () => ({ startTime: 'tomorrow' }),
        'startTime',
        undefined,
      ],
      [
        'a start time more than a minute past',
        () => ({ startTime: new Date(t.clock.now().getTime() - 61_000).toISOString() }),
        'startTime',
        START_TIME_IN_PAST,
      ],
      [
        'a start time more than 7 days ahead',
        () => ({
          startTime: new Date(t.clock.now().getTime() + 7 * 86_400_000 + 1000).toISOString(),
        }),
        'startTime',
        START_TIME_TOO_FAR,
      ],
      [
        'an unknown request id',
        () => ({ requestId: 999_999 }),
        'requestId',
        'not a request of this program',
      ],
    ])('%s', async (_why, body, field, reason) => {
      const response = await expectRefused(() => post(manager(), 'start', body()), 400);
      expect(response.json()).toMatchObject({ field, location: 'body', ...(reason && { reason }) });
    });

    it('a test at a start time past is refused as a start is', async () => {
      const startTime = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
      const response = await expectRefused(() => post(manager(), 'test', { startTime }), 400);
      expect(response.json()).toMatchObject({
        field: 'startTime',
        reason: START_TIME_IN_PAST,
        message: `startTime: ${START_TIME_IN_PAST}`,
      });
    });

    it('the request id of another action', async () => {
      const first = await post(manager(), 'start');
      const { requestId } = programActionResponseSchema.parse(first.json());
      const response = await expectRefused(() => post(manager(), 'pause', { requestId }), 400);
      expect(response.json()).toMatchObject({
        field: 'requestId',
        reason: 'a start request, not pause',
      });
    });

    it("the request id of another program's request", async () => {
      const first = await post(t.farm.users.admin.id, 'start', undefined, t.farm.programs.b.id);
      const { requestId } = programActionResponseSchema.parse(first.json());
      const response = await expectRefused(() => post(manager(), 'start', { requestId }), 400);
      expect(response.json()).toMatchObject({ field: 'requestId' });
      await t.db
        .update(programs)
        .set({ status: t.farm.programs.b.status })
        .where(eq(programs.id, t.farm.programs.b.id));
    });

    it('a non-numeric id', async () => {
      const response = await post(manager(), 'start', undefined, 'abc');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'id', location: 'params' });
    });
  });

  it.each(['start', 'resume', 'pause', 'test'])('401 without a token (%s)', async (action) => {
    await expectRefused(() => t.app.inject({ method: 'POST', url: url(action) }), 401);
  });

  it.each([
    ['a monitor (no program privilege)', () => t.farm.users.monitor.id],
    ['a member without privileges', () => t.farm.users.nobody.id],
    ['a user of another site', () => t.farm.users.outsider.id],
  ])('403 for %s, and nothing changes', async (_why, who) => {
    for (const action of ['start', 'resume', 'pause', 'test']) {
      await expectRefused(() => post(who(), action), 403);
    }
  });

  it('403 comes before following a request up', async () => {
    const first = await post(manager(), 'start');
    const { requestId } = programActionResponseSchema.parse(first.json());
    await expectRefused(() => post(t.farm.users.monitor.id, 'start', { requestId }), 403);
  });

  it('404 for an unknown program', async () => {
    await expectRefused(
      () => post(manager(), 'start', undefined, 999_999),
      404,
      'Program not found',
    );
  });
});
