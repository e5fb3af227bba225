import { actionRequestSchema, controlSchema, type Control } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { controls, requests } from '../../src/db/schema.ts';
import { itListsTheThingsOfAnArea } from '../helpers/list-endpoint.ts';
import { itRefusesReadsOfOneThing } from '../helpers/refusals.ts';
import { countRows } from '../helpers/rows.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** A valve that reports its device status and has been in a program run. */
let reportingValve: typeof controls.$inferSelect;
/** What valve 4's device last reported: stored as such, and presented as such. */
const reportedState = {
  location: '[-39.646,176.845]',
  application: {
    status: 'running',
    startTime: '2026-11-21T08:00:00.000Z',
    exclude: false,
    hasFaults: true,
  },
  topics: [
    { metric: 'fault', type: 'digital', lastValue: 1, timestamp: '2026-11-21T08:55:00.000Z' },
  ],
} satisfies Pick<Control, 'location' | 'application' | 'topics'>;

beforeAll(async () => {
  t = await buildTestApp();
  const [valve] = await t.db
    .insert(controls)
    .values({
      areaId: t.farm.areas.irrigation.id,
      number: 4,
      label: 'Valve 4',
      type: 'valveAddon',
      radioId: t.farm.radios.radio2.id,
      unitId: t.farm.units.a.id,
      sectionId: t.farm.sections.zone3.id,
      ...reportedState,
      startRequested: true,
      isRunning: false,
      modifiedAt: new Date('2026-11-21T08:30:00.000Z'),
    })
    .returning();
  if (!valve) throw new Error('control not inserted');
  reportingValve = valve;
});
afterAll(() => t.close());

const requestCount = () => countRows(t.db, requests);

/** The farm's valve as the API presents it: no program run, no device status reported. */
const presentedValve = (valve: typeof controls.$inferSelect): Control => ({
  id: valve.id,
  number: valve.number,
  label: valve.label,
  type: valve.type,
  radio: valve.radioId,
  unit: null,
  area: valve.areaId,
  section: valve.sectionId,
  location: null,
  application: null,
  topics: [],
  modified: valve.modifiedAt.toISOString(),
});

const presentedReportingValve = (): Control => ({
  id: reportingValve.id,
  number: 4,
  label: 'Valve 4',
  type: 'valveAddon',
  radio: t.farm.radios.radio2.id,
  unit: t.farm.units.a.id,
  area: t.farm.areas.irrigation.id,
  section: t.farm.sections.zone3.id,
  ...reportedState,
  modified: '2026-11-21T08:30:00.000Z',
  startRequested: true,
  isRunning: false,
});

describe('GET /api/controls?area={id}', () => {
  const url = (area: number | string) => `/api/controls?area=${area}`;

  it("returns the area's controls ordered by number", async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(t.farm.areas.irrigation.id),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().map((item: unknown) => controlSchema.parse(item));
    const { valve1, valve2, valve3, pump } = t.farm.controls;
    expect(list).toEqual([
      presentedValve(valve1),
      presentedValve(valve2),
      presentedValve(valve3),
      presentedReportingValve(),
      { ...presentedValve(pump), section: null },
    ]);
    // §4 device status reads presence: an unreported flag is absent, not null.
    expect(response.json()[0]).not.toHaveProperty('startRequested');
    expect(response.json()[0]).not.toHaveProperty('isRunning');
  });

  itListsTheThingsOfAnArea(() => t, {
    things: 'controls',
    url,
    idIn: 'querystring',
    moreInvalid: [['no area', '/api/controls']],
  });
});

describe('GET /api/controls/{id}', () => {
  const url = (id: number | string) => `/api/controls/${id}`;

  it('returns the control', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: url(reportingValve.id),
    });
    expect(response.statusCode).toBe(200);
    expect(controlSchema.parse(response.json())).toEqual(presentedReportingValve());
  });

  it('returns a control of site b to its member', async () => {
    const { valveB } = t.farm.controls;
    const response = await t.as(t.farm.users.outsider.id, { method: 'GET', url: url(valveB.id) });
    expect(response.statusCode).toBe(200);
    expect(controlSchema.parse(response.json())).toEqual(presentedValve(valveB));
  });

  itRefusesReadsOfOneThing(() => t, {
    thing: 'control',
    url,
    id: () => t.farm.controls.valve1.id,
  });
});

