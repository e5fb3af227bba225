/** Query keys of a site's webhooks (issue 32 item 7) and of each endpoint's deliveries. */
import { siteKeys } from '../sites/keys.ts';

export const webhookKeys = {
  /** GET sites/{id}/webhooks, under the site so the route refresh (§2) reaches it. */
  site: (siteId: number) => [...siteKeys.detail(siteId), 'webhooks'] as const,
  /** GET webhooks/{id}/deliveries, under its site's endpoints: a change to them renews these too. */
  deliveries: (siteId: number, webhookId: number) =>
    [...webhookKeys.site(siteId), webhookId, 'deliveries'] as const,
};
