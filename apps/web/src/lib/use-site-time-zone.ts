/**
 * The zone a site's times are shown in (§3: its configured zone, else its country's, else the
 * browser's), worked out once per site config and country.
 */
import { siteTimeZone, type Site } from '@paddock/domain';
import { useMemo } from 'react';

export function useSiteTimeZone(site: Pick<Site, 'config' | 'tags'>): string {
  const { config } = site;
  const country = site.tags.country;
  return useMemo(
    () => siteTimeZone(config, country, Intl.DateTimeFormat().resolvedOptions().timeZone),
    [config, country],
  );
}
