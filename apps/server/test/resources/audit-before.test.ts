/**
 * What an audit row keeps of the object as it was (issue 33 items 1 and 3): a change's row holds,
 * beside the fields sent (`after`), those same fields as the object had them (`before`), read by
 * the handler before the change; a delete's row holds the whole object it removed. A change to an
 * alarm's rule is about the thing the rule watches: a fan's start temperature is in that fan's
 * history, its row naming the sensor, not the area of the path.
 */
import { ALARM_TEMPLATES, alarmRuleFromTemplate } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { auditRowsAfter, lastAuditId, type AuditTrailRow } from '../helpers/audit-trail.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** A frost fan of the test farm's frost area: an engine controller tagged frostFan. */
let fanId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [fan] = await t.db
    .insert(schema.sensors)
    .values({
      siteId: t.farm.sites.a.id,
      areaId: t.farm.areas.frost.id,
      type: 'external',
      tags: { identifier: 'frostFan' },
      topics: [{ metric: 'fan.rpm', type: 'analog', lastValue: 0, timestamp: null }],
      label: 'Fan 3',
      serialno: 'FAN-AUDIT-3',
    })
    .returning();
  if (!fan) throw new Error('fan not inserted');
  fanId = fan.id;
});
afterAll(() => t.close());

/** The one row the call wrote. */
async function rowOf(
  call: () => Promise<{ statusCode: number }>,
  status: number,
): Promise<AuditTrailRow> {
  const since = await lastAuditId(t.db);
  const response = await call();
  expect(response.statusCode).toBe(status);
  const rows = await auditRowsAfter(t.db, since);
  expect(rows).toHaveLength(1);
  return rows[0] as AuditTrailRow;
}

const asAdmin = (options: Parameters<TestApp['as']>[1]) => t.as(t.farm.users.admin.id, options);

describe('an alarm rule on a fan', () => {
  const fanRule = (startTemperature: number) => ({
    ...alarmRuleFromTemplate(ALARM_TEMPLATES.fanShouldRun, {
      target: fanId,
      targetType: 'sensor',
      name: 'Fan 3 should run',
    }),
    startTemperature,
  });
  const alarmsUrl = () => `/api/areas/${t.farm.areas.frost.id}/alarms`;
  let alarmId: number;

  it('is created in the fan’s history', async () => {
    const row = await rowOf(async () => {
      const response = await asAdmin({
        method: 'POST',
        url: alarmsUrl(),
        payload: { active: true, rule: fanRule(1.5), notifications: [] },
      });
      alarmId = response.json().id;
      return response;
    }, 201);
    expect(row).toMatchObject({
      kind: 'sensor',
      target_id: fanId,
      area_id: t.farm.areas.frost.id,
      before: null,
    });
  });

  it('keeps the start temperature before and after its change, on the fan', async () => {
    const row = await rowOf(
      () =>
        asAdmin({
          method: 'PUT',
          url: `${alarmsUrl()}/${alarmId}`,
          payload: { rule: fanRule(0.5) },
        }),
      200,
    );
    expect(row).toMatchObject({
      kind: 'sensor',
      target_id: fanId,
      operation: 'PUT /areas/:areaId/alarms/:id',
      before: { rule: { startTemperature: 1.5 } },
      after: { rule: { startTemperature: 0.5 } },
    });
    // Only the fields sent: the rule, as it was, without the alarm's other fields or the rule's id.
    expect(row.before).toEqual({ rule: fanRule(1.5) });
    expect(row.text).toContain('the start temperature of Fan 3 from 1.5 °C to 0.5 °C');
  });

  it('deleted, keeps the whole alarm as it was, on the fan', async () => {
    const row = await rowOf(
      () => asAdmin({ method: 'DELETE', url: `${alarmsUrl()}/${alarmId}` }),
      204,
    );
    expect(row).toMatchObject({
      kind: 'sensor',
      target_id: fanId,
      before: {
        id: alarmId,
        area: t.farm.areas.frost.id,
        label: 'Fan 3 should run',
        rule: { startTemperature: 0.5, target: fanId },
        state: { status: 'normal' },
      },
    });
  });
});

describe('fields sent', () => {
  it('PUT sections/{id}: the old label before, the new after', async () => {
    const zone = t.farm.sections.zone2;
    const row = await rowOf(
      () =>
        asAdmin({
          method: 'PUT',
          url: `/api/sections/${zone.id}`,
          payload: { label: 'Zone 2 north' },
        }),
      200,
    );
    expect(row).toMatchObject({ kind: 'section', target_id: zone.id });
    expect(row.before).toEqual({ label: zone.label });
    expect(row.after).toEqual({ label: 'Zone 2 north' });
    expect(zone.label).not.toBe('Zone 2 north');
  });

  it('PUT sites/{id}/frost-rules: the rules in force before, the new ones after', async () => {
    const siteId = t.farm.sites.a.id;
    const url = `/api/sites/${siteId}/frost-rules`;
    const { rules } = (await asAdmin({ method: 'GET', url })).json();
    const next = {
      ...rules,
      startAtOrBelow: rules.startAtOrBelow - 0.5,
      source: 'Audit test',
    };
    const row = await rowOf(() => asAdmin({ method: 'PUT', url, payload: next }), 200);
    expect(row.before).toEqual(rules);
    expect(row.after).toEqual(next);

    // The second change starts from the first one's rules, not the district's.
    const again = await rowOf(
      () => asAdmin({ method: 'PUT', url, payload: { ...next, stopBy: next.stopBy + 1 } }),
      200,
    );
    expect(again.before).toEqual(next);
  });
});

describe('a delete', () => {
  it('DELETE notes/{id}: the whole note as it was', async () => {
    const areaId = t.farm.areas.irrigation.id;
    const created = await asAdmin({
      method: 'POST',
      url: `/api/areas/${areaId}/notes`,
      payload: { text: 'Filter cleaned' },
    });
    expect(created.statusCode).toBe(201);
    const note = created.json();
    const row = await rowOf(() => asAdmin({ method: 'DELETE', url: `/api/notes/${note.id}` }), 204);
    expect(row).toMatchObject({ kind: 'area', target_id: areaId, after: null });
    expect(row.before).toEqual(note);
    expect(row.before).toMatchObject({ text: 'Filter cleaned', area: areaId });
  });
});
