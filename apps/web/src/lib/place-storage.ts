/**
 * The `site` and `area` browser storage keys (§3): the site and the area the console shows, each
 * as `{ id, pane }` with the §2 number of the pane shown (irrigation 1 … users 7; domain
 * storedPlaces). Written on every route that shows a pane, so another tab or the next visit knows
 * where the person was.
 */
import { browserStorageKeys, storedPlaces, type Route, type StoredPlace } from '@paddock/domain';
import { useEffect } from 'react';

function store(key: string, place: StoredPlace | undefined): void {
  if (!place) return;
  try {
    localStorage.setItem(key, JSON.stringify(place));
  } catch {
    // Storage refused (private mode): nothing to remember.
  }
}

/** Stores the route's site and area under `site` and `area`. */
export function storePlaces(route: Route): void {
  const { site, area } = storedPlaces(route);
  store(browserStorageKeys.site, site);
  store(browserStorageKeys.area, area);
}

/** Stores the site and area of each route shown. */
export function useStorePlaces(route: Route): void {
  const { site, area } = storedPlaces(route);
  const siteKey = site ? `${site.id}:${site.pane}` : '';
  const areaKey = area ? `${area.id}:${area.pane}` : '';
  useEffect(() => {
    storePlaces(route);
    // Only when the place or the pane changes, not on every render of the same route.
  }, [siteKey, areaKey]); // eslint-disable-line react-hooks/exhaustive-deps
}
