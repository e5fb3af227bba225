/** POST areas/{id}/notes: a note on the area or one of its things (edit). */
import { noteEndpoints, type Note, type NoteCreateBody } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { noteKeys } from './keys.ts';

function createNote(areaId: number, body: NoteCreateBody): Promise<Note> {
  return callEndpoint(noteEndpoints.createAreaNote, { params: { id: areaId }, body });
}

export function useCreateNote(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteCreateBody) => createNote(areaId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noteKeys.area(areaId) }),
  });
}
