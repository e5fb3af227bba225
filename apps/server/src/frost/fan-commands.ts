/**
 * Frost fans started and stopped from the console (issue 31): POST fans/{id}/start|stop records a
 * request for the field link, judged first by the domain's rule (frost/fan-command.ts) on the
 * fan's canopy and wind now. A refused start is answered 409 with its reasons; an override is
 * recorded with the request and in the fan's event log with who asked. The request is
 * carried out like a control test (field/device-requests.ts) and its outcome written by the start
 * check (frost-watch/fan-start-check.ts).
 */
import {
  FAN_METRICS,
  FAN_START_REFUSED_REASON,
  READING_VALID_MS,
  Refusal,
  fanCanopyTemperature,
  fanStartRefusalText,
  judgeFanCommand,
  mayOvertake,
  overtaken,
  refuse,
  type FanCommandAction,
  type FanRequest,
  type SensorTopic,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { deviceOfSensor } from '../field/control-device.repository.ts';
import { presentRequest } from '../requests/request.presenter.ts';
import { createRequest, openRequests, setRequestStatus } from '../requests/request.repository.ts';
import {
  fanRequestPayloadSchema,
  lockFan,
  recordFanEvent,
  userName,
  type FanRequestPayload,
  type FanRequestRow,
} from './fan-command.repository.ts';
import {
  CANOPY_METRIC,
  canopyOfFan,
  readFrostArea,
  type FrostArea,
  type FrostDevice,
} from './frost-data.ts';

/** A topic's value when it reported within READING_VALID_MS of now; else null. */
function recentValue(device: FrostDevice | null, metric: string, now: Date): number | null {
  const topic: SensorTopic | undefined = device?.topics.find((t) => t.metric === metric);
  if (!topic || topic.lastValue === null || topic.timestamp === null) return null;
  const age = now.getTime() - Date.parse(topic.timestamp);
  return age <= READING_VALID_MS ? topic.lastValue : null;
}

/**
 * The canopy the fan answers to (the domain's fanCanopyTemperature: its own probe, its block's
 * canopy sensor, else the area's coldest) and the wind at its tower, from readings of the last
 * half hour: an older one says nothing about the air now.
 */
function fanConditions(area: FrostArea, fan: FrostDevice, now: Date) {
  const own =
    recentValue(fan, FAN_METRICS.canopyTemperature, now) ??
    recentValue(canopyOfFan(area, fan), CANOPY_METRIC, now);
  const canopy = fanCanopyTemperature(
    own,
    area.canopies.map((sensor) => recentValue(sensor, CANOPY_METRIC, now)),
  );
  return { canopy, wind: recentValue(fan, FAN_METRICS.windSpeed, now) };
}

const one = (value: number | null, unit: string) =>
  value === null ? 'no reading' : `${Math.round(value * 10) / 10} ${unit}`;

/** Words for a command, e.g. "Start from the console by Ann Admin". */
const commandWords = (action: FanCommandAction, who: string) =>
  `${action === 'start' ? 'Start' : 'Stop'} from the console by ${who}`;

/**
 * Records a start or stop of the fan, or refuses it. A start waits for no other request of the
 * fan and is refused while one is open; a stop overtakes an open start (the domain's
 * mayOvertake), which is cancelled.
 */
export async function requestFanCommand(
  db: Database,
  input: {
    fanId: number;
    areaId: number;
    siteId: number;
    action: FanCommandAction;
    override: boolean;
    userId: number;
    now: Date;
  },
): Promise<FanRequestRow> {
  const { fanId, action, now } = input;
  const area = await readFrostArea(db, input.areaId);
  const fan = area?.fans.find((candidate) => candidate.id === fanId);
  if (!area || !fan) throw refuse.notFound('Fan');
  if (!(await deviceOfSensor(db, fanId))) {
    throw refuse.conflict(
      `${fan.label} takes no commands: its controller is on no radio or unit the server reaches`,
    );
  }
  const who = await userName(db, input.userId);
  const { canopy, wind } = fanConditions(area, fan, now);
  const judged = judgeFanCommand({
    action,
    canopy,
    wind,
    rules: area.rules,
    override: input.override,
  });
  const conditions = `canopy ${one(canopy, '°C')}, wind ${one(wind, 'km/h')}`;
  if (!judged.allowed) {
    // Nothing is written for a refusal (a refused call leaves the store as it was): the user sees
    // the reasons, and a start made anyway records them as what its override went past.
    const reasons = judged.refusals.map(fanStartRefusalText);
    throw new Refusal(
      'conflict',
      `${fan.label} not started: ${reasons.join('; ')}`,
      'override',
      FAN_START_REFUSED_REASON,
      reasons,
    );
  }
  const overridden = judged.overridden.map(fanStartRefusalText);
  const payload: FanRequestPayload = {
    override: input.override,
    overridden,
    canopy,
    wind,
    outcome: null,
    settled: false,
  };
  return db.transaction(async (tx) => {
    await lockFan(tx, fanId);
    const open = await openRequests(tx, 'fan', fanId);
    const mayGoFirst = mayOvertake(action) && open.every((request) => request.action === 'start');
    const waiting = open[0];
    if (waiting && !mayGoFirst) {
      throw refuse.conflict(`${fan.label}: request ${waiting.id} is still being carried out`);
    }
    const created = await createRequest(tx, {
      action,
      type: 'fan',
      targetId: fanId,
      siteId: input.siteId,
      requestedBy: input.userId,
      payload,
      now,
    });
    // The start a stop overtakes is cancelled (the domain's overtaken names the stop).
    for (const request of open) {
      const cancelled = overtaken(request, created.id);
      if (cancelled) await setRequestStatus(tx, request.id, cancelled.status, now);
    }
    const override = overridden.length > 0 ? `; override of: ${overridden.join('; ')}` : '';
    await recordFanEvent(
      tx,
      {
        areaId: area.areaId,
        fanId,
        type: overridden.length > 0 ? 'warning' : 'info',
        message: `${fan.label}: ${commandWords(action, who)} (${conditions})${override}`,
      },
      now,
    );
    return { ...created, requestedByName: who };
  });
}

/** A fan request as the API shows it: the request, who asked, the override and the outcome. */
export function presentFanRequest(row: FanRequestRow): FanRequest {
  const payload = fanRequestPayloadSchema.safeParse(row.payload);
  const recorded = payload.success ? payload.data : fanRequestPayloadSchema.parse({});
  return {
    ...presentRequest(row),
    requestedBy:
      row.requestedBy === null
        ? null
        : { id: row.requestedBy, name: row.requestedByName ?? `user ${row.requestedBy}` },
    override: recorded.override,
    overridden: recorded.overridden,
    outcome: recorded.outcome,
  };
}
