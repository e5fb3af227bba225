/**
 * Changes an alarm's active flag, rule or notifications (§7 PUT areas/{areaId}/alarms/{id}),
 * with the checks of a new alarm; the rule keeps the alarm's id. The caller has checked the 'edit'
 * privilege on the area and read the alarm, of that area (its audit row keeps it as it was).
 */
import { refuse } from '@paddock/domain';
import type { AlarmRule, AlarmUpdateBody } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { validateAlarmNotifications, validateAlarmRule } from './alarm-input.ts';
import type { AlarmRow } from './alarm.presenter.ts';
import { updateAlarm as updateAlarmRow, type AlarmChanges } from './alarms.repository.ts';
import type { AreaRef } from './area-things.repository.ts';

export async function updateAlarm(
  db: Database,
  input: { area: AreaRef; existing: AlarmRow; body: AlarmUpdateBody },
): Promise<AlarmRow> {
  const { area, existing, body } = input;
  const { active, rule, notifications } = body;
  const changes: AlarmChanges = {};
  if (active !== undefined) changes.active = active;
  if (rule !== undefined) {
    if (rule.id !== undefined && rule.id !== existing.rule.id) {
      throw refuse.invalid('rule.id', "Must be the alarm's rule id");
    }
    await validateAlarmRule(db, area, rule);
    const saved: AlarmRule = { ...rule, id: existing.rule.id };
    changes.rule = saved;
    changes.label = saved.name;
  }
  if (notifications !== undefined) {
    changes.notifications = await validateAlarmNotifications(db, area.siteId, notifications);
  }
  const row = await updateAlarmRow(db, existing.id, changes);
  if (!row) throw refuse.notFound('Alarm');
  return row;
}