describe('POST /api/controls/{id}/test', () => {
  const url = (id: number | string = t.farm.controls.valve1.id) => `/api/controls/${id}/test`;
  const post = (userId: number, payload?: object, id?: number | string) =>
    t.as(userId, { method: 'POST', url: url(id), ...(payload && { payload }) });
  const manager = () => t.farm.users.manager.id;

  beforeEach(async () => {
    await t.db.delete(requests);
  });

  /** A refused call records no request. */
  async function expectRefused(
    call: () => Promise<{ statusCode: number; json: () => Record<string, unknown> }>,
    statusCode: number,
  ) {
    const before = await requestCount();
    const response = await call();
    expect(response.statusCode).toBe(statusCode);
    expect(await requestCount()).toBe(before);
    return response.json();
  }

  it('records a new test request and answers it (202)', async () => {
    t.clock.advance(60_000);
    const response = await post(manager());
    expect(response.statusCode).toBe(202);
    const request = actionRequestSchema.parse(response.json());
    expect(request).toEqual({
      id: request.id,
      action: 'test',
      type: 'control',
      status: 'new',
      target: t.farm.controls.valve1.id,
      created: t.clock.now().toISOString(),
      updated: null,
      waitingForDevice: false,
    });
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row).toMatchObject({
      siteId: t.farm.sites.a.id,
      requestedBy: manager(),
      payload: {},
    });
  });

  it('accepts an empty JSON body', async () => {
    const response = await post(manager(), {});
    expect(response.statusCode).toBe(202);
  });

  it('the same requestId never actuates twice: it reports the request (200)', async () => {
    const first = actionRequestSchema.parse((await post(manager())).json());
    const again = await post(manager(), { requestId: first.id });
    expect(again.statusCode).toBe(200);
    expect(actionRequestSchema.parse(again.json())).toEqual(first);
    expect(await requestCount()).toBe(1);
  });

  it('a follow-up reports the status the field link has reached', async () => {
    const first = actionRequestSchema.parse((await post(manager())).json());
    const updated = new Date('2026-11-21T09:05:00.000Z');
    await t.db
      .update(requests)
      .set({ status: 'done', updatedAt: updated })
      .where(eq(requests.id, first.id));
    const again = await post(manager(), { requestId: first.id });
    expect(again.statusCode).toBe(200);
    expect(actionRequestSchema.parse(again.json())).toEqual({
      ...first,
      status: 'done',
      updated: updated.toISOString(),
    });
  });

  it('409 while an earlier test of the control is still open, and nothing recorded', async () => {
    const first = actionRequestSchema.parse((await post(manager())).json());
    const error = await expectRefused(() => post(manager()), 409);
    expect(error.message).toBe(`Control test request ${first.id} is still being carried out`);
  });

  it('a new test once the earlier one has finished', async () => {
    const first = actionRequestSchema.parse((await post(manager())).json());
    await t.db.update(requests).set({ status: 'failed' }).where(eq(requests.id, first.id));
    const response = await post(manager());
    expect(response.statusCode).toBe(202);
    expect(actionRequestSchema.parse(response.json()).id).not.toBe(first.id);
  });

  it.each([
    ['a non-numeric request id', () => ({ requestId: 'abc' }), 'requestId', undefined],
    [
      'an unknown request id',
      () => ({ requestId: 999_999 }),
      'requestId',
      'not a request of this control',
    ],
  ])('400 for %s, and nothing recorded', async (_why, body, field, reason) => {
    const error = await expectRefused(() => post(manager(), body()), 400);
    expect(error).toMatchObject({ field, location: 'body', ...(reason && { reason }) });
  });

  it("400 for the request id of another control's test", async () => {
    const other = actionRequestSchema.parse(
      (await post(manager(), undefined, t.farm.controls.valve2.id)).json(),
    );
    const error = await expectRefused(() => post(manager(), { requestId: other.id }), 400);
    expect(error).toMatchObject({ field: 'requestId' });
  });

  it('400 for a non-numeric id', async () => {
    const error = await expectRefused(() => post(manager(), undefined, 'abc'), 400);
    expect(error).toMatchObject({ field: 'id', location: 'params' });
  });

  it('401 without a token', async () => {
    await expectRefused(() => t.app.inject({ method: 'POST', url: url() }), 401);
  });

  it.each([
    ['a monitor (no control privilege)', () => t.farm.users.monitor.id],
    ['a member without privileges', () => t.farm.users.nobody.id],
    ['a user of another site', () => t.farm.users.outsider.id],
  ])('403 for %s, and nothing recorded', async (_why, who) => {
    await expectRefused(() => post(who()), 403);
  });

  it('404 for an unknown control', async () => {
    const error = await expectRefused(() => post(manager(), undefined, 999_999), 404);
    expect(error.message).toBe('Control not found');
  });
});

describe('OpenAPI', () => {
  it('documents the program and control calls with their answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/programs/{id}/start'].post.responses)).toEqual(
      expect.arrayContaining(['200', '202']),
    );
    expect(doc.paths['/api/programs/{id}'].put.requestBody).toBeDefined();
    expect(doc.paths['/api/controls/{id}/test'].post.responses['202']).toBeDefined();
    expect(doc.paths['/api/controls'].get.responses['200']).toBeDefined();
  });
});
