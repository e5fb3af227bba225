/**
 * Flow supervision on the server (issue 30 item 1): a followup of each ingest batch that heard
 * from a water meter. The meter's new flow readings go through the domain's supervisor
 * (addons/flow-supervision.ts) one by one, each with the zones of its area whose valves were open
 * at its time (the valves' `running` readings), their expected flows and limits; the supervisor's
 * state is kept per meter between batches (meter_flows), so whichever worker takes the next batch
 * carries on the same episode and an alarm is raised once.
 *
 * What the supervisor decides is carried out here:
 * - high flow: the program's run closes the zones and goes on with its next zone (a shut-off job
 *   on the runner's queue); zones no run has under way are closed by command; "High flow";
 * - low flow: "Low flow", nothing else;
 * - unscheduled flow: the area's pumps are told to stop; "Unscheduled flow";
 * - mainline break: the program is paused (a request like the operator's) and the pumps stopped;
 *   "Mainline break".
 * High flow and mainline break are kept in the program's decisions with the supervisor's sentence.
 * The alarms, the decision and the pause request are written in the followup's transaction; the
 * commands and the runner's job go out once it has committed (they go through other connections,
 * which must not be waited on inside it: the embedded database has only one).
 *
 * Only readings of the last READING_WINDOW_MS are judged: a burst an hour old is long past acting
 * on, and a simulated past being stored must not shut anything off now.
 */
import {
  describeFlowAction,
  expectedZoneFlow,
  INITIAL_METER_FLOW_STATE,
  isRefusal,
  LITRES_PER_MINUTE_PER_M3H,
  meterFlowLimitsSchema,
  superviseFlow,
  wallClockTime,
  zoneFlowLimitsSchema,
  zoneRunsFromReadings,
  type FlowAction,
  type MeterFlowState,
  type RunningZone,
  type ZoneWaterRun,
} from '@paddock/domain';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { AfterCommit, FollowupHandler } from '../ingest/followups.ts';
import type { Log } from '../log.ts';
import type { CommandSender } from '../field/command-link.ts';
import type { EngineOptions } from '../alarms/transitions.ts';
import {
  saveMeterState,
  watchedMetersAmong,
  zoneFlowsOfArea,
  type MeterFlowRow,
  type ZoneFlowRow,
} from '../resources/flow-supervision/flow.repository.ts';
import { flowsStale, learnAreaFlows } from '../resources/flow-supervision/learned-flows.ts';
import { keepDecision } from '../resources/programs/program-decision.repository.ts';
import { requestProgramAction } from '../resources/programs/request-program-action.ts';
import { readZoneValveReadings } from '../resources/water-use/water-use.repository.ts';
import { recordProductAction } from '../audit/product-action.ts';
import { publishSiteEvent } from '../webhooks/publish.ts';
import { clearFlowAlarm, raiseFlowAlarm, type FlowAlarmName } from './flow-alarms.ts';
import {
  areaPumps,
  areaProgramRun,
  areaTimeZone,
  flowReadingsAfter,
  zoneValves,
} from './flow-watch.repository.ts';

/** Readings older than this are not judged (see above). */
const READING_WINDOW_MS = 10 * 60_000;
/**
 * How far before the first reading the valves' readings are read: a zone's run started before it
 * (its `openedAt`, from which it settles) is found from its opening reading.
 */
const VALVE_LOOKBACK_MS = 12 * 3_600_000;

export type FlowWatchDeps = {
  clock: Clock;
  log: Log;
  engine: EngineOptions;
  commands: Pick<CommandSender, 'send'>;
  /** Asks the program's run to close these zones and go on (runner-service.ts). */
  shutOff: (programId: number, zoneIds: number[]) => Promise<void>;
};

/** The followup: every water meter the batch heard from, judged on its new readings. */
export function flowWatchFollowup(deps: FlowWatchDeps): FollowupHandler {
  return async (followup, tx, afterCommit) => {
    const meters = await watchedMetersAmong(tx, followup.sensors);
    for (const meter of meters) await watchMeter({ tx, afterCommit, deps }, meter);
  };
}

/** Whether a zone's run covers `time`; a run still open at `until` covers up to it. */
const covers = (run: ZoneWaterRun, time: number, until: number) =>
  run.start <= time && (time < run.end || run.end === until);

