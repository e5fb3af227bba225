/**
 * The start check of fans started and stopped from the console (issue 31): after each request's
 * command, the fan's RPM says what came of it (the domain's checkFanRequest). The outcome is
 * written with the request and in the fan's event log, once, whatever the number of processes
 * (a conditional update under the fan's lock); a start that showed no RPM within 120 s raises the
 * fan's critical "Fan failed to start" alarm through the alarm engine, which messages and
 * escalates it like any other, and a later start that runs clears it.
 *
 * Run on the worker's overdue sweep (every 10 s), so the 120 s are kept to within a sweep.
 */
import {
  FAN_METRICS,
  FAN_START_CHECK_SECONDS,
  checkFanRequest,
  requestActionSchema,
  type FanRequestOutcome,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { loadEvaluatedAlarmContexts } from '../alarms/alarm-rule.repository.ts';
import { applyRuleReading, type EngineOptions } from '../alarms/transitions.ts';
import type { RequestRow } from '../requests/request.repository.ts';
import {
  commandFailure,
  fanRow,
  lockFan,
  recordFanEvent,
  settleFanRequest,
  unsettledFanRequests,
} from '../frost/fan-command.repository.ts';
import { fanFailedToStartAlarm, findFanFailedToStartAlarm } from './frost-alarm.repository.ts';

/** Requests older than this are no longer checked: a day covers any night and any outage. */
const CHECK_WINDOW_MS = 86_400_000;

type Fan = NonNullable<Awaited<ReturnType<typeof fanRow>>>;

/** Settles every fan request whose outcome is known now; answers how many it settled. */
export async function checkFanCommands(
  db: Database,
  now: Date,
  options: EngineOptions,
): Promise<number> {
  const waiting = await unsettledFanRequests(db, new Date(now.getTime() - CHECK_WINDOW_MS));
  let settled = 0;
  for (const request of waiting) {
    if (await db.transaction((tx) => checkOne(tx, request, now, options))) settled++;
  }
  return settled;
}

function rpmOf(fan: Fan) {
  const topic = fan.topics.find((candidate) => candidate.metric === FAN_METRICS.rpm);
  if (!topic || topic.lastValue === null || topic.timestamp === null) return null;
  return { value: topic.lastValue, at: Date.parse(topic.timestamp) };
}

async function checkOne(
  tx: Database,
  request: RequestRow,
  now: Date,
  options: EngineOptions,
): Promise<boolean> {
  await lockFan(tx, request.targetId);
  const fan = await fanRow(tx, request.targetId);
  const action = requestActionSchema.extract(['start', 'stop']).safeParse(request.action);
  if (!fan || !action.success) {
    return settleFanRequest(tx, request.id, null, now);
  }
  const rpm = rpmOf(fan);
  const checked = checkFanRequest({
    action: action.data,
    status: request.status,
    askedAt: request.createdAt.getTime(),
    now: now.getTime(),
    rpm,
  });
  if (!checked) return false;
  if (!(await settleFanRequest(tx, request.id, checked.outcome, now))) return false;
  const failure = request.status === 'failed' ? await commandFailure(tx, request.id) : null;
  const event = outcomeEvent(fan.label, action.data, checked.outcome, failure, rpm?.value ?? null);
  await recordFanEvent(tx, { areaId: fan.areaId, fanId: request.targetId, ...event }, now);
  if (checked.outcome === 'failedToStart') {
    const alarmId = await fanFailedToStartAlarm(tx, {
      areaId: fan.areaId,
      siteId: fan.siteId,
      fanId: request.targetId,
      fanLabel: fan.label,
    });
    await judgeFailedToStart(tx, alarmId, true, event.message, now, options);
  } else if (checked.outcome === 'running') {
    const alarmId = await findFanFailedToStartAlarm(tx, fan.areaId, request.targetId);
    if (alarmId !== null) await judgeFailedToStart(tx, alarmId, false, event.message, now, options);
  }
  return true;
}

/** Raises (the start failed) or clears (a later start ran) the fan's alarm, when it is evaluated. */
async function judgeFailedToStart(
  tx: Database,
  alarmId: number,
  failed: boolean,
  detail: string,
  now: Date,
  options: EngineOptions,
) {
  const [context] = await loadEvaluatedAlarmContexts(tx, [alarmId]);
  if (!context) return;
  await applyRuleReading(tx, context, { raise: failed, clear: !failed }, now, now, {
    ...options,
    detail,
    value: failed ? 0 : null,
  });
}

/** The event log's words for what came of a command. */
function outcomeEvent(
  label: string,
  action: 'start' | 'stop',
  outcome: FanRequestOutcome | null,
  failure: string | null,
  rpm: number | null,
): { type: 'info' | 'warning' | 'error'; message: string } {
  const command = action === 'start' ? 'start from the console' : 'stop from the console';
  switch (outcome) {
    case 'running':
      return { type: 'info', message: `${label} running after the ${command} (${rpm} RPM)` };
    case 'stopped':
      return { type: 'info', message: `${label} stopped after the ${command}` };
    case 'failedToStart':
      return {
        type: 'error',
        message: failure
          ? `${label} failed to start: the ${command} failed (${failure})`
          : `${label} failed to start: no RPM within ${FAN_START_CHECK_SECONDS} s of the ${command}`,
      };
    case null:
      return {
        type: 'error',
        message: failure
          ? `${label}: the ${command} failed (${failure})`
          : `${label} still turning ${FAN_START_CHECK_SECONDS} s after the ${command}`,
      };
  }
}
