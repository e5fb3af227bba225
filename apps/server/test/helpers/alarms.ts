/** Alarms on the test farm, for tests that need one stored before they start. */
import {
  ALARM_TEMPLATES,
  alarmRuleFromTemplate,
  type AlarmRuleInput,
  type AlarmTemplate,
} from '@paddock/domain';
import type { Database } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import type { TestFarm } from './farm.ts';

/**
 * A set point on the soil sensor of site a's irrigation area: moisture under 20, named
 * "Zone 1 too dry", unless told otherwise.
 */
export function soilDryRule(
  farm: Pick<TestFarm, 'sensors'>,
  options: { template?: AlarmTemplate; threshold?: number; name?: string } = {},
): AlarmRuleInput {
  return alarmRuleFromTemplate(options.template ?? ALARM_TEMPLATES.simpleSetPoint, {
    target: farm.sensors.soil.id,
    targetType: 'sensor',
    path: 'soil.moisture',
    operator: 'lessThan',
    threshold: options.threshold ?? 20,
    name: options.name ?? 'Zone 1 too dry',
  });
}

/**
 * A roster for site a (PUT sites/{id}/roster): its contact by sms, then by email, each step after
 * `waitMinutes`, the whole repeated `repeat` times 30 minutes apart.
 */
export function smsThenEmailRoster(
  farm: Pick<TestFarm, 'contacts'>,
  waitMinutes: number,
  repeat: number,
) {
  return {
    steps: [
      { contact: farm.contacts.a.id, method: 'sms', waitMinutes },
      { contact: farm.contacts.a.id, method: 'email', waitMinutes },
    ],
    repeat,
    repeatMinutes: 30,
  };
}

type AlarmValues = typeof t.alarms.$inferInsert;

/**
 * One more alarm, active and in site a's irrigation area unless told otherwise, labelled with
 * its rule's name unless given a label; its row.
 */
export async function addAlarm(
  db: Database,
  farm: TestFarm,
  values: Pick<AlarmValues, 'rule'> & Partial<AlarmValues>,
) {
  const [alarm] = await db
    .insert(t.alarms)
    .values({
      areaId: farm.areas.irrigation.id,
      siteId: farm.sites.a.id,
      active: true,
      label: values.rule.name,
      ...values,
    })
    .returning();
  if (!alarm) throw new Error('alarm not inserted');
  return alarm;
}
