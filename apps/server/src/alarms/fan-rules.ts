import {
  FAN_METRICS,
  fanCanopyTemperature,
  fanStartTemperature,
  readFanShouldRun,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import {
  CANOPY_METRIC,
  canopyOfFan,
  readFrostArea,
  type FrostArea,
  type FrostDevice,
} from '../frost/frost-data.ts';
import { currentStates } from './alarm.repository.ts';
import { loadFanShouldRunContexts } from './alarm-rule.repository.ts';
import { applyRuleReading, wouldChange, type EngineOptions } from './transitions.ts';

/**
 * "Fan should be running" rules (ours, issue 15): each reads its fan's RPM and the canopy the fan
 * answers to (the fan's own canopy probe or the canopy sensor on its radio, else the area's
 * coldest) against the start temperature (the rule's, else the site's frost rules'). Run after an
 * ingest batch for the areas of the sensors it heard (a fan's reading or a canopy's may move it),
 * and with the overdue sweep for every area, so the grace runs out on time even when the readings
 * that would show it are slow to come.
 */
export async function evaluateFanRules(
  tx: Database,
  now: Date,
  options: EngineOptions,
  heardSensors?: readonly number[],
): Promise<number> {
  if (heardSensors?.length === 0) return 0;
  const contexts = await loadFanShouldRunContexts(tx, heardSensors);
  if (contexts.length === 0) return 0;
  const states = await currentStates(
    tx,
    contexts.map((c) => c.alarm.id),
  );
  const frostAreas = new Map<number, FrostArea | null>();
  let transitions = 0;
  for (const context of contexts) {
    let area = frostAreas.get(context.area.id);
    if (area === undefined) {
      area = await readFrostArea(tx, context.area.id);
      frostAreas.set(context.area.id, area);
    }
    const fan = area?.fans.find((candidate) => candidate.id === context.alarm.rule.target);
    if (!area || !fan) continue;
    const rpm = lastValueOf(fan, FAN_METRICS.rpm);
    const canopy = fanCanopyTemperature(
      lastValueOf(fan, FAN_METRICS.canopyTemperature) ?? ownCanopy(area, fan),
      area.canopies.map((sensor) => lastValueOf(sensor, CANOPY_METRIC)),
    );
    const start = fanStartTemperature(context.alarm.rule, area.rules);
    const judged = readFanShouldRun(context.alarm.rule, { rpm, canopy, startTemperature: start });
    if (!wouldChange(context.alarm, states.get(context.alarm.id), judged, now)) continue;
    const detail =
      `${fan.label} not running (RPM ${rpm}) with the canopy at ${canopy} °C, ` +
      `at or below its start temperature ${start} °C`;
    const transition = await applyRuleReading(tx, context, judged, now, now, {
      ...options,
      detail,
      value: canopy,
    });
    if (transition) transitions++;
  }
  return transitions;
}

function lastValueOf(device: FrostDevice, metric: string): number | null {
  return device.topics.find((topic) => topic.metric === metric)?.lastValue ?? null;
}

/** The temperature of the canopy sensor of the fan's block; null when it has none. */
function ownCanopy(area: FrostArea, fan: FrostDevice): number | null {
  const canopy = canopyOfFan(area, fan);
  return canopy ? lastValueOf(canopy, CANOPY_METRIC) : null;
}

/** The fan rules on the sweep's timer, in a transaction of their own. */
export async function evaluateFanShouldRun(
  db: Database,
  now: Date,
  options: EngineOptions,
): Promise<number> {
  return db.transaction((tx) => evaluateFanRules(tx, now, options));
}
