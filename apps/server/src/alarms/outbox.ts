/**
 * The outbox side of a transition: one row per message, each with its due time after quiet hours
 * and its text, recorded suppressed when the area is snoozed. The sender (sender.ts) sends them.
 */
import { alarmMessage, deliveryTime, type NotificationKind } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import type { AlarmContext } from './alarm.repository.ts';
import { insertAlarmMessages } from './alarm-message.repository.ts';
import { planRecipients } from './recipients.ts';

/**
 * Writes the messages a transition causes into the outbox: the alarm's own notifications at once
 * (after the grouping wait), and for a raise the site's roster, each step after its wait and the
 * reminder rounds after it. Quiet hours push a message to the next working hours; a snoozed area
 * records them suppressed.
 */
export async function enqueueAlarmMessages(
  tx: Database,
  context: AlarmContext,
  input: {
    episode: number;
    kind: NotificationKind;
    value: number | null;
    now: Date;
    groupMs: number;
    roster: boolean;
    /** A sentence the messages add after the alarm's line (the frost forecast's). */
    detail?: string | null;
  },
) {
  const { alarm, area, site } = context;
  const planned = await planRecipients(tx, context, input);
  if (planned.length === 0) return 0;
  const rows = planned.map(({ recipient, offsetMs, step, kind }) => {
    const due = new Date(input.now.getTime() + input.groupMs + offsetMs);
    const delivery = deliveryTime(due, site.timeZone, {
      afterhours: recipient.afterhours,
      criticalAfterhours: recipient.criticalAfterhours,
      severity: alarm.rule.severity,
    });
    const text = alarmMessage(
      site.label,
      [
        {
          label: alarm.label,
          area: area.label,
          severity: alarm.rule.severity,
          value: input.value,
          kind,
          ackUrl: null,
          detail: input.detail ?? null,
        },
      ],
      recipient.method,
    );
    return {
      siteId: site.id,
      areaId: area.id,
      alarmId: alarm.id,
      episode: input.episode,
      contactId: recipient.contactId,
      method: recipient.method,
      address: recipient.address,
      kind,
      severity: alarm.rule.severity,
      status: area.snoozed ? ('suppressed' as const) : ('pending' as const),
      reason: area.snoozed
        ? 'Snoozed: the area’s alarms are snoozed'
        : delivery.held
          ? `Held for quiet hours until ${delivery.at.toISOString()}`
          : null,
      subject: text.subject,
      text: text.text,
      raisedValue: input.value,
      detail: input.detail ?? null,
      step,
      dueAt: delivery.at,
      createdAt: input.now,
    };
  });
  await insertAlarmMessages(tx, rows);
  return rows.length;
}
