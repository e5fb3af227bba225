import { ALARM_TEMPLATES, alarmRuleFromTemplate, type AlarmRuleInput } from '@paddock/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { addAlarm, soilDryRule } from '../helpers/alarms.ts';
import { itRefusesBadAreas } from '../helpers/list-endpoint.ts';
import { itRefusesANonNumericId, itRefusesEditsWithoutAccess } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** An alarm that has never fired. */
const NEVER_FIRED = {
  status: 'normal',
  raisedAt: null,
  raisedValue: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedVia: null,
  comment: null,
  clearedAt: null,
};

let t: TestApp;
/** An alarm of the irrigation area, seeded directly. */
let seededAlarmId: number;

const soilRule = (overrides: Partial<AlarmRuleInput> = {}): AlarmRuleInput => ({
  ...soilDryRule(t.farm, { name: 'Soil too dry' }),
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const alarm = await addAlarm(t.db, t.farm, {
    rule: { ...soilRule({ name: 'Seeded' }), id: 1 },
    notifications: [t.farm.notifications.emailA.id],
  });
  seededAlarmId = alarm.id;
});
afterAll(() => t.close());

const alarmRows = () => t.db.select().from(schema.alarms).orderBy(asc(schema.alarms.id));
const areaUrl = (areaId: number | string = t.farm.areas.irrigation.id) =>
  `/api/areas/${areaId}/alarms`;

describe('GET /api/areas/{areaId}/alarms', () => {
  it('lists the alarms of the area with threshold and operator from the rule', async () => {
    const response = await t.as(t.farm.users.monitor.id, { method: 'GET', url: areaUrl() });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toEqual({
      id: seededAlarmId,
      area: t.farm.areas.irrigation.id,
      site: t.farm.sites.a.id,
      active: true,
      rule: { ...soilRule({ name: 'Seeded' }), id: 1 },
      notifications: [t.farm.notifications.emailA.id],
      label: 'Seeded',
      threshold: 20,
      operator: 'lessThan',
      state: NEVER_FIRED,
    });
  });

  it('an area without alarms lists none', async () => {
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: areaUrl(t.farm.areas.water.id),
    });
    expect(response.json()).toEqual([]);
  });

  itRefusesBadAreas(() => t, { url: areaUrl, idIn: 'params', idField: 'areaId' });
});

