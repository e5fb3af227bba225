/**
 * POST sites/{id}/webhooks and PUT webhooks/{id}: an endpoint added (its answer carries the secret,
 * which the console shows once and keeps nowhere) or changed.
 */
import {
  webhookEndpoints,
  type WebhookBody,
  type WebhookCreated,
  type WebhookEndpoint,
} from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

function createWebhook(siteId: number, body: WebhookBody): Promise<WebhookCreated> {
  return callEndpoint(webhookEndpoints.createSiteWebhook, { params: { id: siteId }, body });
}

function updateWebhook(id: number, body: WebhookBody): Promise<WebhookEndpoint> {
  return callEndpoint(webhookEndpoints.updateWebhook, { params: { id }, body });
}

export function useCreateWebhook(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookBody) => createWebhook(siteId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.site(siteId) }),
  });
}

export function useUpdateWebhook(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookBody }) => updateWebhook(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.site(siteId) }),
  });
}
