/**
 * Programs that water by need on the demo farm (issue 30 item 4). Te Awa's and Loxton's
 * irrigation areas have a soil water balance per zone: the last zone of their program sits on
 * a shallow, stony strip (5 cm of roots in loam: TAW 7.5 mm, RAW 1.5 mm) that one dry day takes
 * past its trigger, the others on deep soil (4 m: RAW 300 mm) that a season does not empty, so
 * each zone page's water balance shows a zone with a deficit and zones without. Te Awa's drip
 * program waters the deficit, and its log holds yesterday's deficit start, made by the domain's
 * decideDeficitStart. Loxton's program is left as set: the end-to-end spec turns it on there.
 */
import {
  decideDeficitStart,
  deficitModeSettingsSchema,
  describeDeficitDecision,
  totalAvailableWater,
  readilyAvailableWater,
  DEFAULT_WATER_BALANCE,
  type DeficitZoneBalance,
} from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DemoSite } from './demo-sites.ts';
import { DEMO_SKIP_RULES_PROGRAM } from './program-decisions.ts';
import type { SiteLand } from './land.ts';
import { minutesAgo } from './support.ts';

/** The program in deficit mode: Te Awa's, which no end-to-end spec starts. */
export const DEMO_DEFICIT_PROGRAM = DEMO_SKIP_RULES_PROGRAM;
/** The sites whose irrigation area has a shallow zone and deep ones. */
const DEMO_WATER_BALANCE_SITES = ['Te Awa Vineyard', 'Loxton Almonds'];

const SHALLOW = { rootDepth: 0.05, depletionFraction: 0.2 };
const DEEP = { rootDepth: 4 };
/** How far down the deep zones were at yesterday's start (mm): nowhere near their RAW. */
const DEEP_DEPLETION_MM = 14.2;

const soilOf = (zone: typeof SHALLOW | typeof DEEP) => ({
  ...DEFAULT_WATER_BALANCE.soil,
  ...zone,
});

export async function seedDeficitMode(tx: Transaction, spec: DemoSite, now: Date, land: SiteLand) {
  if (!DEMO_WATER_BALANCE_SITES.includes(spec.label)) return;
  const areaIds = land.irrigationAreas.map((area) => area.id);
  if (areaIds.length === 0) return;
  const programs = await tx.select().from(t.programs).where(inArray(t.programs.areaId, areaIds));
  for (const program of programs) {
    const area = land.irrigationAreas.find((candidate) => candidate.id === program.areaId);
    const shallow = program.schedule.sequences.flat().at(-1);
    if (!area || shallow === undefined) continue;
    const zoneIds = land.zonesOf(area).map((zone) => zone.id);
    const zones = Object.fromEntries(zoneIds.map((id) => [id, id === shallow ? SHALLOW : DEEP]));
    // Beside the area's other settings (its map bounds), which the areas table's type names alone.
    await tx.execute(
      sql`update areas set settings = coalesce(settings, '{}'::jsonb) || ${JSON.stringify({
        waterBalance: { zones },
      })}::jsonb where id = ${area.id}`,
    );
    if (program.name !== DEMO_DEFICIT_PROGRAM) continue;

    const settings = deficitModeSettingsSchema.parse({});
    await tx
      .update(t.programs)
      .set({ schedule: { ...program.schedule, deficitMode: settings } })
      .where(eq(t.programs.id, program.id));
    // Yesterday, on the half hour, a start that watered the shallow zone only.
    const at = new Date(Math.floor(minutesAgo(now, 22 * 60).getTime() / 1_800_000) * 1_800_000);
    const balances = new Map<number, DeficitZoneBalance>(
      zoneIds.map((id) => {
        const soil = soilOf(id === shallow ? SHALLOW : DEEP);
        const taw = totalAvailableWater(soil);
        const depletion = id === shallow ? taw : DEEP_DEPLETION_MM;
        return [id, { depletion, raw: readilyAvailableWater(soil), taw }];
      }),
    );
    const detail = decideDeficitStart(program, balances, settings, at.getTime());
    const labels = new Map(land.zonesOf(area).map((zone) => [zone.id, zone.label]));
    await tx.insert(t.programDecisions).values({
      programId: program.id,
      areaId: program.areaId,
      siteId: land.site.id,
      at,
      kind: 'deficit',
      requestId: null,
      decision: detail,
      sentence: describeDeficitDecision(detail, labels, spec.timezone),
    });
  }
}
