/** GET controls/{id} (§7): the control a deep link names (/{siteId}/{areaId}/control/{id}). */
import { controlEndpoints, type Control } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { controlKeys } from './keys.ts';

function getControl(controlId: number): Promise<Control> {
  return callEndpoint(controlEndpoints.getControl, { params: { id: controlId } });
}

function getControlQueryOptions(controlId: number) {
  return queryOptions({
    queryKey: controlKeys.detail(controlId),
    queryFn: () => getControl(controlId),
  });
}

export function useControl(controlId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getControlQueryOptions(controlId), enabled: options.enabled ?? true });
}
