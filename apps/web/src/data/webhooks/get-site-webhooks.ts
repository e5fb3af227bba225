/** GET sites/{id}/webhooks: the site's webhook endpoints (admins only), never their secrets. */
import { webhookEndpoints, type WebhookEndpoint } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

function getSiteWebhooks(siteId: number): Promise<WebhookEndpoint[]> {
  return callEndpoint(webhookEndpoints.listSiteWebhooks, { params: { id: siteId } });
}

function getSiteWebhooksQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: webhookKeys.site(siteId),
    queryFn: () => getSiteWebhooks(siteId),
  });
}

export function useSiteWebhooks(siteId: number) {
  return useQuery(getSiteWebhooksQueryOptions(siteId));
}
