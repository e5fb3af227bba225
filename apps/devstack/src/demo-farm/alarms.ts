/**
 * A demo site's alarms from the §9 templates: soil moisture, radios overdue, the frost area's
 * canopy and each fan's rules, a tank's level, and the coordinators' and units' on bigger sites.
 */
import {
  ALARM_TEMPLATES,
  FAN_SET_POINT_PRESETS,
  alarmRuleFromTemplate,
  isFrostFan,
  type AlarmRuleInput,
  type AlarmRuleOptions,
  type AlarmTemplate,
} from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import { sql } from 'drizzle-orm';
import type { DemoSite } from './demo-sites.ts';
import type { SiteLand } from './land.ts';
import type { Area } from './support.ts';

/** The alarms as inserted, in the order of their values. */
export type SiteAlarms = {
  alarmValues: (typeof t.alarms.$inferInsert)[];
  alarmRows: { id: number }[];
};

export async function seedAlarmRules(
  tx: Transaction,
  spec: DemoSite,
  land: SiteLand,
  sensorRows: (typeof t.sensors.$inferSelect)[],
  notificationIds: number[],
): Promise<SiteAlarms> {
  const { site, firstIrrigation, frostArea, waterArea } = land;
  // Alarms from the §9 templates.
  const alarmValues: (typeof t.alarms.$inferInsert)[] = [];
  const alarm = (area: Area, template: AlarmTemplate, rule: AlarmRuleOptions, active = true) => {
    const input: AlarmRuleInput = alarmRuleFromTemplate(template, rule);
    alarmValues.push({
      areaId: area.id,
      siteId: site.id,
      active,
      // The rule's id is the alarm's, set once the alarm row has one.
      rule: { ...input, id: 1 },
      notifications: notificationIds,
      label: input.name,
    });
  };
  // A sensor's reading falling under a threshold: the soil drying out, the tank running low.
  const readingBelow = (
    area: Area,
    sensor: { id: number },
    path: string,
    threshold: number,
    name: string,
  ) =>
    alarm(area, ALARM_TEMPLATES.simpleSetPoint, {
      target: sensor.id,
      targetType: 'sensor',
      path,
      operator: 'lessThan',
      threshold,
      name,
    });
  const soilSensor = sensorRows.find((row) => row.type === 'soilMoisture');
  if (soilSensor) {
    const probe = soilSensor.label.replace(/ soil probe$/, '');
    readingBelow(firstIrrigation, soilSensor, 'soil.moisture', 18, `${probe} soil moisture low`);
  }
  alarm(firstIrrigation, ALARM_TEMPLATES.anyRadioOverdue, {
    target: firstIrrigation.id,
    targetType: 'area',
  });
  if (frostArea) {
    const canopy = sensorRows.find(
      (row) => row.areaId === frostArea.id && row.type === 'temperature',
    );
    if (canopy) {
      alarm(frostArea, ALARM_TEMPLATES.anySetPoint, {
        target: canopy.id,
        targetType: 'sensor',
        path: 'temperature',
        operator: 'lessThan',
        threshold: 1,
        name: 'Frost: canopy below 1 °C',
        severity: 'critical',
      });
    }
    // Tonight's forecast minimum at or below the critical temperature plus the margin (issue
    // 31): the server raises it once a night at two hours after sunset.
    alarm(frostArea, ALARM_TEMPLATES.frostForecast, {
      target: frostArea.id,
      targetType: 'area',
    });
    // Each fan: "should be running" (issue 15), at 0 °C, below every demo controller's start
    // temperature (0.2–0.8 °C, the simulator's fan.ts), so a healthy fan never trips it; with a
    // minute's grace so a compressed frost night (a few real minutes) shows a faulted fan's alarm.
    // And its fuel low, with the first fan's battery and overspeed: the §9 set points.
    const fans = sensorRows.filter((row) => row.areaId === frostArea.id && isFrostFan(row));
    for (const [index, fan] of fans.entries()) {
      const name = fan.label.replace(/ engine$/, '');
      alarm(frostArea, ALARM_TEMPLATES.fanShouldRun, {
        target: fan.id,
        targetType: 'sensor',
        startTemperature: 0,
        minimumDuration: '00:01:00',
        name: `${name} should be running`,
      });
      const presets = FAN_SET_POINT_PRESETS.filter(
        (preset) =>
          !preset.canopy &&
          (preset.name === 'Fuel low' ||
            (index === 0 && ['Fan battery empty', 'Fan overspeed'].includes(preset.name))),
      );
      for (const preset of presets) {
        alarm(frostArea, ALARM_TEMPLATES.simpleSetPoint, {
          target: fan.id,
          targetType: 'sensor',
          path: preset.path,
          operator: preset.operator,
          threshold: preset.threshold,
          severity: preset.severity,
          name: `${name}: ${preset.name.replace(/^Fan /, '').toLowerCase()}`,
        });
      }
    }
  }
  if (waterArea) {
    const level = sensorRows.find((row) => row.type === 'level');
    if (level) {
      readingBelow(waterArea, level, 'level', 25, `${level.label} low`);
    }
  }
  if (spec.irrigation.length > 1) {
    alarm(firstIrrigation, ALARM_TEMPLATES.anyCoordinatorOverdue, {
      target: firstIrrigation.id,
      targetType: 'area',
    });
    alarm(
      firstIrrigation,
      ALARM_TEMPLATES.allUnitOverdue,
      { target: site.id, targetType: 'site' },
      false,
    );
  }
  if (spec.frost && spec.country === 'au') {
    alarm(firstIrrigation, ALARM_TEMPLATES.anyRepeaterOverdue, {
      target: firstIrrigation.id,
      targetType: 'area',
    });
  }
  const alarmRows = await tx.insert(t.alarms).values(alarmValues).returning({ id: t.alarms.id });
  await tx
    .update(t.alarms)
    .set({ rule: sql`jsonb_set(${t.alarms.rule}, '{id}', to_jsonb(${t.alarms.id}))` })
    .where(sql`${t.alarms.id} in ${alarmRows.map((row) => row.id)}`);
  return { alarmValues, alarmRows };
}
