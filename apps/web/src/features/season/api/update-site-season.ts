/**
 * PUT sites/{id} (§7): the site's existing config plus the new season. On success every site
 * query is refreshed (§4 "Season save: spinner, save, refresh site, close dialog").
 */
import { siteEndpoints, type Season, type Site, type SiteConfig } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteKeys } from '../../../data/sites/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function updateSiteSeason(input: {
  siteId: number;
  config: SiteConfig;
  season: Season;
}): Promise<Site> {
  return callEndpoint(siteEndpoints.updateSite, {
    params: { id: input.siteId },
    body: { config: { ...input.config, season: input.season } },
  });
}

export function useUpdateSiteSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSeason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
