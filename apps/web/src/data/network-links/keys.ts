/** Query keys of a site's LoRaWAN network server links (issue 32 items 1 and 7) and what each heard. */
import { siteKeys } from '../sites/keys.ts';

export const networkLinkKeys = {
  /** GET sites/{id}/network-links, under the site so the route refresh (§2) reaches it. */
  site: (siteId: number) => [...siteKeys.detail(siteId), 'network-links'] as const,
  /** GET network-links/{id}/heard, under its site's links: a change to them renews these too. */
  heard: (siteId: number, linkId: number) =>
    [...networkLinkKeys.site(siteId), linkId, 'heard'] as const,
};
