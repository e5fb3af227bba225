/**
 * Query keys of water take (docs/water-take.md). Keyed under the site, so the route refresh (§2)
 * and a site reset reach them.
 */
import { siteKeys } from '../sites/keys.ts';

export const waterTakeKeys = {
  /** GET sites/{id}/water-consents. */
  consents: (siteId: number) => [...siteKeys.detail(siteId), 'water-consents'] as const,
  /** A consent's produced days over the last `days`. */
  days: (siteId: number, consentId: number, days: number) =>
    [...waterTakeKeys.consents(siteId), consentId, 'days', days] as const,
};
