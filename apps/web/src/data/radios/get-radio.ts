/** GET radios/{id} (§7): the radio a deep link names (/{siteId}/{areaId}/radio/{id}). */
import { radioEndpoints, type Radio } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { radioKeys } from './keys.ts';

function getRadio(radioId: number): Promise<Radio> {
  return callEndpoint(radioEndpoints.getRadio, { params: { id: radioId } });
}

function getRadioQueryOptions(radioId: number) {
  return queryOptions({ queryKey: radioKeys.detail(radioId), queryFn: () => getRadio(radioId) });
}

export function useRadio(radioId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRadioQueryOptions(radioId), enabled: options.enabled ?? true });
}
