/**
 * The dashboard's filters (§2 "Filters come as query parameters country, region, application")
 * and markers. A filter value is a semicolon-separated list (the stored site-filter form, §3); a
 * site passes when, for every filter given, one of its values matches, ignoring case (so
 * ?country=NZ finds the nz sites).
 */
import {
  DASHBOARD_FILTER_KEYS,
  parsePointText,
  SITE_FILTER_SEPARATOR,
  type DashboardFilter,
  type LatLng,
  type SiteBriefSummary,
} from '@paddock/domain';
import { siteBriefStatus, type SiteBriefStatus } from '../../lib/site-brief-status.ts';

export type DashboardFilterKey = (typeof DASHBOARD_FILTER_KEYS)[number];

/** The part of a site the dashboard reads; a full `Site` is assignable. */
export interface DashboardSite {
  readonly id: number;
  readonly label: string;
  /** Point text, lat first (§3). */
  readonly location: string;
  readonly tags: { readonly country: string; readonly region: string };
  readonly applications: readonly string[];
  readonly summary?: SiteBriefSummary | null;
}

/** 'nz;au' → ['nz', 'au']; empty parts are dropped. */
export function filterValues(value: string | undefined): string[] {
  return (value ?? '').split(SITE_FILTER_SEPARATOR).filter((part) => part.trim() !== '');
}

/** The filter with one key set to `values` (none removes the key). */
export function withFilterValues(
  filter: DashboardFilter,
  key: DashboardFilterKey,
  values: readonly string[],
): DashboardFilter {
  const next: Partial<Record<DashboardFilterKey, string>> = {};
  for (const other of DASHBOARD_FILTER_KEYS) {
    const value = other === key ? values.join(SITE_FILTER_SEPARATOR) : filter[other];
    if (value) next[other] = value;
  }
  return next;
}

function siteValues(site: DashboardSite, key: DashboardFilterKey): readonly string[] {
  if (key === 'application') return site.applications;
  return [site.tags[key]];
}

const lower = (text: string) => text.toLowerCase();

function passes(site: DashboardSite, filter: DashboardFilter, keys: readonly DashboardFilterKey[]) {
  return keys.every((key) => {
    const wanted = filterValues(filter[key]).map(lower);
    return (
      wanted.length === 0 || siteValues(site, key).some((value) => wanted.includes(lower(value)))
    );
  });
}

/** The sites the filter keeps, in their order. */
export function applyDashboardFilter<S extends DashboardSite>(
  sites: readonly S[],
  filter: DashboardFilter,
): S[] {
  return sites.filter((site) => passes(site, filter, DASHBOARD_FILTER_KEYS));
}

/**
 * The values each filter control offers: those of the sites that pass the other filters (so the
 * regions narrow to the chosen countries), plus the values already chosen; one spelling per value
 * ignoring case (a site's own spelling wins), sorted.
 */
export function dashboardFilterOptions(
  sites: readonly DashboardSite[],
  filter: DashboardFilter,
): Record<DashboardFilterKey, string[]> {
  const options = {} as Record<DashboardFilterKey, string[]>;
  for (const key of DASHBOARD_FILTER_KEYS) {
    const others = DASHBOARD_FILTER_KEYS.filter((other) => other !== key);
    const values = new Map<string, string>();
    for (const site of sites) {
      if (!passes(site, filter, others)) continue;
      for (const value of siteValues(site, key)) values.set(lower(value), value);
    }
    for (const value of filterValues(filter[key])) {
      if (!values.has(lower(value))) values.set(lower(value), value);
    }
    options[key] = [...values.values()].sort((a, b) => a.localeCompare(b));
  }
  return options;
}

/** The chosen values of one filter, spelled as the options spell them (?country=NZ → nz). */
export function chosenValues(
  filter: DashboardFilter,
  key: DashboardFilterKey,
  options: readonly string[],
): string[] {
  return filterValues(filter[key]).map(
    (value) => options.find((option) => lower(option) === lower(value)) ?? value,
  );
}

export interface SiteMarker {
  readonly id: number;
  readonly label: string;
  readonly position: LatLng;
  readonly status: SiteBriefStatus;
}

/** One marker per site with a readable location (§3 location text), coloured by its summary. */
export function siteMarkers(sites: readonly DashboardSite[]): SiteMarker[] {
  return sites.flatMap((site) => {
    const position = parsePointText(site.location);
    return position
      ? [{ id: site.id, label: site.label, position, status: siteBriefStatus(site.summary) }]
      : [];
  });
}
