/**
 * The early warning (issue 31): when tonight's forecast minimum is at or below the site's
 * critical temperature plus its margin, the area's "Frost forecast" alarm (template 102) is raised
 * through the alarm engine, so the site's roster is told by the ways each chose, escalating as for
 * any critical alarm. Once a night: the night's row is claimed (warned_at set where still unset)
 * in the raise's transaction, so a restart or a second worker process finds it claimed.
 */
import {
  FAN_METRICS,
  forecastWarningText,
  forecastWarns,
  inversionOf,
  siteInversion,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { applyRuleReading, type EngineOptions } from '../alarms/transitions.ts';
import { lockAlarmState } from '../alarms/alarm.repository.ts';
import {
  CANOPY_METRIC,
  canopyOfFan,
  type FrostArea,
  type FrostDevice,
} from '../frost/frost-data.ts';
import { claimWarning, type ForecastRow } from '../frost/forecast.repository.ts';
import {
  evaluatedForecastAlarms,
  forecastAlarmIds,
  insertForecastAlarm,
} from './frost-alarm.repository.ts';
import { warningThreshold, type ForecastArea } from '../frost/frost-forecast.ts';

const RAISE = { raise: true, clear: false };
const CLEAR = { raise: false, clear: true };

export type WarningOutcome = 'warned' | 'above' | 'claimed' | 'off';

/**
 * Warns for the night's forecast if it calls for it and nobody has yet: 'warned' when this call
 * raised the alarm, 'above' when the forecast does not call for it, 'claimed' when the night's
 * warning has gone out already, 'off' when the area's forecast alarm is turned off.
 */
export async function warnIfDue(
  db: Database,
  area: ForecastArea,
  row: ForecastRow,
  now: Date,
  options: EngineOptions,
): Promise<WarningOutcome> {
  const { tmin } = row;
  if (tmin === null || !forecastWarns(tmin, warningThreshold(area))) return 'above';
  return db.transaction(async (tx) => {
    const areaId = area.frost.areaId;
    const existing = await forecastAlarmIds(tx, areaId);
    let contexts = await evaluatedForecastAlarms(tx, areaId);
    if (existing.length > 0 && contexts.length === 0) return 'off';
    if (!(await claimWarning(tx, areaId, row.night, now))) return 'claimed';
    // Created by the one caller holding the claim, so two processes never make two.
    if (existing.length === 0) {
      await insertForecastAlarm(tx, area.frost);
      contexts = await evaluatedForecastAlarms(tx, areaId);
    }
    const context = contexts[0];
    if (!context) return 'off';
    // The minimum as the message shows it, to 0.1 °C.
    const options2 = { ...options, value: Math.round(tmin * 10) / 10 };
    // Still raised from an earlier night nobody cleared: that one is over.
    await applyRuleReading(tx, context, CLEAR, now, now, { ...options2, detail: '' });
    const detail = warningDetail(area, row, inversionNow(area.frost));
    await applyRuleReading(tx, context, RAISE, now, now, {
      ...options2,
      detail,
      messageDetail: detail,
    });
    return 'warned';
  });
}

/**
 * Clears the area's forecast alarm once the night it warned of is over (the morning's
 * observation). Only a raise of that night or an earlier one: a past night observed again (its
 * readings came late) must not clear the warning a later night has raised since, tonight's
 * "forecast now" among them.
 */
export async function clearForecastAlarm(
  db: Database,
  areaId: number,
  warnedAt: Date,
  now: Date,
  options: EngineOptions,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const context of await evaluatedForecastAlarms(tx, areaId)) {
      const { raisedAt } = await lockAlarmState(tx, context.alarm.id);
      if (raisedAt === null || raisedAt > warnedAt) continue;
      await applyRuleReading(tx, context, CLEAR, now, now, { ...options, detail: '', value: null });
    }
  });
}

const lastValue = (device: FrostDevice, metric: string) =>
  device.topics.find((topic) => topic.metric === metric)?.lastValue ?? null;

/** The area's inversion now: its fans' tower minus their canopy (the domain's siteInversion). */
function inversionNow(area: FrostArea) {
  const values = area.fans.flatMap((fan) => {
    const canopy = canopyOfFan(area, fan);
    const inversion = inversionOf(
      lastValue(fan, FAN_METRICS.towerTemperature),
      lastValue(fan, FAN_METRICS.canopyTemperature) ??
        (canopy ? lastValue(canopy, CANOPY_METRIC) : null),
    );
    return inversion ? [inversion.value] : [];
  });
  return siteInversion(values);
}

/** What the warning says: the minimum, when the start temperature comes, the inversion now. */
function warningDetail(
  area: ForecastArea,
  row: ForecastRow,
  inversion: { value: number; class: string } | null,
): string {
  return forecastWarningText({
    tmin: row.tmin ?? 0,
    sunrise: row.sunrise,
    startTemperature: area.frost.rules.startAtOrBelow,
    startExpectedAt: row.startExpectedAt,
    inversion,
    timeZone: area.frost.timeZone,
  });
}
