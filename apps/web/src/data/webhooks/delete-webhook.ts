/** DELETE webhooks/{id}: the endpoint goes, with its deliveries. */
import { webhookEndpoints } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

function deleteWebhook(id: number): Promise<undefined> {
  return callEndpoint(webhookEndpoints.deleteWebhook, { params: { id } });
}

export function useDeleteWebhook(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWebhook(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.site(siteId) }),
  });
}
