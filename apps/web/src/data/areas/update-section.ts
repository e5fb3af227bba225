/**
 * PUT sections/{id} (§7) with a label: renames a zone. Its label shows in the sections (header
 * title, zone page, map), in what the area's queries carry (programs, irrigation history) and in
 * the site's answers, so all three are refreshed; reports read it on the server when made.
 */
import { sectionEndpoints, type Section } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { siteKeys } from '../sites/keys.ts';
import { areaKeys } from './keys.ts';

function renameSection(id: number, label: string): Promise<Section> {
  return callEndpoint(sectionEndpoints.updateSection, { params: { id }, body: { label } });
}

export function useRenameSection(siteId: number, areaId: number, sectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => renameSection(sectionId, label),
    // Not awaited: the rename form closes once the name is saved, and the screens follow.
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: areaKeys.sections(areaId) }),
        queryClient.invalidateQueries({ queryKey: areaKeys.detail(areaId) }),
        queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) }),
      ]);
    },
  });
}