describe('POST /api/areas/{areaId}/alarms', () => {
  it('creates a set-point alarm: the rule gets the alarm id, label is the rule name', async () => {
    const { emailA, smsA } = t.farm.notifications;
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: areaUrl(),
      payload: { active: true, rule: soilRule(), notifications: [emailA.id, smsA.id, emailA.id] },
    });
    expect(response.statusCode).toBe(201);
    const alarm = response.json();
    expect(alarm).toEqual({
      id: expect.any(Number),
      area: t.farm.areas.irrigation.id,
      site: t.farm.sites.a.id,
      active: true,
      rule: { ...soilRule(), id: alarm.id },
      notifications: [emailA.id, smsA.id],
      label: 'Soil too dry',
      threshold: 20,
      operator: 'lessThan',
      state: NEVER_FIRED,
    });
    const [row] = await t.db.select().from(schema.alarms).where(eq(schema.alarms.id, alarm.id));
    expect(row?.rule.id).toBe(alarm.id);
  });

  it.each([
    [
      'any radio overdue on a radio',
      ALARM_TEMPLATES.anyRadioOverdue,
      'radio',
      () => t.farm.radios.radio1.id,
    ],
    [
      'any unit overdue on a unit serving the area',
      ALARM_TEMPLATES.anyUnitOverdue,
      'unit',
      () => t.farm.units.a.id,
    ],
    [
      'a set point on a control',
      ALARM_TEMPLATES.anySetPoint,
      'control',
      () => t.farm.controls.pump.id,
    ],
    [
      'a set point on the area',
      ALARM_TEMPLATES.allSetPoint,
      'area',
      () => t.farm.areas.irrigation.id,
    ],
  ] as const)('creates %s', async (_label, template, targetType, target) => {
    const rule = alarmRuleFromTemplate(template, {
      target: target(),
      targetType,
      threshold: 5,
      path: 'pressure',
    });
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: areaUrl(),
      payload: { active: false, rule, notifications: [] },
    });
    expect(response.statusCode).toBe(201);
    const condition = rule.conditions.all[0];
    expect(response.json()).toMatchObject({
      active: false,
      threshold: condition.value,
      operator: condition.operator,
      rule: { target: target(), targetType, template },
    });
  });

  const withoutThreshold = () => {
    const rule = soilRule();
    const condition: Partial<(typeof rule.conditions.all)[0]> = { ...rule.conditions.all[0] };
    delete condition.value;
    return { ...rule, conditions: { all: [condition, rule.conditions.all[1]] } };
  };

  it.each([
    [
      'a rule without threshold',
      () => ({ rule: withoutThreshold() }),
      'rule.conditions.all.0.value',
    ],
    [
      'a rule without target',
      () => ({ rule: { ...soilRule(), target: undefined } }),
      'rule.target',
    ],
    [
      'an unknown notification id',
      () => ({ notifications: [t.farm.notifications.emailA.id, 99999] }),
      'notifications.1',
    ],
    [
      'a notification of another site',
      () => ({ notifications: [t.farm.notifications.emailB.id] }),
      'notifications.0',
    ],
    [
      'a target of another site',
      () => ({ rule: soilRule({ target: t.farm.sensors.b.id }) }),
      'rule.target',
    ],
    [
      'a target that does not exist',
      () => ({ rule: soilRule({ targetType: 'section', target: 99999 }) }),
      'rule.target',
    ],
    [
      'a radio of another area',
      () => ({ rule: soilRule({ targetType: 'radio', target: t.farm.radios.radioB.id }) }),
      'rule.target',
    ],
    ['an unknown template', () => ({ rule: soilRule({ template: 3 }) }), 'rule.template'],
    [
      'a fan-should-run rule on a sensor that is no frost fan',
      () => ({ rule: soilRule({ template: ALARM_TEMPLATES.fanShouldRun }) }),
      'rule.target',
    ],
    [
      'a start temperature on a set point',
      () => ({ rule: soilRule({ startTemperature: 1 }) }),
      'rule.startTemperature',
    ],
    [
      'a clear value below a lessThan set point',
      () => ({ rule: soilRule({ clearValue: 15 }) }),
      'rule.clearValue',
    ],
    [
      'an unknown operator',
      () => ({
        rule: {
          ...soilRule(),
          conditions: {
            all: [
              { type: 'streamData', path: 'x', operator: 'about', value: 1 },
              { type: 'status' },
            ],
          },
        },
      }),
      'rule.conditions.all.0.operator',
    ],
  ])('400 for %s, and nothing is created', async (_label, overrides, field) => {
    const before = await alarmRows();
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: areaUrl(),
      payload: { active: true, rule: soilRule(), notifications: [], ...overrides() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
    expect(await alarmRows()).toEqual(before);
  });

  it('refuses a clear value on the wrong side of the set point as it refuses any field, and takes one on the safe side', async () => {
    const post = (rule: AlarmRuleInput) =>
      t.as(t.farm.users.manager.id, {
        method: 'POST',
        url: areaUrl(),
        payload: { active: true, rule, notifications: [] },
      });
    const before = await alarmRows();
    // Soil too dry: raised below 20; a clear value of 15 would clear it while still too dry.
    const wrongSide = await post(soilRule({ clearValue: 15 }));
    const otherRefusal = await post(soilRule({ startTemperature: 1 }));
    expect(wrongSide.statusCode).toBe(400);
    expect(wrongSide.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'rule.clearValue: The clear threshold must not be below the set point',
      location: 'body',
      field: 'rule.clearValue',
      reason: 'The clear threshold must not be below the set point',
    });
    expect(Object.keys(wrongSide.json()).sort()).toEqual(Object.keys(otherRefusal.json()).sort());
    expect(await alarmRows()).toEqual(before);

    const safeSide = await post(soilRule({ clearValue: 22 }));
    expect(safeSide.statusCode).toBe(201);
    expect(safeSide.json()).toMatchObject({ rule: { clearValue: 22 } });
  });

  itRefusesEditsWithoutAccess(
    () => t,
    () => ({
      method: 'POST',
      url: areaUrl(),
      payload: { active: true, rule: soilRule(), notifications: [] },
    }),
    alarmRows,
  );

  it('404 for an unknown area', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: areaUrl(99999),
      payload: { active: true, rule: soilRule(), notifications: [] },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/areas/{areaId}/alarms/{id}', () => {
  const url = (areaId = t.farm.areas.irrigation.id, id = seededAlarmId) =>
    `/api/areas/${areaId}/alarms/${id}`;

  it('changes active, rule and notifications; the rule keeps its id', async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: {
        active: false,
        rule: soilRule({ name: 'Soil very dry', severity: 'critical' }),
        notifications: [t.farm.notifications.smsA.id],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: seededAlarmId,
      active: false,
      label: 'Soil very dry',
      rule: { id: 1, name: 'Soil very dry', severity: 'critical' },
      notifications: [t.farm.notifications.smsA.id],
    });
  });

  it('changes only what is given', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: url(),
      payload: { active: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      active: true,
      label: 'Soil very dry',
      notifications: [t.farm.notifications.smsA.id],
    });
  });

  it.each([
    ['an empty body', () => ({}), undefined],
    ['an unknown notification id', () => ({ notifications: [99999] }), 'notifications.0'],
    [
      'a rule without threshold',
      () => ({
        rule: {
          ...soilRule(),
          conditions: {
            all: [{ type: 'streamData', path: 'x', operator: 'equal' }, { type: 'status' }],
          },
        },
      }),
      'rule.conditions.all.0.value',
    ],
    ['another rule id', () => ({ rule: soilRule({ id: 77 }) }), 'rule.id'],
    [
      'a clear value below a lessThan set point',
      () => ({ rule: soilRule({ clearValue: 15 }) }),
      'rule.clearValue',
    ],
    [
      'a target of another area',
      () => ({ rule: soilRule({ targetType: 'control', target: t.farm.controls.valveB.id }) }),
      'rule.target',
    ],
  ])('400 for %s, and nothing changes', async (_label, payload, field) => {
    const before = await alarmRows();
    const response = await t.as(t.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: payload(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ location: 'body', ...(field ? { field } : {}) });
    expect(await alarmRows()).toEqual(before);
  });

  itRefusesEditsWithoutAccess(
    () => t,
    () => ({ method: 'PUT', url: url(), payload: { active: false } }),
    alarmRows,
  );

  it('404 for an unknown alarm, an alarm of another area, or an unknown area', async () => {
    const before = await alarmRows();
    for (const target of [
      url(t.farm.areas.irrigation.id, 99999),
      url(t.farm.areas.frost.id, seededAlarmId),
      url(99999, seededAlarmId),
    ]) {
      const response = await t.as(t.farm.users.admin.id, {
        method: 'PUT',
        url: target,
        payload: { active: false },
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await alarmRows()).toEqual(before);
  });
});

