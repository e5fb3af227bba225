/**
 * The landing page's site list (§2): the user's sites grouped by country, then region, narrowed by
 * a search text. Countries, regions and sites are sorted by their shown names.
 */
import type { CountryCode } from '@paddock/domain';

export interface ListedSite {
  readonly id: number;
  readonly label: string;
  readonly tags: { readonly country: CountryCode; readonly region: string };
}

interface RegionGroup<S extends ListedSite> {
  readonly region: string;
  readonly sites: readonly S[];
}

export interface CountryGroup<S extends ListedSite> {
  readonly country: CountryCode;
  readonly regions: readonly RegionGroup<S>[];
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * Sites whose label, region or country name contains every word of `search` (case- and
 * accent-insensitive), grouped. `countryName` gives the shown (translated) country name.
 */
export function groupSites<S extends ListedSite>(
  sites: readonly S[],
  search: string,
  countryName: (country: CountryCode) => string,
): CountryGroup<S>[] {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  const matches = sites.filter((site) => {
    const text = normalise(
      `${site.label} ${site.tags.region} ${countryName(site.tags.country)} ${site.tags.country}`,
    );
    return words.every((word) => text.includes(word));
  });

  const countries = new Map<CountryCode, Map<string, S[]>>();
  for (const site of matches) {
    const regions = countries.get(site.tags.country) ?? new Map<string, S[]>();
    countries.set(site.tags.country, regions);
    regions.set(site.tags.region, [...(regions.get(site.tags.region) ?? []), site]);
  }
  return [...countries.entries()]
    .sort(([a], [b]) => byText(countryName(a), countryName(b)))
    .map(([country, regions]) => ({
      country,
      regions: [...regions.entries()]
        .sort(([a], [b]) => byText(a, b))
        .map(([region, list]) => ({
          region,
          sites: [...list].sort((a, b) => byText(a.label, b.label)),
        })),
    }));
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
