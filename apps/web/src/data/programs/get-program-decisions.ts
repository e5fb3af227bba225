/**
 * GET programs/{id}/decisions (issue 30): the program's kept decisions, newest first (each start,
 * skip and scale in words). Keyed under the area's programs, so a start or an edit refreshes it.
 */
import { programEndpoints, type ProgramDecisionsPage } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { programKeys } from './keys.ts';

/** The newest decisions the program panel shows. */
const SHOWN = 10;

function getProgramDecisions(programId: number): Promise<ProgramDecisionsPage> {
  return callEndpoint(programEndpoints.listProgramDecisions, {
    params: { id: programId },
    query: { limit: SHOWN },
  });
}

function getProgramDecisionsQueryOptions(areaId: number, programId: number) {
  return queryOptions({
    queryKey: programKeys.decisions(areaId, programId),
    queryFn: () => getProgramDecisions(programId),
  });
}

export function useProgramDecisions(areaId: number, programId: number) {
  return useQuery(getProgramDecisionsQueryOptions(areaId, programId));
}
