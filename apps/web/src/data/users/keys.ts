/** Query keys of a site's users (§7 GET sites/{siteId}/users) and its Switch User audit trail. */
import { siteKeys } from '../sites/keys.ts';

export const userKeys = {
  /** GET sites/{siteId}/users, under the site so the route refresh (§2) reaches it. */
  site: (siteId: number) => [...siteKeys.detail(siteId), 'users'] as const,
  /** GET sites/{siteId}/user-switches. */
  switches: (siteId: number) => [...siteKeys.detail(siteId), 'user-switches'] as const,
};
