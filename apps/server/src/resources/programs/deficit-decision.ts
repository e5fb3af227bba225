/**
 * A start in "water the deficit" mode (issue 30 item 4): each zone's depletion today from the
 * area's water balance as GET areas/{id}/water-balance gives it, the domain's decision of which
 * zones run and for how long, and the decision kept once per start request (kind 'deficit'), in
 * words. The runner calls keepDeficitDecision when a start of the whole program begins; GET
 * programs/{id}/decision calls decideDeficitNow, which keeps nothing.
 */
import {
  decideDeficitStart,
  deficitDecisionDetailSchema,
  describeDeficitDecision,
  type DeficitDecisionDetail,
  type DeficitModeSettings,
  type ProgramSchedule,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { readWaterBalanceInputs } from '../water-balance/area-water-balance.ts';
import { presentWaterBalance } from '../water-balance/water-balance.presenter.ts';
import {
  decisionOfRequest,
  keepDecision,
  readDeficitProgram,
  type DeficitProgram,
} from './program-decision.repository.ts';

type DeficitOutcome = { detail: DeficitDecisionDetail; sentence: string };

/** The program's deficit mode when it is on; null when off. */
export function deficitModeOf(schedule: ProgramSchedule): DeficitModeSettings | null {
  return schedule.deficitMode ?? null;
}

/**
 * What a start of the whole program at `now` would water in deficit mode, and why, from each
 * zone's balance today; null when the mode is off or the area is gone.
 */
async function decideDeficit(
  db: Database,
  program: DeficitProgram,
  now: Date,
): Promise<(DeficitOutcome & { siteId: number }) | null> {
  const settings = deficitModeOf(program.schedule);
  if (!settings) return null;
  const inputs = await readWaterBalanceInputs(db, program.areaId, {}, now);
  if (!inputs) return null;
  const balance = presentWaterBalance(program.areaId, inputs);
  const balances = new Map(balance.zones.map((zone) => [zone.section, zone]));
  const labels = new Map(balance.zones.map((zone) => [zone.section, zone.label]));
  const detail = decideDeficitStart(program, balances, settings, now.getTime());
  const sentence = describeDeficitDecision(detail, labels, inputs.timeZone);
  return { detail, sentence, siteId: inputs.area.siteId };
}

/** GET programs/{id}/decision: what deficit mode would do now; null when off or no program. */
export async function decideDeficitNow(
  db: Database,
  programId: number,
  now: Date,
): Promise<DeficitOutcome | null> {
  const program = await readDeficitProgram(db, programId);
  const decided = program && (await decideDeficit(db, program, now));
  return decided && { detail: decided.detail, sentence: decided.sentence };
}

/**
 * Decides a start request of the whole program in deficit mode as it begins and keeps the
 * decision, once: a job taken again answers the decision kept the first time. Null when the
 * mode is off or the program is gone. `planned`: the schedule and zones the run is planned from
 * (the runner's setup) when it has them, else the program's as stored.
 */
export async function keepDeficitDecision(
  db: Database,
  programId: number,
  requestId: number,
  now: Date,
  planned?: Pick<DeficitProgram, 'schedule' | 'zones'>,
): Promise<DeficitOutcome | null> {
  const earlier = await decisionOfRequest(db, requestId, ['deficit']);
  const kept = earlier ? deficitDecisionDetailSchema.safeParse(earlier.decision) : null;
  if (earlier && kept?.success) return { detail: kept.data, sentence: earlier.sentence };
  const stored = await readDeficitProgram(db, programId);
  if (!stored) return null;
  const program = planned ? { ...stored, ...planned } : stored;
  const decided = await decideDeficit(db, program, now);
  if (!decided) return null;
  const watered = decided.detail.zones.some((zone) => zone.run);
  const row = await keepDecision(
    db,
    {
      programId,
      areaId: program.areaId,
      siteId: decided.siteId,
      at: now,
      kind: 'deficit',
      requestId,
      decision: decided.detail,
      sentence: decided.sentence,
    },
    // The area's log says why nothing was watered; a start that waters is told by its run.
    watered ? null : 'info',
  );
  return { detail: deficitDecisionDetailSchema.parse(row.decision), sentence: row.sentence };
}