async function watchMeter(
  where: { tx: Database; afterCommit: AfterCommit; deps: FlowWatchDeps },
  meter: MeterFlowRow,
) {
  const { tx, deps } = where;
  const now = deps.clock.now();
  let state: MeterFlowState = meter.state ?? INITIAL_METER_FLOW_STATE;
  const after = Math.max(state.lastReadingAt ?? 0, now.getTime() - READING_WINDOW_MS);
  const readings = await flowReadingsAfter(tx, meter.sensorId, new Date(after), now);
  const first = readings[0];
  if (!first) return;

  let zones = await zoneFlowsOfArea(tx, meter.areaId);
  if (flowsStale(zones, now)) {
    await learnAreaFlows(tx, meter.areaId, now);
    zones = await zoneFlowsOfArea(tx, meter.areaId);
  }
  const valves = await readZoneValveReadings(tx, meter.areaId, {
    from: new Date(first.time - VALVE_LOOKBACK_MS),
    to: new Date(now.getTime() + 1),
  });
  const until = now.getTime();
  const runs = [...valves.entries()].flatMap(([section, byValve]) =>
    zoneRunsFromReadings(section, [...byValve.values()], until),
  );
  const zoneById = new Map(zones.map((zone) => [zone.sectionId, zone]));
  const expectedFlows = zones.flatMap((zone) => expectedZoneFlow(zone).flow ?? []);
  const largestZoneFlow = expectedFlows.length > 0 ? Math.max(...expectedFlows) : null;
  const limits = meterFlowLimitsSchema.parse(meter.limits ?? {});

  const actions: FlowAction[] = [];
  /** Zones seen running within their limits after being judged otherwise: their alarms clear. */
  const recovered: { zoneIds: number[]; at: number }[] = [];
  for (const reading of readings) {
    const running = runs.flatMap((run): RunningZone[] => {
      const zone = zoneById.get(run.zoneId);
      if (!zone || !covers(run, reading.time, until)) return [];
      return [
        {
          zoneId: run.zoneId,
          openedAt: run.start,
          expected: expectedZoneFlow(zone),
          limits: zoneFlowLimitsSchema.parse(zone.limits ?? {}),
        },
      ];
    });
    const before = state.zones.phase;
    const step = superviseFlow(
      state,
      {
        meterId: meter.sensorId,
        time: reading.time,
        flow: reading.value * LITRES_PER_MINUTE_PER_M3H,
        running,
        largestZoneFlow,
      },
      limits,
      reading.time,
    );
    state = step.state;
    actions.push(...step.actions);
    // Once per run that settles within its limits: what was raised about earlier runs is over.
    if (state.zones.phase === 'watching' && before !== 'watching') {
      recovered.push({ zoneIds: running.map((zone) => zone.zoneId), at: reading.time });
    }
  }
  await saveMeterState(tx, { sensorId: meter.sensorId, siteId: meter.siteId }, state, now);

  const context = {
    ...where,
    meter,
    zoneById,
    deps,
    now,
    timeZone: await areaTimeZone(tx, meter.areaId),
  };
  for (const action of actions) await carryOut(context, action);
  for (const { zoneIds, at } of recovered) await clearRecovered(context, zoneIds, new Date(at));
}

type WatchContext = {
  tx: Database;
  /** Commands and the runner's job go out once the followup's transaction has committed. */
  afterCommit: AfterCommit;
  meter: MeterFlowRow;
  zoneById: Map<number, ZoneFlowRow>;
  deps: FlowWatchDeps;
  now: Date;
  timeZone: string;
};

const ALARM_OF: Record<FlowAction['type'], FlowAlarmName> = {
  closeZones: 'highFlow',
  warnLowFlow: 'lowFlow',
  unscheduledFlow: 'unscheduledFlow',
  mainlineBreak: 'mainlineBreak',
};

/** Carries out one action of the supervisor, raising its alarm with its sentence. */
async function carryOut(context: WatchContext, action: FlowAction) {
  const { tx, meter, zoneById, deps, now, timeZone } = context;
  const sentence = describeFlowAction(action, {
    time: wallClockTime(action.at, timeZone),
    zone: (id) => zoneById.get(id)?.label ?? `Zone ${id}`,
    meter: () => meter.label,
  });
  deps.log.warn({ meter: meter.sensorId, action: action.type }, sentence);
  const raised = {
    detail: sentence,
    value: Math.round(action.measured * 10) / 10,
    at: new Date(action.at),
    now,
  };
  const on = { areaId: meter.areaId, siteId: meter.siteId };

  switch (action.type) {
    case 'closeZones':
      await closeZones(context, action.zoneIds);
      await keepShutOff(context, action, sentence);
      await publishSiteEvent(tx, 'zone.shutOff', {
        site: meter.siteId,
        area: meter.areaId,
        at: raised.at,
        message: sentence,
        zones: action.zoneIds,
        meter: { id: meter.sensorId, label: meter.label },
        flow: raised.value,
      });
      await recordProductAction(tx, {
        operation: 'zone.shutOff',
        at: raised.at,
        ...on,
        kind: 'sensor',
        targetId: meter.sensorId,
        object: action.zoneIds.map((id) => zoneById.get(id)?.label ?? `Zone ${id}`).join(', '),
        detail: sentence,
        after: { zones: action.zoneIds },
      });
      break;
    case 'mainlineBreak':
      await pauseProgram(context);
      await stopPumps(context);
      await keepShutOff(context, action, sentence);
      break;
    case 'unscheduledFlow':
      await stopPumps(context);
      break;
    case 'warnLowFlow':
      break;
  }
  const name = ALARM_OF[action.type];
  if (action.type === 'closeZones' || action.type === 'warnLowFlow') {
    for (const zoneId of action.zoneIds) {
      const label = zoneById.get(zoneId)?.label ?? `Zone ${zoneId}`;
      const zone = { ...on, targetType: 'section' as const, target: zoneId, label };
      await raiseFlowAlarm(tx, name, zone, raised, deps.engine);
    }
  } else {
    const target = {
      ...on,
      targetType: 'sensor' as const,
      target: meter.sensorId,
      label: meter.label,
    };
    await raiseFlowAlarm(tx, name, target, raised, deps.engine);
  }
}

