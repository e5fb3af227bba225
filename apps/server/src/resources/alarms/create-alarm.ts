/**
 * Creates an alarm on a thing of an area (§7 POST areas/{areaId}/alarms): the rule's target must
 * be a thing of the area and the notifications contact notifications of its site; refusals name
 * the field at fault. The caller has checked the 'edit' privilege on the area.
 */
import type { AlarmCreateBody } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { validateAlarmNotifications, validateAlarmRule } from './alarm-input.ts';
import type { AlarmRow } from './alarm.presenter.ts';
import { insertAlarm } from './alarms.repository.ts';
import type { AreaRef } from './area-things.repository.ts';

export async function createAlarm(
  db: Database,
  input: { area: AreaRef; body: AlarmCreateBody },
): Promise<AlarmRow> {
  const { area, body } = input;
  await validateAlarmRule(db, area, body.rule);
  const notifications = await validateAlarmNotifications(db, area.siteId, body.notifications);
  return insertAlarm(db, {
    areaId: area.id,
    siteId: area.siteId,
    active: body.active,
    rule: body.rule,
    notifications,
  });
}
