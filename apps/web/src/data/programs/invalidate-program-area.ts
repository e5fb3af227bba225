/**
 * What a program's request or edit changes: the area's programs and its controls (valves open and
 * close with the program). Refetched after each, through the key factories.
 */
import type { Program } from '@paddock/domain';
import type { QueryClient } from '@tanstack/react-query';
import { controlKeys } from '../controls/keys.ts';
import { programKeys } from './keys.ts';

export function invalidateProgramArea(queryClient: QueryClient, areaId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: programKeys.area(areaId) }),
    queryClient.invalidateQueries({ queryKey: controlKeys.area(areaId) }),
  ]);
}

/** Puts a saved program (the answer to PUT programs/{id}) in place among its area's programs. */
export function placeSavedProgram(queryClient: QueryClient, areaId: number, saved: Program) {
  queryClient.setQueryData<Program[]>(programKeys.area(areaId), (programs) =>
    programs?.map((entry) => (entry.id === saved.id ? saved : entry)),
  );
}
