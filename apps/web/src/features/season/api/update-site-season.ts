/**
 * PUT sites/{id} (§7): the site's existing config plus the new season. On success every site
 * query is refreshed (§4 "Season save: spinner, save, refresh site, close dialog").
 */
import { siteSchema, type Season, type Site, type SiteConfig } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteKeys } from '../../../data/sites/keys.ts';
import { api } from '../../../lib/api-client.ts';

export function updateSiteSeason(input: {
  siteId: number;
  config: SiteConfig;
  season: Season;
}): Promise<Site> {
  return api.put(
    `/sites/${input.siteId}`,
    { config: { ...input.config, season: input.season } },
    { schema: siteSchema },
  );
}

export function useUpdateSiteSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSeason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
