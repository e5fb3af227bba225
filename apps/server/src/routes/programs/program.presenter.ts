/** A program row as the domain's Program entity (§3). */
import type { Program } from '@paddock/domain';
import type { programs } from '../../db/schema.ts';

export type ProgramRow = typeof programs.$inferSelect;

export function presentProgram(row: ProgramRow): Program {
  return {
    id: row.id,
    name: row.name,
    area: row.areaId,
    status: row.status,
    schedule: row.schedule,
    zones: row.zones,
    modified: row.modifiedAt.toISOString(),
  };
}