/** High flow: the run closes the zones it has under way; any other open valve of them by command. */
async function closeZones(context: WatchContext, zoneIds: number[]) {
  const { tx, meter, deps } = context;
  const program = await areaProgramRun(tx, meter.areaId);
  const byRun = program?.live ? zoneIds.filter((id) => program.zonesUnderWay.includes(id)) : [];
  if (program && byRun.length > 0) {
    const { programId } = program;
    context.afterCommit(() => deps.shutOff(programId, byRun));
  }
  const others = zoneIds.filter((id) => !byRun.includes(id));
  await sendClose(context, await zoneValves(tx, others));
}

/** Mainline break: the area's program is paused like an operator's pause. */
async function pauseProgram(context: WatchContext) {
  const { tx, meter, deps, now } = context;
  const program = await areaProgramRun(tx, meter.areaId);
  if (!program?.live) return;
  try {
    await requestProgramAction(tx, {
      programId: program.programId,
      action: 'pause',
      body: {},
      siteId: meter.siteId,
      requestedBy: null,
      now,
    });
  } catch (error) {
    // Already pausing, or another request in flight: the pumps are stopped below either way.
    if (!isRefusal(error)) throw error;
    deps.log.warn(
      { programId: program.programId, err: error.message },
      'mainline break: pause refused',
    );
  }
}

async function stopPumps(context: WatchContext) {
  await sendClose(context, await areaPumps(context.tx, context.meter.areaId));
}

/** A close to each device's controls; one whose device cannot be reached is logged. */
async function sendClose(
  context: WatchContext,
  controls: readonly { id: number; device: { siteId: number; serialno: string } | null }[],
) {
  const byDevice = new Map<string, { siteId: number; serialno: string; ids: number[] }>();
  for (const control of controls) {
    if (!control.device) continue;
    const key = `${control.device.siteId}/${control.device.serialno}`;
    const group = byDevice.get(key) ?? { ...control.device, ids: [] };
    group.ids.push(control.id);
    byDevice.set(key, group);
  }
  for (const group of byDevice.values()) {
    context.afterCommit(async () => {
      try {
        await context.deps.commands.send({
          requestId: null,
          programRunId: null,
          siteId: group.siteId,
          serialno: group.serialno,
          command: { action: 'close', controls: group.ids },
        });
      } catch (error) {
        // The alarm is out all the same: a person must close what the server could not.
        context.deps.log.error({ err: error, controls: group.ids }, 'flow watch: close not sent');
      }
    });
  }
}

/** Keeps a shut-off in the program's decisions (and its event log), when the area has one. */
async function keepShutOff(
  context: WatchContext,
  action: Extract<FlowAction, { type: 'closeZones' | 'mainlineBreak' }>,
  sentence: string,
) {
  const { tx, meter } = context;
  const program = await areaProgramRun(tx, meter.areaId);
  if (!program) return;
  await keepDecision(
    tx,
    {
      programId: program.programId,
      areaId: meter.areaId,
      siteId: meter.siteId,
      at: new Date(action.at),
      kind: 'shutOff',
      requestId: null,
      decision: { action: 'shutOff', ...action },
      sentence,
    },
    'error',
  );
}

/** Zones running within their limits again: their flow alarms and the meter's clear. */
async function clearRecovered(context: WatchContext, zoneIds: number[], at: Date) {
  const { tx, meter, deps, now } = context;
  for (const zoneId of zoneIds) {
    const zone = { areaId: meter.areaId, targetType: 'section' as const, target: zoneId };
    await clearFlowAlarm(tx, 'highFlow', zone, at, now, deps.engine);
    await clearFlowAlarm(tx, 'lowFlow', zone, at, now, deps.engine);
  }
  const onMeter = { areaId: meter.areaId, targetType: 'sensor' as const, target: meter.sensorId };
  await clearFlowAlarm(tx, 'unscheduledFlow', onMeter, at, now, deps.engine);
  await clearFlowAlarm(tx, 'mainlineBreak', onMeter, at, now, deps.engine);
}
