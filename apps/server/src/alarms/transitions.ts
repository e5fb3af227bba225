/**
 * An alarm's transitions: a reading steps the domain's state machine on the alarm's locked state
 * row, and a raise or a clear writes its state, its event and its messages in the outbox in the
 * caller's transaction, so a transition happens once whatever the number of processes (the row
 * lock serialises them; the second reads the state the first wrote).
 */
import {
  NORMAL_MEMORY,
  readRule,
  stepAlarm,
  type AlarmMemory,
  type RuleReading,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import {
  alarmsTurnedOffWhileRaised,
  closeAlarmEvents,
  lockAlarmState,
  recordAlarmEvent,
  recordNormal,
  recordRaised,
  saveAlarmTimers,
  suppressPending,
  toMemory,
  type AlarmContext,
  type AlarmRow,
  type StateRow,
} from './alarm.repository.ts';
import { publishSiteEvent } from '../webhooks/publish.ts';
import { enqueueAlarmMessages } from './outbox.ts';

export type EngineOptions = {
  /** How long a raise's first messages wait for others of the site to go with them. */
  groupMs: number;
};

type ReadingOptions = EngineOptions & {
  detail: string;
  value: number | null;
  /** A sentence a raise's messages carry after the alarm's line (the frost forecast's). */
  messageDetail?: string;
};

/**
 * Applies one reading of an alarm's targets at `at`: steps the state machine and writes what
 * a transition causes. Returns the transition, if any.
 */
export async function applyReading(
  tx: Database,
  context: AlarmContext,
  values: readonly number[],
  at: Date,
  now: Date,
  options: EngineOptions & { detail: string; value: number | null },
): Promise<'raised' | 'cleared' | null> {
  return applyRuleReading(tx, context, readRule(context.alarm.rule, values), at, now, options);
}

/** As `applyReading`, for a rule read some other way (fanShouldRun). */
export async function applyRuleReading(
  tx: Database,
  context: AlarmContext,
  reading: RuleReading | null,
  at: Date,
  now: Date,
  options: ReadingOptions,
): Promise<'raised' | 'cleared' | null> {
  const { alarm } = context;
  const state = await lockAlarmState(tx, alarm.id);
  const memory = toMemory(state);
  const step = stepAlarm(alarm.rule, memory, reading, at);
  if (step.transition === 'raised') {
    await raise(tx, context, state, at, now, options);
  } else if (step.transition === 'cleared') {
    await clear(tx, context, state, at, now);
  } else if (
    step.memory.holdingSince?.getTime() !== memory.holdingSince?.getTime() ||
    step.memory.clearingSince?.getTime() !== memory.clearingSince?.getTime()
  ) {
    await saveAlarmTimers(tx, alarm.id, step.memory, now);
  }
  return step.transition;
}

function eventType(severity: AlarmRow['rule']['severity']) {
  return severity === 'critical' ? 'error' : severity === 'warning' ? 'warning' : 'info';
}

async function raise(
  tx: Database,
  context: AlarmContext,
  state: StateRow,
  at: Date,
  now: Date,
  options: ReadingOptions,
) {
  const { alarm } = context;
  const episode = state.episode + 1;
  const message = `Alarm: ${alarm.label}: ${options.detail}`;
  await recordRaised(tx, alarm.id, { episode, at, value: options.value, now });
  await recordAlarmEvent(tx, alarm, {
    areaId: context.area.id,
    type: eventType(alarm.rule.severity),
    message,
    open: true,
    createdAt: at,
  });
  await publishSiteEvent(tx, 'alarm.raised', {
    ...webhookFields(context, at, message),
    value: options.value,
  });
  await enqueueAlarmMessages(tx, context, {
    episode,
    kind: 'raised',
    value: options.value,
    now,
    groupMs: options.groupMs,
    roster: true,
    detail: options.messageDetail ?? null,
  });
}

async function clear(tx: Database, context: AlarmContext, state: StateRow, at: Date, now: Date) {
  const { alarm } = context;
  const message = `Alarm cleared: ${alarm.label}`;
  await recordNormal(tx, alarm.id, at, now);
  await closeAlarmEvents(tx, alarm.id, null, null);
  await recordAlarmEvent(tx, alarm, {
    areaId: context.area.id,
    type: 'info',
    message,
    open: false,
    createdAt: at,
  });
  await publishSiteEvent(tx, 'alarm.cleared', webhookFields(context, at, message));
  await suppressPending(tx, alarm.id, 'Cleared before it was sent');
  // Those told directly are told it is over; the roster is not (it was only escalation).
  await enqueueAlarmMessages(tx, context, {
    episode: state.episode,
    kind: 'cleared',
    value: null,
    now,
    groupMs: 0,
    roster: false,
  });
}

/** What the site's webhooks are told of the alarm's raise or clear (webhooks/publish.ts). */
function webhookFields({ alarm, area, site }: AlarmContext, at: Date, message: string) {
  const { id, label, rule } = alarm;
  return {
    site: site.id,
    area: area.id,
    at,
    message,
    alarm: { id, label, severity: rule.severity },
  };
}

const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether the reading would make a transition or move a timer, from a state read unlocked. */
export function wouldChange(
  alarm: AlarmRow,
  state: StateRow | undefined,
  reading: RuleReading | null,
  at: Date,
): boolean {
  return memoryWouldChange(alarm.rule, state ? toMemory(state) : null, reading, at);
}

export function memoryWouldChange(
  rule: AlarmRow['rule'],
  stored: AlarmMemory | null,
  reading: RuleReading | null,
  at: Date,
): boolean {
  const memory: AlarmMemory = stored ?? { ...NORMAL_MEMORY };
  const step = stepAlarm(rule, memory, reading, at);
  return (
    step.transition !== null ||
    !sameTime(step.memory.holdingSince, memory.holdingSince) ||
    !sameTime(step.memory.clearingSince, memory.clearingSince)
  );
}

/** Alarms raised or acknowledged whose alarm, rule or area's alarms were turned off. */
export async function silenceTurnedOff(tx: Database, now: Date) {
  const rows = await alarmsTurnedOffWhileRaised(tx);
  for (const { alarmId } of rows) {
    const state = await lockAlarmState(tx, alarmId);
    if (state.status === 'normal') continue;
    await recordNormal(tx, alarmId, now, now);
    await closeAlarmEvents(tx, alarmId, null, null);
    await suppressPending(tx, alarmId, 'Alarm turned off');
  }
}
