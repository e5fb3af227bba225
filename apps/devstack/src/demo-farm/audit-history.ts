/**
 * The demo's audit log (issue 33): a few days of changes a newcomer finds on a site's Audit page
 * and in a fan's history — the admin lowering a frost fan's start temperature, support staff
 * under Switch User starting a program, a failed sign-in from an unknown address — written as
 * the server writes its rows (appendAudit: chained and hashed, so verify holds), in words made by
 * the domain's auditText from the same fields.
 */
import { ALARM_TEMPLATES, auditText, type AlarmRule } from '@paddock/domain';
import { DEMO_ACCOUNTS } from '@paddock/domain/demo';
import { appendAudit, schema as t, type Transaction } from '@paddock/server';
import { eq } from 'drizzle-orm';
import type { DemoFarmSeeded } from './support.ts';
import { minutesAgo } from './support.ts';

type Accounts = Record<(typeof DEMO_ACCOUNTS)[number]['key'], { id: number }>;

const nameOf = (key: keyof Accounts) => {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
  return account ? `${account.firstName} ${account.lastName}` : key;
};

/** The office's address and a stranger's, from the documentation ranges (RFC 5737). */
const OFFICE = '203.0.113.24';
const STRANGER = '198.51.100.77';

export async function seedDemoAuditHistory(
  tx: Transaction,
  sites: DemoFarmSeeded['sites'],
  accounts: Accounts,
  now: Date,
): Promise<void> {
  const write = (entry: Parameters<typeof appendAudit>[1]) => appendAudit(tx, entry);
  const people = (actor: keyof Accounts, actingAs?: keyof Accounts) => ({
    actorId: accounts[actor].id,
    actingAsId: actingAs ? accounts[actingAs].id : null,
  });
  const admin = nameOf('admin');
  const adminLogin = DEMO_ACCOUNTS.find((account) => account.key === 'admin')?.login ?? '';

  await write({
    time: minutesAgo(now, 2 * 24 * 60 + 35),
    siteId: null,
    actorId: null,
    actingAsId: null,
    address: STRANGER,
    areaId: null,
    kind: null,
    targetId: null,
    operation: 'POST /user/login',
    before: null,
    after: { user: adminLogin, password: 'changed' },
    text: auditText({
      actor: null,
      actingAs: null,
      operation: 'POST /user/login',
      summary: '',
      object: null,
      before: null,
      after: null,
      refusedWith: 401,
      login: adminLogin,
    }),
  });

  // The first fan with a "should be running" rule: its start temperature lowered by the admin.
  const alarmRows = await tx.select().from(t.alarms).orderBy(t.alarms.id);
  const fanAlarm = alarmRows.find(
    (row) =>
      (row.rule as AlarmRule).template === ALARM_TEMPLATES.fanShouldRun &&
      (row.rule as AlarmRule).targetType === 'sensor',
  );
  const [fanSensor] = fanAlarm
    ? await tx
        .select()
        .from(t.sensors)
        .where(eq(t.sensors.id, (fanAlarm.rule as AlarmRule).target))
    : [];
  const fanRule = fanAlarm && fanSensor ? { alarm: fanAlarm, fan: fanSensor } : null;
  if (fanRule) {
    const rule = fanRule.alarm.rule as AlarmRule;
    const fan = fanRule.fan.label;
    const before = { rule: { startTemperature: 0.5 } };
    const after = { rule: { startTemperature: rule.startTemperature ?? 0 } };
    await write({
      time: minutesAgo(now, 2 * 24 * 60),
      siteId: fanRule.alarm.siteId,
      ...people('admin'),
      address: OFFICE,
      areaId: fanRule.alarm.areaId,
      kind: 'sensor',
      targetId: fanRule.fan.id,
      operation: 'PUT /areas/:areaId/alarms/:id',
      before,
      after,
      text: auditText({
        actor: admin,
        actingAs: null,
        operation: 'PUT /areas/:areaId/alarms/:id',
        summary: '',
        object: fan,
        before,
        after,
      }),
    });
  }

  // Support staff, acting as the admin, start the first site's first program.
  const firstSite = sites[0];
  const [program] = firstSite
    ? await tx
        .select({ id: t.programs.id, name: t.programs.name, areaId: t.programs.areaId })
        .from(t.programs)
        .innerJoin(t.areas, eq(t.areas.id, t.programs.areaId))
        .where(eq(t.areas.siteId, firstSite.id))
        .orderBy(t.programs.id)
        .limit(1)
    : [];
  if (firstSite && program) {
    await write({
      time: minutesAgo(now, 26 * 60),
      siteId: firstSite.id,
      ...people('staff', 'admin'),
      address: OFFICE,
      areaId: program.areaId,
      kind: 'program',
      targetId: program.id,
      operation: 'POST /programs/:id/start',
      before: null,
      after: null,
      text: auditText({
        actor: nameOf('staff'),
        actingAs: admin,
        operation: 'POST /programs/:id/start',
        summary: '',
        object: program.name,
        before: null,
        after: null,
      }),
    });
  }
}
