/**
 * GET and PUT sites/{id}/frost-rules: the site's frost fan rules (start, stop, wind, hours) and the
 * early warning's critical temperature and margin. A save changes what the area's answers are
 * judged by (the runs' flags, tonight's warning threshold), so the area's queries are fetched
 * again.
 */
import { frostEndpoints, type FrostRules, type SiteFrostRules } from '@paddock/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { areaKeys } from '../areas/keys.ts';
import { frostKeys } from './keys.ts';

function getSiteFrostRules(siteId: number): Promise<SiteFrostRules> {
  return callEndpoint(frostEndpoints.getSiteFrostRules, { params: { id: siteId } });
}

function updateSiteFrostRules(siteId: number, rules: FrostRules): Promise<SiteFrostRules> {
  return callEndpoint(frostEndpoints.updateSiteFrostRules, {
    params: { id: siteId },
    body: rules,
  });
}

function getSiteFrostRulesQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: frostKeys.rules(siteId),
    queryFn: () => getSiteFrostRules(siteId),
  });
}

export const useSiteFrostRules = (siteId: number) =>
  useQuery(getSiteFrostRulesQueryOptions(siteId));

export function useUpdateSiteFrostRules(siteId: number, areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: FrostRules) => updateSiteFrostRules(siteId, rules),
    onSuccess: (saved) => {
      queryClient.setQueryData(frostKeys.rules(siteId), saved);
      void queryClient.invalidateQueries({ queryKey: areaKeys.detail(areaId) });
    },
  });
}
