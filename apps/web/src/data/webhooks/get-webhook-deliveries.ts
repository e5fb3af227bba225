/**
 * GET webhooks/{id}/deliveries: the endpoint's latest deliveries with every attempt, asked while
 * they are shown and polled then, as a retry is made in the background.
 */
import { webhookEndpoints, type WebhookDelivery } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

/** How often shown deliveries are asked again. */
const DELIVERIES_POLL_MS = 10_000;

function getWebhookDeliveries(webhookId: number): Promise<WebhookDelivery[]> {
  return callEndpoint(webhookEndpoints.listWebhookDeliveries, {
    params: { id: webhookId },
    query: {},
  });
}

function getWebhookDeliveriesQueryOptions(siteId: number, webhookId: number) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(siteId, webhookId),
    queryFn: () => getWebhookDeliveries(webhookId),
    refetchInterval: DELIVERIES_POLL_MS,
  });
}

export function useWebhookDeliveries(siteId: number, webhookId: number, enabled: boolean) {
  return useQuery({ ...getWebhookDeliveriesQueryOptions(siteId, webhookId), enabled });
}
