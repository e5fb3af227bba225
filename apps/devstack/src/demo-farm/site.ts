/**
 * One demo site, part by part in the order its rows depend on each other: the ground, the
 * hardware, the sensors, controls and programs, contacts, alarms and their history, events, and
 * last the areas' health. The parts draw the site's random numbers in this order, so every seed
 * of the farm is the same.
 */
import { refreshAreaHealth, type Transaction } from '@paddock/server';
import { seedAlarmHistory } from './alarm-history.ts';
import { seedAlarmRules } from './alarms.ts';
import { seedContacts } from './contacts.ts';
import { seedDeficitMode } from './deficit-mode.ts';
import type { DemoSite } from './demo-sites.ts';
import { seedEvents } from './events.ts';
import { seedFlowSupervision } from './flow-supervision.ts';
import { seedForecastHistory } from './forecast-history.ts';
import { seedHardware } from './hardware.ts';
import { seedLand } from './land.ts';
import { seedNotes } from './notes.ts';
import { seedProgramDecisions } from './program-decisions.ts';
import { seedPrograms } from './programs.ts';
import { seedSensors } from './sensors.ts';
import type { SiteContext } from './support.ts';

export async function seedSite(tx: Transaction, spec: DemoSite, ctx: SiteContext): Promise<number> {
  const land = await seedLand(tx, spec, ctx.now);
  const hardware = await seedHardware(tx, spec, ctx, land);
  const sensorRows = await seedSensors(tx, spec, ctx, land, hardware);
  // Controls and programs, area by area: a program's schedule names its pumps and valves.
  await seedPrograms(tx, spec, ctx.now, land, hardware);
  await seedProgramDecisions(tx, spec, ctx.now, land);
  await seedFlowSupervision(tx, spec, ctx.now, land);
  await seedDeficitMode(tx, spec, ctx.now, land);
  const { notificationIds, rosterSteps } = await seedContacts(tx, spec, ctx, land.site);
  const alarms = await seedAlarmRules(tx, spec, land, sensorRows, notificationIds);
  const history = { spec, now: ctx.now, land, alarms, rosterSteps };
  await seedAlarmHistory(tx, history);
  await seedForecastHistory(tx, history);
  await seedEvents(tx, spec, ctx.now, land, hardware);
  await seedNotes(tx, ctx, land, hardware);

  // Area health by the rule the overdue sweep keeps it with, as the field link would set it.
  await refreshAreaHealth(
    tx,
    land.areaRows.map((area) => area.id),
  );
  return land.site.id;
}
