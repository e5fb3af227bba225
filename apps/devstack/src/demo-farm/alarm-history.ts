import { ALARM_TEMPLATES, type AlarmTemplate } from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import type { SiteAlarms } from './alarms.ts';
import type { SiteContacts } from './contacts.ts';
import type { DemoSite } from './demo-sites.ts';
import type { SiteLand } from './land.ts';
import { minutesAgo } from './support.ts';

/** What a site's alarm history is written from: its rows, its alarm rules and its roster. */
export interface AlarmHistorySeed {
  readonly spec: DemoSite;
  readonly now: Date;
  readonly land: SiteLand;
  readonly alarms: SiteAlarms;
  readonly rosterSteps: SiteContacts['rosterSteps'];
}

/**
 * Alarms at work when the console first opens: the first irrigation area's radio alarm raised
 * twenty minutes ago and not yet answered, and its soil alarm raised this morning, acknowledged
 * with a comment and cleared since. Live readings carry them on from here.
 */
export async function seedAlarmHistory(
  tx: Transaction,
  { spec, now, land, alarms, rosterSteps }: AlarmHistorySeed,
) {
  const { site, firstIrrigation } = land;
  const { alarmValues, alarmRows } = alarms;
  const alarmOf = (template: AlarmTemplate) =>
    alarmRows[
      alarmValues.findIndex(
        (value) => value.areaId === firstIrrigation.id && value.rule.template === template,
      )
    ]?.id;
  const radioAlarm = alarmOf(ALARM_TEMPLATES.anyRadioOverdue);
  const soilAlarm = alarmOf(ALARM_TEMPLATES.simpleSetPoint);
  const grower = spec.contacts.find((c) => c.account !== 'monitor')?.name ?? 'the grower';
  const alarmEvents: (typeof t.events.$inferInsert)[] = [];
  const sentLog: (typeof t.alarmNotifications.$inferInsert)[] = [];
  if (radioAlarm) {
    await tx.insert(t.alarmStates).values({
      alarmId: radioAlarm,
      status: 'raised',
      episode: 1,
      raisedAt: minutesAgo(now, 20),
      raisedValue: 1,
    });
    alarmEvents.push({
      areaId: firstIrrigation.id,
      type: 'warning',
      targetType: 'area',
      targetId: firstIrrigation.id,
      message: 'Alarm: Any radio overdue: a radio of the area stopped reporting',
      open: true,
      alarmId: radioAlarm,
      createdAt: minutesAgo(now, 20),
    });
  }
  if (soilAlarm) {
    const label = alarmValues.find(
      (v) => v.rule.template === ALARM_TEMPLATES.simpleSetPoint,
    )?.label;
    await tx.insert(t.alarmStates).values({
      alarmId: soilAlarm,
      status: 'normal',
      episode: 1,
      raisedAt: minutesAgo(now, 300),
      raisedValue: 16.8,
      acknowledgedAt: minutesAgo(now, 290),
      acknowledgedBy: grower,
      acknowledgedVia: 'link',
      comment: 'Irrigating the block now',
      clearedAt: minutesAgo(now, 180),
    });
    alarmEvents.push(
      {
        areaId: firstIrrigation.id,
        type: 'warning',
        message: `Alarm: ${label ?? 'Soil moisture low'}: soil.moisture 16.8 below the set point 18`,
        open: false,
        alarmId: soilAlarm,
        createdAt: minutesAgo(now, 300),
        acknowledgedAt: minutesAgo(now, 290),
        acknowledgedBy: grower,
      },
      {
        areaId: firstIrrigation.id,
        type: 'info',
        message: `Alarm acknowledged by ${grower} by link: ${label ?? 'Soil moisture low'} — Irrigating the block now`,
        open: false,
        alarmId: soilAlarm,
        createdAt: minutesAgo(now, 290),
      },
      {
        areaId: firstIrrigation.id,
        type: 'info',
        message: `Alarm cleared: ${label ?? 'Soil moisture low'}`,
        open: false,
        alarmId: soilAlarm,
        createdAt: minutesAgo(now, 180),
      },
    );
    const firstStep = rosterSteps[0];
    if (firstStep) {
      sentLog.push({
        siteId: site.id,
        areaId: firstIrrigation.id,
        alarmId: soilAlarm,
        episode: 1,
        contactId: firstStep.contact,
        method: 'sms',
        address: spec.contacts.find((c) => c.sms)?.sms ?? '+64215550100',
        kind: 'raised',
        severity: 'warning',
        status: 'delivered',
        attempts: 1,
        subject: `ALARM ${spec.label}: ${label ?? 'Soil moisture low'}`,
        text: `Paddock ${spec.label}\nALARM [warning] ${spec.irrigation[0]?.label ?? 'Irrigation'}: ${label ?? 'Soil moisture low'} (16.8)`,
        raisedValue: 16.8,
        providerId: `SM${'0'.repeat(30)}${String(site.id).padStart(2, '0')}`,
        dueAt: minutesAgo(now, 300),
        createdAt: minutesAgo(now, 300),
        sentAt: minutesAgo(now, 300),
      });
    }
  }
  if (alarmEvents.length > 0) await tx.insert(t.events).values(alarmEvents);
  if (sentLog.length > 0) await tx.insert(t.alarmNotifications).values(sentLog);
}
