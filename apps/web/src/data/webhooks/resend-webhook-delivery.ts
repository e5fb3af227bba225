/** POST webhooks/{id}/deliveries/{deliveryId}/resend: the event queued to the endpoint again. */
import { webhookEndpoints, type WebhookDelivery } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

function resendWebhookDelivery(id: number, deliveryId: number): Promise<WebhookDelivery> {
  return callEndpoint(webhookEndpoints.resendWebhookDelivery, { params: { id, deliveryId } });
}

export function useResendWebhookDelivery(siteId: number, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => resendWebhookDelivery(webhookId, deliveryId),
    // The endpoint's pending count changes too: its site's list is under the same key.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.site(siteId) }),
  });
}
