/**
 * The sidebar's site search-select (§2): sites grouped by country and region, filtered by what the
 * user types; Enter picks the first match.
 */
import type { CountryCode } from '@paddock/domain';

/** What the select needs of a site (GET sites items are assignable). */
export interface SelectableSite {
  readonly id: number;
  readonly label: string;
  readonly tags: { readonly country: CountryCode; readonly region: string };
}

export interface SiteOption {
  readonly value: string;
  readonly label: string;
}

export interface SiteOptionGroup {
  readonly group: string;
  readonly items: readonly SiteOption[];
}

const ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * One group per country and region, named '{country} · {region}'; groups in country then region
 * order, sites by label within a group.
 */
export function groupSites(
  sites: readonly SelectableSite[],
  countryName: (code: CountryCode) => string,
): SiteOptionGroup[] {
  const groups = new Map<string, { country: string; region: string; sites: SelectableSite[] }>();
  for (const site of sites) {
    const country = countryName(site.tags.country);
    const key = `${country}\u0000${site.tags.region}`;
    const group = groups.get(key) ?? { country, region: site.tags.region, sites: [] };
    group.sites.push(site);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => ORDER.compare(a.country, b.country) || ORDER.compare(a.region, b.region))
    .map((group) => ({
      group: `${group.country} · ${group.region}`,
      items: [...group.sites]
        .sort((a, b) => ORDER.compare(a.label, b.label) || a.id - b.id)
        .map((site) => ({ value: String(site.id), label: site.label })),
    }));
}

/**
 * The groups narrowed to what the user typed: a site matches when its label or its group (country,
 * region) contains the text, ignoring case and surrounding spaces. Empty groups are dropped.
 */
export function filterSiteGroups<G extends { group: string; items: readonly { label: string }[] }>(
  groups: readonly G[],
  search: string,
): G[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...groups];
  return groups
    .map((group) =>
      group.group.toLocaleLowerCase().includes(needle)
        ? group
        : {
            ...group,
            items: group.items.filter((item) => item.label.toLocaleLowerCase().includes(needle)),
          },
    )
    .filter((group) => group.items.length > 0);
}

/** The first site the search matches (what Enter picks), or undefined. */
export function firstSiteMatch(
  groups: readonly SiteOptionGroup[],
  search: string,
): SiteOption | undefined {
  return filterSiteGroups(groups, search)[0]?.items[0];
}
