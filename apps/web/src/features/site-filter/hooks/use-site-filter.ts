import { isSiteFilterActive, type SiteFilter } from '@paddock/domain';
import { useSyncExternalStore } from 'react';
import {
  isSiteFilterOpen,
  readSiteFilter,
  subscribeSiteFilter,
  subscribeSiteFilterModal,
} from '../site-filter-store.ts';

/**
 * The stored site filter (§3 `site_filters`). Pass it to the sites query so GET sites is narrowed
 * (§7): `useUserSites({ filter: useSiteFilter().filter })`.
 */
export function useSiteFilter(): { filter: SiteFilter; active: boolean } {
  const filter = useSyncExternalStore(subscribeSiteFilter, readSiteFilter, readSiteFilter);
  return { filter, active: isSiteFilterActive(filter) };
}

/** Whether the Site filter modal is open (openSiteFilter / closeSiteFilter change it). */
export function useSiteFilterModalOpen(): boolean {
  return useSyncExternalStore(subscribeSiteFilterModal, isSiteFilterOpen, isSiteFilterOpen);
}