describe('DELETE /api/areas/{areaId}/alarms/{id}', () => {
  const url = (areaId: number, id: number) => `/api/areas/${areaId}/alarms/${id}`;

  it('deletes the alarm', async () => {
    const alarm = await addAlarm(t.db, t.farm, {
      areaId: t.farm.areas.frost.id,
      rule: { ...soilRule(), id: 99 },
      label: 'To delete',
    });
    const response = await t.as(t.farm.users.manager.id, {
      method: 'DELETE',
      url: url(t.farm.areas.frost.id, alarm.id),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await t.db.select().from(schema.alarms).where(eq(schema.alarms.id, alarm.id))).toEqual(
      [],
    );
  });

  itRefusesANonNumericId(
    () => t,
    () => ({
      method: 'DELETE',
      url: `/api/areas/${t.farm.areas.irrigation.id}/alarms/one`,
    }),
  );

  itRefusesEditsWithoutAccess(
    () => t,
    () => ({ method: 'DELETE', url: url(t.farm.areas.irrigation.id, seededAlarmId) }),
    alarmRows,
  );

  it('404 for an alarm of another area or an unknown alarm; nothing is deleted', async () => {
    const before = await alarmRows();
    for (const target of [
      url(t.farm.areas.frost.id, seededAlarmId),
      url(t.farm.areas.irrigation.id, 99999),
    ]) {
      const response = await t.as(t.farm.users.admin.id, { method: 'DELETE', url: target });
      expect(response.statusCode).toBe(404);
    }
    expect(await alarmRows()).toEqual(before);
  });
});
