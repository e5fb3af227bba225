/**
 * The why of a demo program's runs (issue 30): Te Awa's drip program skips a start after 10 mm of
 * rain, and its decision log holds one such skip from yesterday, made by the domain's decideSkip
 * from a reading of the site's own gauge, so `npm start` shows a rain skip in words. Te Awa's
 * program is one no end-to-end spec starts (it is shown running), so the rule never stops theirs.
 */
import { decideSkip, describeSkipDecision, programSkipRulesSchema } from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import { and, eq } from 'drizzle-orm';
import type { DemoSite } from './demo-sites.ts';
import type { SiteLand } from './land.ts';
import { findSiteProgram } from './programs.ts';
import { minutesAgo } from './support.ts';

export const DEMO_SKIP_RULES_PROGRAM = 'Te Awa drip program';
/** The rain the past skip read (mm in the 24 h before it). */
const PAST_RAIN_MM = 14.2;

export async function seedProgramDecisions(
  tx: Transaction,
  spec: DemoSite,
  now: Date,
  land: SiteLand,
) {
  const program = await findSiteProgram(tx, land, DEMO_SKIP_RULES_PROGRAM);
  if (!program) return;
  const [gauge] = await tx
    .select()
    .from(t.sensors)
    .where(and(eq(t.sensors.siteId, land.site.id), eq(t.sensors.type, 'rainbucket')));
  if (!gauge) return;
  const rules = programSkipRulesSchema.parse({ rain: { atLeastMm: 10 } });
  await tx
    .update(t.programs)
    .set({ schedule: { ...program.schedule, skipRules: rules } })
    .where(eq(t.programs.id, program.id));

  // Yesterday, on the half hour, a start the rain called off.
  const at = new Date(Math.floor(minutesAgo(now, 27 * 60).getTime() / 1_800_000) * 1_800_000);
  const rain = { value: PAST_RAIN_MM, sensorId: gauge.id, label: gauge.label, at: at.getTime() };
  const inputs = { rain24h: rain, wind: null, temperature: null, soilMoisture: null };
  const decision = decideSkip(rules, inputs, at.getTime(), spec.timezone);
  const sentence = describeSkipDecision(decision, spec.timezone);
  await tx.insert(t.programDecisions).values({
    programId: program.id,
    areaId: program.areaId,
    siteId: land.site.id,
    at,
    kind: 'skip',
    requestId: null,
    decision,
    sentence,
  });
  await tx.insert(t.events).values({
    areaId: program.areaId,
    type: 'info',
    targetType: 'program',
    targetId: program.id,
    message: sentence,
    open: false,
    createdAt: at,
  });
}
