/** DELETE notes/{id}: the author takes their note back (the server refuses anyone else's). */
import { noteEndpoints } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { noteKeys } from './keys.ts';

function deleteNote(id: number): Promise<undefined> {
  return callEndpoint(noteEndpoints.deleteNote, { params: { id } });
}

export function useDeleteNote(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) => deleteNote(noteId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noteKeys.area(areaId) }),
  });
}
