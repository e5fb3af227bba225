/** A kept decision row as GET programs/{id}/decisions shows it. */
import { programDecisionDetailSchema, type ProgramDecision } from '@paddock/domain';
import type { ProgramDecisionRow } from './program-decision.repository.ts';

export function presentProgramDecision(row: ProgramDecisionRow): ProgramDecision {
  return {
    id: row.id,
    program: row.programId,
    area: row.areaId,
    site: row.siteId,
    at: row.at.toISOString(),
    kind: row.kind,
    requestId: row.requestId,
    sentence: row.sentence,
    detail: programDecisionDetailSchema.parse(row.decision),
  };
}
