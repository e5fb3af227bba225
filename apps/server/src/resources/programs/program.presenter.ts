/**
 * A program row as the domain's Program entity (§3), its numbers within the domain's bounds (a
 * program saved before them still shows and can be edited; programWithinBounds says why).
 */
import { programWithinBounds, type Program } from '@paddock/domain';
import type { programs } from '../../db/schema.ts';

export type ProgramRow = typeof programs.$inferSelect;

export function presentProgram(row: ProgramRow): Program {
  const { schedule, zones } = programWithinBounds(row);
  return {
    id: row.id,
    name: row.name,
    area: row.areaId,
    status: row.status,
    schedule,
    zones,
    modified: row.modifiedAt.toISOString(),
  };
}
