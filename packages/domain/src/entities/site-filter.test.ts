import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SITE_FILTER,
  isSiteFilterActive,
  siteFilterFromQuery,
  siteFilterFromStored,
  siteFilterSchema,
  siteFilterToQuery,
  siteFilterToStored,
} from './site-filter.ts';
import type { SiteFilter } from './site-filter.ts';

const filter: SiteFilter = {
  application: ['irrigation', 'frost'],
  country: ['nz'],
  region: ["Hawke's Bay", 'Marlborough'],
  operator: [],
  client: ['Te Awa Vineyard Ltd'],
};

const valueArb = fc.string({ minLength: 1 }).filter((value) => !value.includes(';'));
const filterArb: fc.Arbitrary<SiteFilter> = fc.record({
  application: fc.array(valueArb, { maxLength: 4 }),
  country: fc.array(valueArb, { maxLength: 4 }),
  region: fc.array(valueArb, { maxLength: 4 }),
  operator: fc.array(valueArb, { maxLength: 4 }),
  client: fc.array(valueArb, { maxLength: 4 }),
});

describe('§3 site filter schema', () => {
  it('a missing key parses as an empty list', () => {
    expect(siteFilterSchema.parse({ country: ['au'] })).toEqual({
      ...EMPTY_SITE_FILTER,
      country: ['au'],
    });
  });

  it.each([
    ['a value holding the separator', { region: ['Hawke;s Bay'] }],
    ['an empty value', { country: [''] }],
    ['a value that is not a list', { country: 'nz' }],
  ])('refuses %s', (_why, value) => {
    expect(siteFilterSchema.safeParse(value).success).toBe(false);
  });
});

describe('§3 stored form: filter name → semicolon-separated values', () => {
  it('joins each non-empty list with ;', () => {
    expect(siteFilterToStored(filter)).toEqual({
      application: 'irrigation;frost',
      country: 'nz',
      region: "Hawke's Bay;Marlborough",
      client: 'Te Awa Vineyard Ltd',
    });
  });

  it('ignores unknown names and empty values when reading', () => {
    expect(siteFilterFromStored({ country: 'nz;;au', crop: 'grapes', region: '' })).toEqual({
      ...EMPTY_SITE_FILTER,
      country: ['nz', 'au'],
    });
  });

  it('round-trips any filter', () => {
    fc.assert(
      fc.property(filterArb, (value) => {
        expect(siteFilterFromStored(siteFilterToStored(value))).toEqual(value);
      }),
    );
  });
});

describe('§7 GET sites query: values split on ;, repeated per key', () => {
  it('emits one pair per value in key order', () => {
    expect(siteFilterToQuery(filter)).toEqual([
      ['application', 'irrigation'],
      ['application', 'frost'],
      ['country', 'nz'],
      ['region', "Hawke's Bay"],
      ['region', 'Marlborough'],
      ['client', 'Te Awa Vineyard Ltd'],
    ]);
  });

  it.each([
    [
      { extended: true },
      [
        ['country', 'nz'],
        ['extended', 'true'],
      ],
    ],
    [{ extended: false }, [['country', 'nz']]],
    [{}, [['country', 'nz']]],
  ])('extended variant %j', (options, pairs) => {
    expect(siteFilterToQuery({ ...EMPTY_SITE_FILTER, country: ['nz'] }, options)).toEqual(pairs);
  });

  it('an empty filter sends no pairs', () => {
    expect(siteFilterToQuery(EMPTY_SITE_FILTER)).toEqual([]);
  });

  it('reads back, ignoring unknown keys and extended, splitting stored values', () => {
    expect(
      siteFilterFromQuery([
        ['country', 'nz;au'],
        ['extended', 'true'],
        ['page', '2'],
        ['region', 'Riverina'],
        ['region', ''],
      ]),
    ).toEqual({ ...EMPTY_SITE_FILTER, country: ['nz', 'au'], region: ['Riverina'] });
  });

  it('round-trips any filter, with or without extended', () => {
    fc.assert(
      fc.property(filterArb, fc.boolean(), (value, extended) => {
        expect(siteFilterFromQuery(siteFilterToQuery(value, { extended }))).toEqual(value);
      }),
    );
  });

  it('stored and query forms carry the same filter', () => {
    fc.assert(
      fc.property(filterArb, (value) => {
        const viaQuery = siteFilterFromQuery(Object.entries(siteFilterToStored(value)));
        expect(viaQuery).toEqual(value);
      }),
    );
  });
});

describe('§2 a site filter is active when any key has a value', () => {
  it.each<[string, SiteFilter, boolean]>([
    ['empty', EMPTY_SITE_FILTER, false],
    ['one country', { ...EMPTY_SITE_FILTER, country: ['au'] }, true],
    ['one client', { ...EMPTY_SITE_FILTER, client: ['Riverina Almonds'] }, true],
    ['the full example', filter, true],
  ])('%s: %s', (_why, value, active) => {
    expect(isSiteFilterActive(value)).toBe(active);
  });
});
