/**
 * The SQL of a program's decisions (issue 30 items 4 and 6): what a start's decision is made from
 * (the program's skip rules, its area and site, the site's zone; in deficit mode its zones), the
 * kept decisions newest first, the one kept for a request, and keeping one with its event on the
 * area.
 */
import type {
  EventType,
  ProgramDecisionKind,
  ProgramSchedule,
  SiteConfig,
  SiteTags,
} from '@paddock/domain';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { areas, events, programDecisions, programs, sites } from '../../db/schema.ts';
import { recordProductAction } from '../../audit/product-action.ts';
import { publishSiteEvent } from '../../webhooks/publish.ts';

export type ProgramDecisionRow = typeof programDecisions.$inferSelect;
type ProgramRow = typeof programs.$inferSelect;

/** The program's skip rules with its area and site, and the site's zone settings; null: none. */
export async function programDecisionContext(
  db: Database,
  programId: number,
): Promise<{
  programId: number;
  areaId: number;
  siteId: number;
  schedule: ProgramSchedule;
  siteConfig: SiteConfig;
  siteTags: SiteTags;
} | null> {
  const [row] = await db
    .select({
      programId: programs.id,
      areaId: programs.areaId,
      siteId: areas.siteId,
      schedule: programs.schedule,
      siteConfig: sites.config,
      siteTags: sites.tags,
    })
    .from(programs)
    .innerJoin(areas, eq(areas.id, programs.areaId))
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .where(eq(programs.id, programId));
  return row ?? null;
}

/** What a deficit-mode decision reads of the program: its area, schedule and zones. */
export type DeficitProgram = Pick<ProgramRow, 'id' | 'areaId' | 'schedule' | 'zones'>;

/** The program as a deficit-mode decision reads it; null when there is none. */
export async function readDeficitProgram(
  db: Database,
  programId: number,
): Promise<DeficitProgram | null> {
  const [program] = await db
    .select({
      id: programs.id,
      areaId: programs.areaId,
      schedule: programs.schedule,
      zones: programs.zones,
    })
    .from(programs)
    .where(eq(programs.id, programId));
  return program ?? null;
}

/**
 * The decision of one of `kinds` kept for a start request, or null. A start in deficit mode keeps
 * two: its skip rules' (start, skip or scale) and its deficit decision.
 */
export async function decisionOfRequest(
  db: Database,
  requestId: number,
  kinds: readonly ProgramDecisionKind[],
): Promise<ProgramDecisionRow | null> {
  const [row] = await db
    .select()
    .from(programDecisions)
    .where(
      and(eq(programDecisions.requestId, requestId), inArray(programDecisions.kind, [...kinds])),
    )
    .orderBy(desc(programDecisions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Keeps a decision, and an event on the area in its words when it changed the run (a skip, a
 * scale) so the area's log says why nothing, or less, was watered; a skip is told to the site's
 * webhooks too. A request's decision is kept once: the one kept first is answered.
 */
export async function keepDecision(
  db: Database,
  row: Omit<ProgramDecisionRow, 'id'>,
  event: EventType | null,
): Promise<ProgramDecisionRow> {
  return db.transaction(async (tx) => {
    const [kept] = await tx.insert(programDecisions).values(row).onConflictDoNothing().returning();
    if (!kept) {
      const earlier =
        row.requestId === null ? null : await decisionOfRequest(tx, row.requestId, [row.kind]);
      if (!earlier) throw new Error(`program ${row.programId}: decision not kept`);
      return earlier;
    }
    if (event) {
      await tx.insert(events).values({
        areaId: row.areaId,
        type: event,
        targetType: 'program',
        targetId: row.programId,
        message: row.sentence,
        createdAt: row.at,
      });
    }
    // A start called off: by its skip rules, or by deficit mode finding no zone dry (the only
    // deficit decision the area's log is told of).
    if (row.kind === 'skip' || (row.kind === 'deficit' && event !== null)) {
      await publishSiteEvent(tx, 'program.skipped', {
        site: row.siteId,
        area: row.areaId,
        at: row.at,
        message: row.sentence,
        program: { id: row.programId },
      });
      await recordProductAction(tx, {
        operation: 'program.skipped',
        at: row.at,
        siteId: row.siteId,
        areaId: row.areaId,
        kind: 'program',
        targetId: row.programId,
        detail: row.sentence,
      });
    }
    return kept;
  });
}

/** The program's decisions newest first, `limit` of them, older than decision `before` if given. */
export function programDecisionPage(
  db: Database,
  programId: number,
  page: { limit: number; before?: number | undefined },
): Promise<ProgramDecisionRow[]> {
  const older = page.before === undefined ? undefined : lt(programDecisions.id, page.before);
  return db
    .select()
    .from(programDecisions)
    .where(and(eq(programDecisions.programId, programId), older))
    .orderBy(desc(programDecisions.id))
    .limit(page.limit);
}
