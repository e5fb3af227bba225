/**
 * Flow supervision on the demo farm (issue 30): every zone is designed for what its valves pass
 * in the simulator (its designed flow, the fallback until the worker learns its flow from the
 * metered runs of the simulated past), and Te Awa's drip program holds, in its decision log, an
 * automatic shut-off from two nights ago: a burst lateral closed with its flows, made by the
 * domain's supervisor words, with the "High flow" alarm it raised, since cleared.
 */
import {
  ALARM_TEMPLATES,
  alarmRuleFromTemplate,
  describeFlowAction,
  FLOW_ALARMS,
  LITRES_PER_MINUTE_PER_M3H,
  wallClockTime,
  type FlowAction,
} from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import { VALVE_FLOW_M3H } from '@paddock/simulator';
import { and, eq, inArray } from 'drizzle-orm';
import type { DemoSite } from './demo-sites.ts';
import type { SiteLand } from './land.ts';
import { DEMO_SKIP_RULES_PROGRAM } from './program-decisions.ts';
import { findSiteProgram } from './programs.ts';
import { minutesAgo } from './support.ts';

/** The program whose log shows the shut-off: the farm's showcase of the why of its runs. */
const DEMO_SHUT_OFF_PROGRAM = DEMO_SKIP_RULES_PROGRAM;

export async function seedFlowSupervision(
  tx: Transaction,
  spec: DemoSite,
  now: Date,
  land: SiteLand,
) {
  const areaIds = land.irrigationAreas.map((area) => area.id);
  if (areaIds.length === 0) return;
  const valves = await tx
    .select({ sectionId: t.controls.sectionId })
    .from(t.controls)
    .where(and(inArray(t.controls.areaId, areaIds), inArray(t.controls.type, ['valve'])));
  const valvesOf = new Map<number, number>();
  for (const { sectionId } of valves) {
    if (sectionId !== null) valvesOf.set(sectionId, (valvesOf.get(sectionId) ?? 0) + 1);
  }
  const zones = land.irrigationAreas.flatMap((area) => land.zonesOf(area));
  const designed = zones.flatMap((zone) => {
    const count = valvesOf.get(zone.id) ?? 0;
    return count === 0
      ? []
      : [
          {
            sectionId: zone.id,
            siteId: land.site.id,
            designedFlow: Math.round(count * VALVE_FLOW_M3H * LITRES_PER_MINUTE_PER_M3H),
          },
        ];
  });
  if (designed.length > 0) await tx.insert(t.zoneFlows).values(designed);
  await seedPastShutOff(tx, spec, now, land, designed);
}

/** Two nights ago at 02:14 on the site's clock (about), a burst on the program's second zone. */
async function seedPastShutOff(
  tx: Transaction,
  spec: DemoSite,
  now: Date,
  land: SiteLand,
  designed: readonly { sectionId: number; designedFlow: number }[],
) {
  const program = await findSiteProgram(tx, land, DEMO_SHUT_OFF_PROGRAM);
  const [meter] = program
    ? await tx
        .select()
        .from(t.sensors)
        .where(and(eq(t.sensors.areaId, program.areaId), eq(t.sensors.type, 'watermeter')))
    : [];
  const area = land.irrigationAreas.find((candidate) => candidate.id === program?.areaId);
  const zone = area ? land.zonesOf(area)[1] : undefined;
  const expected = designed.find((row) => row.sectionId === zone?.id)?.designedFlow;
  if (!program || !meter || !zone || expected === undefined) return;
  const at = new Date(Math.floor(minutesAgo(now, 2 * 24 * 60 - 14).getTime() / 60_000) * 60_000);
  const action: FlowAction = {
    type: 'closeZones',
    meterId: meter.id,
    at: at.getTime(),
    measured: Math.round(expected * 1.65),
    heldSeconds: 60,
    zoneIds: [zone.id],
    expected,
    expectedSource: 'designed',
  };
  const sentence = describeFlowAction(action, {
    time: wallClockTime(at.getTime(), spec.timezone),
    zone: () => zone.label,
    meter: () => meter.label,
  });
  await tx.insert(t.programDecisions).values({
    programId: program.id,
    areaId: program.areaId,
    siteId: land.site.id,
    at,
    kind: 'shutOff',
    requestId: null,
    decision: { action: 'shutOff', ...action },
    sentence,
  });
  // Its alarm, made from the template as the server makes it, raised then and cleared by the
  // zone's next good run; the area's event log tells both.
  const rule = alarmRuleFromTemplate(ALARM_TEMPLATES.highFlow, {
    target: zone.id,
    targetType: 'section',
    name: `${FLOW_ALARMS.highFlow.name}: ${zone.label}`,
    severity: FLOW_ALARMS.highFlow.severity,
  });
  const [alarm] = await tx
    .insert(t.alarms)
    .values({
      areaId: program.areaId,
      siteId: land.site.id,
      active: true,
      rule: { ...rule, id: 0 },
      label: rule.name,
    })
    .returning();
  if (!alarm) return;
  await tx
    .update(t.alarms)
    .set({ rule: { ...rule, id: alarm.id } })
    .where(eq(t.alarms.id, alarm.id));
  const cleared = new Date(at.getTime() + 24 * 3_600_000);
  await tx.insert(t.events).values([
    {
      areaId: program.areaId,
      type: 'error',
      targetType: 'program',
      targetId: program.id,
      message: sentence,
      open: false,
      createdAt: at,
    },
    {
      areaId: program.areaId,
      type: 'error',
      targetType: 'section',
      targetId: zone.id,
      message: `Alarm: ${rule.name}: ${sentence}`,
      open: false,
      alarmId: alarm.id,
      createdAt: at,
    },
    {
      areaId: program.areaId,
      type: 'info',
      targetType: 'section',
      targetId: zone.id,
      message: `Alarm cleared: ${rule.name}`,
      open: false,
      alarmId: alarm.id,
      createdAt: cleared,
    },
  ]);
}
