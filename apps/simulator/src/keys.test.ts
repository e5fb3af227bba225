import { describe, expect, it } from 'vitest';
import { mergeSites, parseKeysListing, parseSiteArgument, SiteArgumentError } from './keys.ts';

describe('sites on the command line', () => {
  it('reads SITE_ID:KEY and a bare SITE_ID', () => {
    expect(parseSiteArgument('3:abc:def')).toEqual({ siteId: 3, password: 'abc:def' });
    expect(parseSiteArgument('12')).toEqual({ siteId: 12 });
    expect(() => parseSiteArgument('zero')).toThrow(SiteArgumentError);
    expect(() => parseSiteArgument('0:key')).toThrow(SiteArgumentError);
  });

  it('reads the output of npm run field:keys', () => {
    const listing = [
      '> paddock@1.2.25 field:keys',
      '# site  user  key  label   (keep the keys secret)',
      '1 gateway-1 k3y-One_x  Bridge Pa Vineyard',
      '',
      '2 gateway-2 k3y-Two',
    ].join('\n');
    expect(parseKeysListing(listing)).toEqual([
      { siteId: 1, username: 'gateway-1', password: 'k3y-One_x' },
      { siteId: 2, username: 'gateway-2', password: 'k3y-Two' },
    ]);
    expect(() => parseKeysListing('1 server abc')).toThrow(/line 1/);
  });

  it('keeps the last key of a site named twice', () => {
    expect(
      mergeSites([{ siteId: 1, password: 'a' }, { siteId: 2 }, { siteId: 1, password: 'b' }]),
    ).toEqual([{ siteId: 1, password: 'b' }, { siteId: 2 }]);
  });
});
