/**
 * GET sites/filter (§7): the values each filter key takes over the user's sites. A failure is
 * only logged (§8 "Failed fetches of … site filter … only logged"); the modal then offers nothing.
 */
import { siteEndpoints, type SitesFilterOptions } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteKeys } from '../../../data/sites/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function getSiteFilterOptions(): Promise<SitesFilterOptions> {
  return callEndpoint(siteEndpoints.getSitesFilterOptions, {});
}

function getSiteFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.filterOptions,
    queryFn: async () => {
      try {
        return await getSiteFilterOptions();
      } catch (error) {
        console.warn('Could not load the site filter options', error);
        throw error;
      }
    },
  });
}

export function useSiteFilterOptions(enabled: boolean) {
  return useQuery({ ...getSiteFilterOptionsQueryOptions(), enabled });
}
