/**
 * PUT programs/{id} (§7): every irrigation edit kind of §3 (sequence, schedule, pumps, zones,
 * depth, variation, cycle, repeat, valves, config, zone config) is saved this way; the answer is
 * the saved program. Sent through `useProgramActions().apply`, which tracks the §4 update status
 * (pending, applied, applyFailed) and puts the answer into the area's programs.
 */
import { programEndpoints, type Program, type ProgramUpdateBody } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export function updateProgram(id: number, body: ProgramUpdateBody): Promise<Program> {
  return callEndpoint(programEndpoints.updateProgram, { params: { id }, body });
}
