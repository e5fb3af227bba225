/**
 * GET programs/{id}/decision (issue 30): what the program would do if it started now, and why;
 * the server starts nothing and keeps nothing. Keyed under the area's programs.
 */
import { programEndpoints, type ProgramDecisionPreview } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { programKeys } from './keys.ts';

function getProgramDecision(programId: number): Promise<ProgramDecisionPreview> {
  return callEndpoint(programEndpoints.previewProgramDecision, { params: { id: programId } });
}

function getProgramDecisionQueryOptions(areaId: number, programId: number) {
  return queryOptions({
    queryKey: programKeys.decision(areaId, programId),
    queryFn: () => getProgramDecision(programId),
  });
}

export function useProgramDecision(areaId: number, programId: number) {
  return useQuery(getProgramDecisionQueryOptions(areaId, programId));
}
