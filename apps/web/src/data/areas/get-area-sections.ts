/**
 * GET sections?area={id} (§7): the header's 'Zone {label}' title on the zone page and the zones on
 * the irrigation map — one query, fetched once per page.
 */
import { sectionEndpoints, type Section } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { areaKeys } from './keys.ts';

function getAreaSections(areaId: number): Promise<Section[]> {
  return callEndpoint(sectionEndpoints.listSections, { query: { area: areaId } });
}

export function getAreaSectionsQueryOptions(areaId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: areaKeys.sections(areaId),
      queryFn: () => getAreaSections(areaId),
    }),
    { key: 'areaSections', areaId },
  );
}

export function useAreaSections(areaId: number | undefined) {
  return useQuery({ ...getAreaSectionsQueryOptions(areaId ?? 0), enabled: areaId !== undefined });
}
