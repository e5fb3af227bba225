/** Query keys of privileges (§6): the caller's on a site (under the site) and their own. */
import { siteKeys } from '../sites/keys.ts';

export const privilegeKeys = {
  /** GET sites/{id}/privileges. */
  site: (siteId: number) => [...siteKeys.detail(siteId), 'privileges'] as const,
  /** GET user/privileges. */
  user: () => ['user', 'privileges'] as const,
};
