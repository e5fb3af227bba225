import { acknowledgeMemory, type AcknowledgementChannel } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { publishSiteEvent } from '../webhooks/publish.ts';
import {
  closeAlarmEvents,
  findAlarm,
  lockAlarmState,
  recordAcknowledged,
  recordAlarmEvent,
  suppressPending,
  toMemory,
} from './alarm.repository.ts';

/**
 * Acknowledges a raised alarm: stops its escalation (pending messages suppressed), closes its
 * open events with who and when, records an info event with the comment. 'notRaised' when it
 * is normal or already acknowledged; `episode` (from a link) must be the present one.
 */
export async function acknowledgeAlarm(
  tx: Database,
  input: {
    alarmId: number;
    by: string;
    via: AcknowledgementChannel;
    comment: string | null;
    now: Date;
    episode?: number;
  },
): Promise<'acknowledged' | 'notRaised'> {
  const state = await lockAlarmState(tx, input.alarmId);
  if (input.episode !== undefined && input.episode !== state.episode) return 'notRaised';
  const memory = acknowledgeMemory(toMemory(state));
  if (!memory) return 'notRaised';
  const alarm = await findAlarm(tx, input.alarmId);
  if (!alarm) return 'notRaised';
  await recordAcknowledged(tx, input.alarmId, input);
  await closeAlarmEvents(tx, input.alarmId, input.now, input.by);
  const how = input.via === 'voice' ? ' on the phone' : input.via === 'link' ? ' by link' : '';
  const message =
    `Alarm acknowledged by ${input.by}${how}: ${alarm.label}` +
    (input.comment ? ` — ${input.comment}` : '');
  await recordAlarmEvent(tx, alarm, {
    areaId: alarm.areaId,
    type: 'info',
    message,
    open: false,
    createdAt: input.now,
    acknowledgedAt: input.now,
    acknowledgedBy: input.by,
  });
  await suppressPending(tx, input.alarmId, `Acknowledged by ${input.by}`);
  await publishSiteEvent(tx, 'alarm.acknowledged', {
    site: alarm.siteId,
    area: alarm.areaId,
    at: input.now,
    message,
    alarm: { id: alarm.id, label: alarm.label, severity: alarm.rule.severity },
    by: input.by,
    via: input.via,
    comment: input.comment,
  });
  return 'acknowledged';
}
