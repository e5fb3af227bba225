/**
 * GET areas/{id}/notes (§3 Note; the path is ours, §7 "Paths for notes: not shown"): every note of
 * the area, newest first. One query per area: each pane picks its target's notes from it.
 */
import { noteEndpoints, type Note } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { noteKeys } from './keys.ts';

function getAreaNotes(areaId: number): Promise<Note[]> {
  return callEndpoint(noteEndpoints.listAreaNotes, { params: { id: areaId } });
}

function getAreaNotesQueryOptions(areaId: number) {
  return queryOptions({ queryKey: noteKeys.area(areaId), queryFn: () => getAreaNotes(areaId) });
}

export function useAreaNotes(areaId: number) {
  return useQuery(getAreaNotesQueryOptions(areaId));
}
